import FHIRTestSupport
import Foundation
import Testing

/// Every checked example of `docs/cli.md` — a ```` ```sh ```` block followed by a
/// ```` ```text ```` block — run with bash from the repository root, with the built
/// `fhirkit` first on `PATH`; its standard output must be the text block.
@Suite struct DocsExamplesTests {
  /// One command and the output the guide shows for it.
  struct Example: CustomStringConvertible, Sendable {
    var line: Int
    var script: String
    var output: String
    var description: String { "docs/cli.md:\(line)" }
  }

  static var repositoryRoot: URL { URL(fileURLWithPath: Fixtures.root).deletingLastPathComponent() }

  /// The checked examples, in document order.
  static let examples: [Example] = {
    let url = repositoryRoot.appendingPathComponent("docs/cli.md")
    guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
    let lines = text.components(separatedBy: "\n")
    var examples: [Example] = []
    var index = 0
    func block(at start: Int) -> (content: String, end: Int) {
      var end = start + 1
      while end < lines.count, lines[end] != "```" { end += 1 }
      return (lines[(start + 1)..<min(end, lines.count)].joined(separator: "\n"), end)
    }
    while index < lines.count {
      guard lines[index] == "```sh" else {
        index += 1
        continue
      }
      let script = block(at: index)
      var next = script.end + 1
      while next < lines.count, lines[next].isEmpty { next += 1 }
      if next < lines.count, lines[next] == "```text" {
        let output = block(at: next)
        examples.append(Example(line: index + 1, script: script.content, output: output.content))
        index = output.end + 1
      } else {
        index = script.end + 1
      }
    }
    return examples
  }()

  @Test func theGuideHasCheckedExamples() {
    #expect(Self.examples.count >= 10)
  }

  /// README.md's `inspect` examples (from the repository root) end with exit code 0.
  @Test func theReadmeInspectExamplesSucceed() throws {
    let readme = try String(contentsOf: Self.repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
    let commands = readme.split(separator: "\n").filter { $0.contains(".build/release/fhirkit inspect") }
    #expect(commands.count >= 2)
    for command in commands {
      let script = "set -o pipefail; " + command.replacing(".build/release/fhirkit", with: "fhirkit")
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/bin/bash")
      process.arguments = ["-c", script]
      process.currentDirectoryURL = Self.repositoryRoot
      var environment = ProcessInfo.processInfo.environment
      environment["PATH"] =
        CommandRunner.executable.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
      process.environment = environment
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      process.standardInput = FileHandle.nullDevice
      try process.run()
      process.waitUntilExit()
      #expect(process.terminationStatus == 0, "\(command)")
    }
  }

  @Test(arguments: examples)
  func exampleOutputIsWhatTheGuideShows(_ example: Example) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = ["-c", example.script]
    process.currentDirectoryURL = Self.repositoryRoot
    var environment = ProcessInfo.processInfo.environment
    environment["PATH"] = CommandRunner.executable.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let printed = String(decoding: data, as: UTF8.self)
    #expect(
      printed.trimmingCharacters(in: .newlines) == example.output.trimmingCharacters(in: .newlines),
      "\(example): output differs:\n\(printed)")
  }
}

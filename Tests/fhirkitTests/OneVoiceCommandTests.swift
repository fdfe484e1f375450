import FHIRTestSupport
import Foundation
import Testing

/// One convention for every command: summaries on stderr, usage errors naming the unknown
/// option, help with examples and exit codes, `import --from care`, `export --report`.
@Suite struct OneVoiceCommandTests {
  @Test func anUnknownOptionIsNamedEvenWhenARequiredOneIsMissing() throws {
    let result = try CommandRunner.run(["convert", "--too", "r4", "Fixtures/bad/reference-to-nowhere.json"])
    #expect(result.exitCode == 2)
    #expect(result.stderr.hasPrefix("Error: Unknown option '--too'\n"), "\(result.stderr)")
    #expect(!result.stderr.contains("Missing expected argument"))
    #expect(!result.stderr.contains("Usage: see 'fhirkit --help'."))
    let missing = try CommandRunner.run(["convert", "Fixtures/bad/reference-to-nowhere.json"])
    #expect(missing.exitCode == 2 && missing.stderr.hasPrefix("Error: Missing expected argument '--to <to>'"))
    #expect(!missing.stderr.contains("Usage: see 'fhirkit --help'."))
    let negative = try CommandRunner.run([
      "convert", "--to", "r4", "--jobs", "-1", "Fixtures/bad/reference-to-nowhere.json",
    ])
    #expect(negative.exitCode == 2)
    // As every other usage error: the message, the command's usage, where its help is.
    #expect(negative.stderr.hasPrefix("Error: The value '-1' is invalid for '--jobs'\nUsage: fhirkit convert "))
    #expect(negative.stderr.hasSuffix("\n  See 'fhirkit convert --help' for more information.\n"))
    let short = try CommandRunner.run(["convert", "--to", "r4", "-j", "-1", "Fixtures/bad/reference-to-nowhere.json"])
    #expect(short.exitCode == 2)
    #expect(short.stderr.hasPrefix("Error: The value '-1' is invalid for '-j'\nUsage: fhirkit convert "))
    let zero = try CommandRunner.run(["convert", "--to", "r4", "--jobs", "0", "Fixtures/bad/reference-to-nowhere.json"])
    #expect(zero.exitCode == 2)
    #expect(
      zero.stderr.split(separator: "\n").dropFirst() == negative.stderr.split(separator: "\n").dropFirst(),
      "the same usage and help lines")
  }

  @Test func anEmptyPathIsAUsageError() throws {
    let folder = TemporaryFolders.make("fhirkit-voice")
    for (arguments, option) in [
      (["convert", "--to", "r4", "-o", "", "Fixtures/bad/reference-to-nowhere.json"], "-o"),
      (["convert", "--to", "r4", "--report", "", "Fixtures/bad/reference-to-nowhere.json"], "--report"),
      (["validate", "--report", "", "Fixtures/bad/reference-to-nowhere.json"], "--report"),
      (["import", "--store", "", "Fixtures/bad/reference-to-nowhere.json"], "--store"),
      (["export", "--store", folder + "/s.sqlite", "--to", "r4", "-o", ""], "-o"),
    ] {
      let result = try CommandRunner.run(arguments)
      #expect(result.exitCode == 2, "\(arguments): \(result.stderr)")
      #expect(
        result.stderr.hasPrefix("Error: \(option) needs a path, not an empty string\nUsage: fhirkit \(arguments[0]) "))
      #expect(result.stdout.isEmpty)
    }
  }

  @Test(arguments: ["inspect", "validate", "convert", "import", "export"])
  func everyHelpHasExamplesAndExitCodes(_ command: String) throws {
    let help = try CommandRunner.run([command, "--help"])
    #expect(help.exitCode == 0)
    let text = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(text.contains("Examples:"), "\(command)")
    #expect(text.contains("Exit codes: 0"), "\(command)")
    #expect(text.contains("130/143 interrupted"), "\(command)")
  }

  /// Help is wrapped at 80 columns: an example longer than that would be broken in the
  /// middle of its command, so each example line must stay indented.
  @Test(arguments: ["", "inspect", "validate", "convert", "import", "export"])
  func everyHelpExampleFitsItsLines(_ command: String) throws {
    let help = try CommandRunner.run(command.isEmpty ? ["--help"] : [command, "--help"])
    let lines = help.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    guard let start = lines.firstIndex(of: "Examples:") else {
      Issue.record("\(command): no examples")
      return
    }
    let examples = lines[(start + 1)...].prefix { !$0.isEmpty }
    #expect(!examples.isEmpty)
    for line in examples {
      #expect(line.hasPrefix("  fhirkit ") || line.hasPrefix("  cat ") || line.hasPrefix("    "), "\(command): \(line)")
    }
  }

  @Test func exportToCareImportsFromCareIntoTheSameEntities() throws {
    let folder = TemporaryFolders.make("fhirkit-voice")
    let first = try CommandRunner.run(["import", "--store", folder + "/a.sqlite", "--quiet", "Fixtures/r4/bundles"])
    #expect(first.exitCode == 0 && first.stderr.isEmpty, "\(first.stderr)")
    let care = try CommandRunner.run(["export", "--store", folder + "/a.sqlite", "--to", "care"]).stdout
    let imported = try CommandRunner.run(
      ["import", "--from", "care", "--store", folder + "/b.sqlite", "-"], stdin: Array(care.utf8))
    #expect(imported.exitCode == 0, "\(imported.stderr)")
    #expect(imported.stdout.isEmpty)
    #expect(imported.stderr.contains("care records read: \(care.split(separator: "\n").count)"))
    let again = try CommandRunner.run(["export", "--store", folder + "/b.sqlite", "--to", "care"]).stdout
    #expect(again.split(separator: "\n").sorted() == care.split(separator: "\n").sorted())
    let bad = try CommandRunner.run(
      ["import", "--from", "care", "--store", folder + "/c.sqlite", "-"],
      stdin: Array("{\"kind\":\"spaceship\"}\n".utf8))
    #expect(bad.exitCode == 1)
    #expect(bad.stderr.contains("fhirkit: skipped: <stdin>:1: not a care record"))
  }

  @Test func exportReportsApproximationsAndRefusesTheStoreAsOutput() throws {
    let folder = TemporaryFolders.make("fhirkit-voice")
    let store = folder + "/s.sqlite"
    #expect(
      try CommandRunner.run([
        "import", "--store", store, "--quiet", "Fixtures/dstu2/bundles/synthea__Gerhold_Donovan_66.json",
      ]).exitCode == 0)
    let report = folder + "/r.ndjson"
    let export = try CommandRunner.run(["export", "--store", store, "--to", "dstu2", "--report", report])
    #expect(export.exitCode == 0, "\(export.stderr)")
    let lines = try String(contentsOfFile: report, encoding: .utf8).split(separator: "\n")
    #expect(lines.allSatisfy { $0.contains(#""kind":"approximated""#) || $0.contains(#""kind":"conversionIssue""#) })
    if !lines.isEmpty { #expect(export.stderr.contains("element(s) approximated")) }
    let size = try FileManager.default.attributesOfItem(atPath: store)[.size] as? Int
    let refused = try CommandRunner.run(["export", "--store", store, "--to", "r4", "-o", store])
    #expect(refused.exitCode == 2)
    #expect(try FileManager.default.attributesOfItem(atPath: store)[.size] as? Int == size)
  }
}

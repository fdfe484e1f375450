import FHIRJSON
import FHIRTestSupport
import Foundation
import Testing

/// Acceptance: every HL7 example under `../shared/fixtures/{r4,dstu2}/{examples,examples-other}`
/// goes through the built `fhirkit` in its own release and comes back equal to the input
/// (key order aside; numbers, dates and strings compared as their exact text):
///
/// - `convert F --from <rel> --to <rel> --format json` gives the file back;
/// - NDJSON: a resource on two lines of standard input (so that it is read as NDJSON)
///   comes back as the same two lines; a Bundle on one line comes back as its entries'
///   resources, one per line, and the entries without a resource are reported by place;
///   a Bundle as a record of an `.ndjson` file (decoded and encoded by the Bundle model)
///   comes back whole.
///
/// The shared fixtures are not part of the package: without them the cases are skipped,
/// unless `CI=true`, where their absence is a failure.
@Suite struct ExampleRoundTripTests {
  /// Files expected to fail for a reason owned elsewhere, by path relative to the shared
  /// fixtures, with the reason. Empty the entry when its cause is fixed: a file listed here
  /// that passes fails the test, so the list cannot go stale.
  static let knownFailures: [String: String] = [:]

  /// The shared fixtures folder: `$FHIRKIT_SHARED_FIXTURES`, else `../shared/fixtures`
  /// beside the package.
  static let sharedRoot: String = {
    if let path = ProcessInfo.processInfo.environment["FHIRKIT_SHARED_FIXTURES"] { return path }
    return URL(fileURLWithPath: Fixtures.root).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("shared/fixtures").path
  }()

  static var sharedFixturesPresent: Bool {
    FileManager.default.fileExists(atPath: sharedRoot + "/r4/examples")
  }

  static var isCI: Bool { ProcessInfo.processInfo.environment["CI"] == "true" }

  /// Every example file, as `release/folder/…/file.json`.
  static let exampleFiles: [String] = {
    var files: [String] = []
    for release in ["r4", "dstu2"] {
      for folder in ["examples", "examples-other"] {
        let base = "\(release)/\(folder)"
        guard let enumerator = FileManager.default.enumerator(atPath: sharedRoot + "/" + base) else { continue }
        for case let relative as String in enumerator where relative.hasSuffix(".json") {
          files.append(base + "/" + relative)
        }
      }
    }
    return files.sorted()
  }()

  @Test(.enabled(if: !sharedFixturesPresent && isCI))
  func sharedFixturesArePresentOnCI() {
    Issue.record("CI=true but the shared fixtures are missing at \(Self.sharedRoot)")
  }

  @Test(.enabled(if: sharedFixturesPresent), arguments: exampleFiles)
  func roundTrip(_ file: String) throws {
    if let reason = Self.knownFailures[file] {
      withKnownIssue(Comment(rawValue: reason)) { try Self.check(file) }
    } else {
      try Self.check(file)
    }
  }

  static func check(_ file: String) throws {
    let release = String(file.prefix { $0 != "/" })
    let path = sharedRoot + "/" + file
    let source = try #require(FileManager.default.contents(atPath: path))
    let input = try [UInt8](source).withUnsafeBytes { try JSONValue(parsing: $0) }
    let isBundle = input["resourceType"]?.stringValue == "Bundle"

    // --format json: the file back.
    let json = try CommandRunner.run(["convert", path, "--from", release, "--to", release, "--format", "json"])
    #expect(json.exitCode == 0, "--format json: \(json.stderr)")
    let document = try JSONValue(parsing: json.stdout)
    #expect(input.firstDifference(from: document) == nil, "--format json: \(input.firstDifference(from: document) ?? "")")

    // NDJSON output; the input on one line (no JSON string holds a raw newline).
    let line = [UInt8](source).map { $0 == 0x0A || $0 == 0x0D ? 0x20 : $0 } + [0x0A]
    if isBundle {
      let entries = input["entry"]?.arrayValue ?? []
      let ndjson = try CommandRunner.run(["convert", "-", "--from", release, "--to", release], stdin: line)
      #expect(ndjson.exitCode == 0, "NDJSON: \(ndjson.stderr)")
      let expected = entries.compactMap { $0["resource"] }
      try expectLines(ndjson.stdout, equal: expected, "Bundle entries as NDJSON")
      for (index, entry) in entries.enumerated() where entry["resource"] == nil {
        #expect(ndjson.stderr.contains("entry[\(index)]: entry without resource"), "entry[\(index)] reported")
      }
      // The Bundle as one record of an NDJSON file: through the Bundle model.
      let ndjsonFile = TemporaryFolders.make("example") + "/bundle.ndjson"
      try Data(line).write(to: URL(fileURLWithPath: ndjsonFile))
      let record = try CommandRunner.run(["convert", ndjsonFile, "--from", release, "--to", release])
      #expect(record.exitCode == 0, "Bundle record: \(record.stderr)")
      try expectLines(record.stdout, equal: [input], "Bundle as an NDJSON record")
    } else {
      let ndjson = try CommandRunner.run(["convert", "-", "--from", release, "--to", release], stdin: line + line)
      #expect(ndjson.exitCode == 0, "NDJSON: \(ndjson.stderr)")
      try expectLines(ndjson.stdout, equal: [input, input], "NDJSON")
    }
  }

  static func expectLines(_ output: String, equal expected: [JSONValue], _ what: String) throws {
    let lines = try output.split(separator: "\n").map { try JSONValue(parsing: String($0)) }
    #expect(lines.count == expected.count, "\(what): \(expected.count) value(s) in, \(lines.count) out")
    for (index, (a, b)) in zip(expected, lines).enumerated() {
      let difference = a.firstDifference(from: b)
      #expect(difference == nil, "\(what) [\(index)]: \(difference ?? "")")
    }
  }
}

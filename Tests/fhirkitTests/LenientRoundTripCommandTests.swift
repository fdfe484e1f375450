import FHIRJSON
import FHIRTestSupport
import Foundation
import Testing

/// Nothing lost, on the built binary and the shared corpus (`../shared/fixtures`):
/// every Synthea bundle of both releases comes back from `convert --from X --to X` as it
/// came, invalid parts included; `--repair` makes it valid and reports every change by
/// path; and what DSTU2 → R4 writes is R4 (`validate` agrees, with `--release r4` and with
/// detection, and no DSTU2 `fhir_comments` are left in it).
@Suite struct LenientRoundTripCommandTests {
  static let syntheaBundles =
    SharedFixtures.files(under: "dstu2/bundles", named: "synthea__").map { ("dstu2", $0) }
    + SharedFixtures.files(under: "r4/bundles", named: "synthea__").map { ("r4", $0) }

  static let dstu2Fixtures = SharedFixtures.files(under: "dstu2")

  @Test(.enabled(if: SharedFixtures.isRequired, "the shared corpus is required on CI only"))
  func sharedCorpusIsPresent() {
    #expect(SharedFixtures.root != nil, "../shared/fixtures is missing")
    #expect(Self.syntheaBundles.count > 50)
    #expect(Self.dstu2Fixtures.count > 500)
  }

  @Test(arguments: syntheaBundles)
  func syntheaBundleRoundTripsInItsOwnRelease(release: String, path: String) throws {
    let result = try CommandRunner.run(["convert", path, "--from", release, "--to", release, "--format", "json"])
    let original = try Self.json(contentsOf: path)
    let written = try Self.json(result.stdout)
    #expect(
      written.isEquivalent(to: original),
      "\(SharedFixtures.name(path)): \(Self.differences(original, written).prefix(5))")
  }

  @Test(arguments: syntheaBundles)
  func repairLeavesNoIssueAndReportsEveryChange(release: String, path: String) throws {
    let report = FileManager.default.temporaryDirectory.appendingPathComponent("fhirkit-repair-\(UUID()).ndjson").path
    defer { try? FileManager.default.removeItem(atPath: report) }
    let result = try CommandRunner.run([
      "convert", path, "--from", release, "--to", release, "--format", "json", "--repair", "--report", report,
    ])
    #expect(result.exitCode == 0, "\(result.stderr)")
    // The repaired output has no issue left (information-level ones are not shown).
    let check = try CommandRunner.run(["validate", "--release", release, "-"], stdin: Array(result.stdout.utf8))
    #expect(check.exitCode == 0)
    #expect(!check.stdout.contains("error:") && !check.stdout.contains("warning:"), "\(check.stdout.prefix(600))")
    // Every difference from the input lies under (or over) a reported repair, and the
    // summary counts them all.
    let repairs = try String(contentsOfFile: report, encoding: .utf8).split(separator: "\n")
      .map { try Self.json(String($0)) }
      .filter { $0.objectValue?["action"]?.stringValue == "repaired" }
    let paths = repairs.compactMap { $0.objectValue?["path"]?.stringValue }
    #expect(paths.count == repairs.count)
    let differences = Self.differences(try Self.json(contentsOf: path), try Self.json(result.stdout))
    let unreported = differences.filter { difference in
      !paths.contains { difference.hasPrefix($0) || $0.hasPrefix(difference) }
    }
    #expect(unreported.isEmpty, "\(SharedFixtures.name(path)): changed without a report: \(unreported.prefix(5))")
    if repairs.isEmpty {
      #expect(differences.isEmpty)
      #expect(!result.stderr.contains("repaired"))
    } else {
      #expect(result.stderr.contains("\(repairs.count) repaired"), "\(result.stderr)")
    }
  }

  @Test(arguments: dstu2Fixtures)
  func dstu2ConvertedToR4IsR4(path: String) throws {
    let result = try CommandRunner.run(["convert", path, "--from", "dstu2", "--to", "r4"])
    // A resource of a type the converter does not map is not written (its JSON is DSTU2's).
    let unmapped = result.stderr.contains("not written: no conversion to R4 for their type")
    #expect(result.exitCode == (unmapped ? 1 : 0), "\(result.stderr)")
    #expect(!result.stdout.isEmpty || unmapped, "\(result.stderr)")
    #expect(!result.stdout.contains("\"fhir_comments\""), "DSTU2 comments in R4 output")
    // Our own R4 output is told R4.
    if !result.stdout.isEmpty {
      let inspect = try CommandRunner.run(["inspect", "-"], stdin: Array(result.stdout.utf8))
      #expect(!inspect.stdout.contains("DSTU2"), "\(inspect.stdout)")
    }
    for release in ["r4", "auto"] {
      let check = try CommandRunner.run(["validate", "--release", release, "-"], stdin: Array(result.stdout.utf8))
      #expect(check.exitCode == 0, "--release \(release): \(check.stdout.prefix(600))")
      #expect(!check.stdout.contains("error:"), "--release \(release): \(check.stdout.prefix(600))")
    }
  }

  /// `--format json` keeps the input Bundle itself: its own members and its entries' lose
  /// their DSTU2 comments too, so that the document is R4 (issue 19, problem 5).
  @Test(arguments: dstu2Fixtures.filter { (try? String(contentsOfFile: $0, encoding: .utf8))?.contains("\"Bundle\"") ?? false })
  func dstu2BundleConvertedToR4DocumentIsR4(path: String) throws {
    let result = try CommandRunner.run(["convert", path, "--from", "dstu2", "--to", "r4", "--format", "json"])
    let unmapped = result.stderr.contains("not written: no conversion to R4 for their type")
    #expect(result.exitCode == (unmapped ? 1 : 0), "\(result.stderr)")
    #expect(!result.stdout.contains("\"fhir_comments\""), "DSTU2 comments in the R4 document")
    let check = try CommandRunner.run(["validate", "--release", "r4", "-"], stdin: Array(result.stdout.utf8))
    #expect(check.exitCode == 0, "\(check.stdout.prefix(600))")
  }

  /// And the other way: `--format json` of an R4 Bundle to DSTU2 leaves out what the DSTU2
  /// Bundle has no place for (`signature`, `identifier`, `timestamp`), reported, so that its own
  /// elements are valid DSTU2.
  @Test(arguments: SharedFixtures.files(under: "r4").filter {
    (try? String(contentsOfFile: $0, encoding: .utf8))?.contains(#""resourceType": "Bundle""#) ?? false
  })
  func r4BundleConvertedToDSTU2DocumentIsDSTU2(path: String) throws {
    let result = try CommandRunner.run(["convert", path, "--from", "r4", "--to", "dstu2", "--format", "json"])
    let check = try CommandRunner.run(["validate", "--release", "dstu2", "-"], stdin: Array(result.stdout.utf8))
    #expect(!check.stderr.contains("with errors in their own elements"), "\(check.stdout.prefix(600))")
  }

  /// A DSTU2 resource of a type the release converter does not map is skipped from R4 output,
  /// counted by type and listed in --report; --pass-through writes it unchanged, reported.
  @Test func unmappedTypesAreSkippedUnlessPassedThrough() throws {
    let input = Array(#"{"resourceType":"Encounter","id":"e1","status":"finished","patient":{"reference":"Patient/p"}}"#.utf8)
      + [0x0A] + Array(#"{"resourceType":"Patient","id":"p"}"#.utf8) + [0x0A]
    let report = TemporaryFolders.make("unmapped") + "/r.ndjson"
    let skipped = try CommandRunner.run(["convert", "-", "--from", "dstu2", "--to", "r4", "--report", report], stdin: input)
    #expect(skipped.exitCode == 1)
    #expect(skipped.stdout.split(separator: "\n").count == 1)
    #expect(skipped.stderr.contains("1 resource(s) not written: no conversion to R4 for their type (Encounter 1)"), "\(skipped.stderr)")
    let lines = try String(contentsOfFile: report, encoding: .utf8).split(separator: "\n").map { try Self.json(String($0)) }
    #expect(lines.contains { $0["code"]?.stringValue == "noConversion" && $0["resourceType"]?.stringValue == "Encounter" })
    let passed = try CommandRunner.run(["convert", "-", "--from", "dstu2", "--to", "r4", "--pass-through"], stdin: input)
    #expect(passed.exitCode == 0)
    #expect(passed.stdout.split(separator: "\n").count == 2)
    #expect(passed.stderr.contains("1 passedThrough"), "\(passed.stderr)")
  }

  // MARK: Helpers

  static func json(_ text: String) throws -> JSONValue {
    try Array(text.utf8).withUnsafeBytes { try JSONValue(parsing: $0) }
  }

  static func json(contentsOf path: String) throws -> JSONValue {
    try json(String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self))
  }

  /// The paths where `b` differs from `a` (`entry[3].resource.reasonReference`), key order
  /// aside, numbers compared by their text.
  static func differences(_ a: JSONValue, _ b: JSONValue, path: String = "") -> [String] {
    func join(_ key: String) -> String { path.isEmpty ? key : path + "." + key }
    switch (a, b) {
    case (.object(let x), .object(let y)):
      var result: [String] = []
      for member in x.members {
        guard let other = y[member.key] else {
          result.append(join(member.key))
          continue
        }
        result += differences(member.value, other, path: join(member.key))
      }
      for member in y.members where x[member.key] == nil { result.append(join(member.key)) }
      return result
    case (.array(let x), .array(let y)):
      guard x.count == y.count else { return [path] }
      return zip(x, y).enumerated().flatMap { index, pair in differences(pair.0, pair.1, path: path + "[\(index)]") }
    default:
      return a.isEquivalent(to: b) ? [] : [path]
    }
  }
}

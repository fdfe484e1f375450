import FHIRJSON
import FHIRTestSupport
import Foundation
import Testing

/// What became no care entity is said, not dropped silently: `convert --to care` and `import`
/// print one line counting those resources by type, and `--report` lists each type.
@Suite struct NotConvertedCommandTests {
  /// The `notConverted` lines of a report: type → count.
  static func notConverted(inReport path: String) throws -> [String: Int] {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    var counts: [String: Int] = [:]
    for line in text.split(separator: "\n") {
      guard case .object(let object) = try JSONValue(parsing: Array(line.utf8)),
        object["kind"] == .string("notConverted"), case .string(let type)? = object["resourceType"],
        case .number(let count)? = object["count"], let value = Int(count.text)
      else { continue }
      #expect(counts[type] == nil, "\(type) listed twice")
      counts[type] = value
    }
    return counts
  }

  /// The types and counts of a Bundle's entries' resources.
  static func types(inBundle path: String) throws -> [String: Int] {
    let bundle = try JSONValue(parsing: Fixtures.bytes(String(path.dropFirst("Fixtures/".count))))
    guard case .object(let object) = bundle, case .array(let entries)? = object["entry"] else { return [:] }
    var counts: [String: Int] = [:]
    for case .object(let entry) in entries {
      if case .object(let resource)? = entry["resource"], case .string(let type)? = resource["resourceType"] {
        counts[type, default: 0] += 1
      }
    }
    return counts
  }

  @Test("convert --to care and import count what became no care entity, by type, on stderr and in --report")
  func countedByType() throws {
    let bundle = ConvertInputsTests.synthea
    let types = try Self.types(inBundle: bundle)
    let folder = TemporaryFolders.make("not-converted")
    for (name, arguments) in [
      ("convert", ["convert", "--to", "care", bundle]),
      ("import", ["import", bundle, "--store", folder + "/store.sqlite"]),
    ] {
      let report = folder + "/\(name).ndjson"
      let result = try CommandRunner.run(arguments + ["--report", report])
      #expect(result.exitCode == 0, "\(name): \(result.stderr)")
      let counts = try Self.notConverted(inReport: report)
      // Encounters, Claims and the like become no entity, every one of them.
      for type in ["Encounter", "Claim", "Organization"] {
        #expect(counts[type] != nil && counts[type] == types[type], "\(name): \(type)")
      }
      for type in ["Patient", "CarePlan"] { #expect(counts[type] == nil, "\(name): \(type)") }
      let total = counts.values.reduce(0, +)
      let line = try #require(
        result.stderr.split(separator: "\n").first { $0.contains("became no care entity of their own") },
        "\(name): \(result.stderr)")
      #expect(line.hasPrefix("fhirkit: \(total) resource(s) became no care entity of their own: "), "\(line)")
      let most = try #require(counts.max { ($0.value, $1.key) < ($1.value, $0.key) })
      #expect(line.contains(": \(most.value) \(most.key)"), "\(line)")
      #expect(line.hasSuffix("(see --report)"))

      let quiet = try CommandRunner.run(arguments + ["--quiet"])
      #expect(!quiet.stderr.contains("became no care entity"), "\(name) --quiet: \(quiet.stderr)")
    }
  }
}

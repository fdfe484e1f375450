import FHIRDSTU2
import FHIRCore
import FHIRJSON
import FHIRTestSupport
import Foundation
import Testing

/// A `resourceType` that is no FHIR resource type is an error where it stands, one of the
/// other release a warning; real types FHIRKit does not model pass through without an issue.
@Suite struct DSTU2ResourceTypeTests {
  func decode(_ json: String) throws -> DecodingResult<AnyResource> {
    try Array(json.utf8).withUnsafeBytes { try AnyResource.decode(from: JSONTokens(parsing: $0)) }
  }

  @Test func nonFHIRTypeIsReportedAtResourceType() throws {
    let result = try decode(#"{"id":"x","pilot":"Zyxwvut","resourceType":"Spaceship"}"#)
    #expect(result.value != nil)
    #expect(result.errors.map(\.code) == [.unexpectedResourceType])
    #expect(result.errors.first?.path.description == "resourceType")
    #expect(result.errors.first?.message.contains("Spaceship") == false)
  }

  @Test func typeOfTheOtherReleaseIsAWarning() throws {
    let result = try decode(#"{"resourceType":"MedicationRequest","id":"m"}"#)
    #expect(result.errors.isEmpty)
    #expect(result.issues.map(\.code) == [.unexpectedResourceType])
    #expect(result.issues.first?.severity == .warning)
  }

  @Test func unmodelledRealTypePassesThrough() throws {
    let result = try decode(#"{"resourceType":"Encounter","id":"e"}"#)
    #expect(result.issues.isEmpty)
    guard case .other = try #require(result.value) else { Issue.record("not passed through"); return }
  }

  @Test func everyTypeInTheFixturesIsKnown() throws {
    var seen = Set<String>()
    for path in Fixtures.files(extensions: ["json", "ndjson"], under: "dstu2") {
      let text = String(decoding: Fixtures.bytes(path), as: UTF8.self)
      var rest = Substring(text)
      while let range = rest.range(of: #""resourceType":"#) {
        rest = rest[range.upperBound...].drop { $0 == " " || $0 == "\"" }
        let name = String(rest.prefix { $0.isLetter })
        if !name.isEmpty { seen.insert(name) }
      }
    }
    #expect(seen.count > 10)
    #expect(seen.subtracting(AnyResource.resourceTypes).isEmpty)
  }
}

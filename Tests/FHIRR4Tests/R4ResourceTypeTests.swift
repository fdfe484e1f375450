import FHIRR4
import FHIRCore
import FHIRJSON
import FHIRTestSupport
import Foundation
import Testing

/// A `resourceType` that is no R4 resource type is reported where it stands; real
/// types FHIRKit does not model pass through without an issue.
@Suite struct R4ResourceTypeTests {
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

  @Test func unmodelledRealTypePassesThrough() throws {
    let result = try decode(#"{"resourceType":"Encounter","id":"e"}"#)
    #expect(result.issues.isEmpty)
    guard case .other = try #require(result.value) else { Issue.record("not passed through"); return }
  }

  @Test func everyTypeInTheFixturesIsKnown() throws {
    var seen = Set<String>()
    for path in Fixtures.files(extensions: ["json", "ndjson"], under: "r4") {
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

import Testing

@testable import CarePipeline

/// How reference strings are taken apart (on their UTF-8 bytes): forms, `_history` suffixes,
/// `Type/id` and service bases.
@Suite struct ReferenceResolverTests {
  @Test(arguments: [
    ("#med1", UnresolvedReference.Form.contained),
    ("urn:uuid:3f2a", .urn),
    ("urn:oid:1.2.3", .urn),
    ("http://example.org/fhir/Patient/1", .absolute),
    ("https://x.org/fhir/Patient/1/_history/2", .absolute),
    ("Patient/123", .relative),
    ("Patient/123/_history/4", .relative),
    ("Patient/a.b-C9", .relative),
    ("/Patient/123", .other),
    ("fhir/Patient/123", .other),
    ("patient/123", .other),
    ("Patient/", .other),
    ("Patient", .other),
    ("Pat1ent/123", .other),
    ("Patient/12 3", .other),
    ("Patient/é", .other),
    ("", .other),
  ])
  func form(reference: String, expected: UnresolvedReference.Form) {
    #expect(ReferenceResolver.form(reference) == expected)
  }

  @Test func typeAndID() {
    #expect(ReferenceResolver.typeAndID("Patient/123") == "Patient/123")
    #expect(ReferenceResolver.typeAndID("http://x.org/fhir/Observation/o-1.2") == "Observation/o-1.2")
    #expect(ReferenceResolver.typeAndID("Patient/" + String(repeating: "a", count: 64)) != nil)
    #expect(ReferenceResolver.typeAndID("Patient/" + String(repeating: "a", count: 65)) == nil)
    #expect(ReferenceResolver.typeAndID("Patient/1/") == nil)
    #expect(ReferenceResolver.typeAndID("/1") == nil)
    #expect(ReferenceResolver.typeAndID("Patient/1_2") == nil)
    #expect(ReferenceResolver.typeAndID("Pätient/1") == nil)
    #expect(ReferenceResolver.typeAndID("123") == nil)
  }

  @Test func history() {
    #expect(ReferenceResolver.withoutHistory("Patient/1/_history/2") == "Patient/1")
    #expect(ReferenceResolver.withoutHistory("http://x.org/Patient/1/_history/2") == "http://x.org/Patient/1")
    #expect(ReferenceResolver.withoutHistory("_history/2") == "_history/2")
    #expect(ReferenceResolver.withoutHistory("/_history/2") == "/_history/2")
    #expect(ReferenceResolver.withoutHistory("Patient/1/history/2") == "Patient/1/history/2")
    #expect(ReferenceResolver.withoutHistory("Patient/1") == "Patient/1")
  }

  @Test func base() {
    #expect(ReferenceResolver.base(of: "http://x.org/fhir/Patient/1") == "http://x.org/fhir/")
    #expect(ReferenceResolver.base(of: "urn:uuid:1234") == nil)
    #expect(ReferenceResolver.base(of: "Patient/1") == nil)
    #expect(ReferenceResolver.base(of: "http://x.org/fhir/patient/1") == nil)
  }
}

import CareModel
import FHIRCoders
import FHIRCore
import FHIRDSTU2
import FHIRJSON
import FHIRR4
import FHIRTestSupport
import Foundation
import Testing

/// Accounting from the input tokens (``ResourceSource``) gives exactly the report that
/// accounting by writing the decoded resource gives, for every fixture resource of the converted
/// types that decodes without issues, and for odd inputs (escaped keys, care extensions).
@Suite struct AccountingSourceTests {
  /// Each converted resource of a fixture file with its source: a whole resource, or each entry's
  /// `resource` of a Bundle (nil sources when the file decodes with issues).
  static func r4Resources(_ path: String) throws -> [(FHIRR4.AnyResource, ResourceSource?)] {
    let bytes = Fixtures.bytes(path)
    let tokens = try Chunked.tokens(bytes, chunkSize: bytes.count)
    let decoded = try FHIRR4.AnyResource.decode(from: tokens)
    let source = ResourceSource(tokens: tokens, issues: decoded.issues)
    guard let top = decoded.value else { return [] }
    guard case .bundle(let bundle) = top else { return [(top, source)] }
    return bundle.entry.enumerated().compactMap { index, entry in
      entry.resource.map { ($0, source?.element("entry", index)?.member("resource")) }
    }
  }

  static func dstu2Resources(_ path: String) throws -> [(FHIRDSTU2.AnyResource, ResourceSource?)] {
    let bytes = Fixtures.bytes(path)
    let tokens = try Chunked.tokens(bytes, chunkSize: bytes.count)
    let decoded = try FHIRDSTU2.AnyResource.decode(from: tokens)
    let source = ResourceSource(tokens: tokens, issues: decoded.issues)
    guard let top = decoded.value else { return [] }
    guard case .bundle(let bundle) = top else { return [(top, source)] }
    return bundle.entry.enumerated().compactMap { index, entry in
      entry.resource.map { ($0, source?.element("entry", index)?.member("resource")) }
    }
  }

  /// The reports of decoding with and without the source, compared; returns whether a source was used.
  static func compare<C: ResourceCoder>(_ coder: C, _ resource: C.Resource, _ source: ResourceSource?) -> Bool
  where C.Entity: Equatable {
    guard let source else { return false }
    let written = try? coder.decode(resource)
    let walked = try? coder.decode(resource, from: source)
    #expect(written == walked)
    return true
  }

  static func comparePlan(_ resource: FHIRR4.CarePlan, _ source: ResourceSource?) throws -> Bool {
    guard let source else { return false }
    let written = try R4CarePlanCoder().decodeWithTasks(resource)
    let walked = try R4CarePlanCoder().decodeWithTasks(resource, from: source)
    #expect(written.plan == walked.plan)
    #expect(written.tasks == walked.tasks)
    return true
  }

  @Test(arguments: FixtureCoverageTests.r4Files)
  func r4TokensAccountAsWritingDoes(path: String) throws {
    for (resource, source) in try Self.r4Resources(path) {
      switch resource {
      case .patient(let r): _ = Self.compare(R4PatientCoder(), r, source)
      case .medicationRequest(let r): _ = Self.compare(R4MedicationRequestCoder(), r, source)
      case .observation(let r): _ = Self.compare(R4ObservationCoder(), r, source)
      case .carePlan(let r): _ = try Self.comparePlan(r, source)
      default: continue
      }
    }
  }

  @Test(arguments: FixtureCoverageTests.dstu2Files)
  func dstu2TokensAccountAsWritingDoes(path: String) throws {
    for (resource, source) in try Self.dstu2Resources(path) {
      switch resource {
      case .patient(let r): _ = Self.compare(DSTU2PatientCoder(), r, source)
      case .medicationOrder(let r): _ = Self.compare(DSTU2MedicationOrderCoder(), r, source)
      case .observation(let r): _ = Self.compare(DSTU2ObservationCoder(), r, source)
      case .carePlan(let r):
        guard let source else { continue }
        let written = try DSTU2CarePlanCoder().decodeWithTasks(r)
        let walked = try DSTU2CarePlanCoder().decodeWithTasks(r, from: source)
        #expect(written.plan == walked.plan)
        #expect(written.tasks == walked.tasks)
      default: continue
      }
    }
  }

  /// Most Synthea resources decode cleanly, so the fast path is the one taken in bulk.
  @Test func syntheaBundlesHaveSources() throws {
    let files = Fixtures.files(extensions: ["json"], under: "r4/bundles")
    var withSource = 0
    for path in files { withSource += try Self.r4Resources(path).filter { $0.1 != nil }.count }
    #expect(withSource > 0)
  }

  @Test func escapedKeysNullsAndCareExtensionsAccountAlike() throws {
    let json = #"""
      {"resourceType":"Patient","id":"p1","active":true,"odd\"key":{"a\\b":[1,null,"x"],"tab\tkey":false},
       "extension":[{"url":"http://fhirkit.dev/StructureDefinition/care-tags","valueString":"t"},
                    {"valueString":"v","url":"http://example.org/other"},
                    {"valueString":"w","url":"http://fhirkit.dev/StructureDefinition/care-remoteID"}],
       "name":[{"given":["A","B"],"family":"C"}]}
      """#
    let bytes = Array(json.utf8)
    let tokens = try Chunked.tokens(bytes, chunkSize: bytes.count)
    let decoded = try FHIRR4.Patient.decode(from: tokens)
    let patient = try #require(decoded.value)
    #expect(decoded.issues.map(\.code) == [.unknownElement])
    let source = try #require(ResourceSource(tokens: tokens, issues: decoded.issues))
    let written = try R4PatientCoder().decode(patient)
    let walked = try R4PatientCoder().decode(patient, from: source)
    #expect(written == walked)
    #expect(walked.report.dropped["Patient.odd\"key.a\\b"] == 2)
    #expect(walked.report.dropped["Patient.odd\"key.tab\tkey"] == 1)
    #expect(walked.report.dropped["Patient.extension.url"] == 1)
    #expect(walked.report.dropped["Patient.extension.valueString"] == 1)
    #expect(AccountingCheck.problems(patient, root: "Patient", report: walked.report).isEmpty)
  }

  /// Keys are told apart by their length and first 16 bytes, then by the rest: keys that share
  /// those and differ later are separate paths; a care extension whose `url` comes after an
  /// object is still skipped whole.
  @Test func longKeysAndLateCareURLsAccountAlike() throws {
    let json = #"""
      {"resourceType":"Patient","id":"p2",
       "k":{"abcdefgh":1,"abcdefghijklmnop":2,"abcdefghijklmnopq":3,"abcdefghijklmnopr":[4,5],
            "abcdefghijklmnopqrstuvwxyz0123456789":{"abcdefghijklmnopq":true}},
       "extension":[{"extension":[{"url":"a","valueString":"x"}],
                     "url":"http://fhirkit.dev/StructureDefinition/care-tags"},
                    {"url":"http://example.org/late","extension":[{"valueString":"z","url":"b"}]}]}
      """#
    let bytes = Array(json.utf8)
    let tokens = try Chunked.tokens(bytes, chunkSize: bytes.count)
    let decoded = try FHIRR4.Patient.decode(from: tokens)
    let patient = try #require(decoded.value)
    let source = try #require(ResourceSource(tokens: tokens, issues: decoded.issues))
    let written = try R4PatientCoder().decode(patient)
    let walked = try R4PatientCoder().decode(patient, from: source)
    #expect(written == walked)
    let dropped = walked.report.dropped
    #expect(dropped["Patient.k.abcdefgh"] == 1)
    #expect(dropped["Patient.k.abcdefghijklmnop"] == 1)
    #expect(dropped["Patient.k.abcdefghijklmnopq"] == 1)
    #expect(dropped["Patient.k.abcdefghijklmnopr"] == 2)
    #expect(dropped["Patient.k.abcdefghijklmnopqrstuvwxyz0123456789.abcdefghijklmnopq"] == 1)
    #expect(dropped["Patient.extension.url"] == 1)
    #expect(dropped["Patient.extension.extension.url"] == 1)
    #expect(dropped["Patient.extension.extension.valueString"] == 1)
    #expect(dropped["Patient.extension.valueString"] == nil)
    #expect(AccountingCheck.problems(patient, root: "Patient", report: walked.report).isEmpty)
  }

  @Test func inputWithIssuesHasNoSource() throws {
    let bytes = Array(#"{"resourceType":"Patient","id":"p1","active":"yes","active":true}"#.utf8)
    let tokens = try Chunked.tokens(bytes, chunkSize: bytes.count)
    let decoded = try FHIRR4.Patient.decode(from: tokens)
    #expect(!decoded.issues.isEmpty)
    #expect(ResourceSource(tokens: tokens, issues: decoded.issues) == nil)
  }
}

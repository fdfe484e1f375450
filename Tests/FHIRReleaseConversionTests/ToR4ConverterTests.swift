import FHIRCore
import FHIRDSTU2
import FHIRJSON
import FHIRR4
import FHIRReleaseConversion
import FHIRTestSupport
import Testing

/// The DSTU2 → R4 model-to-model converter beyond the mapping rules: what the model
/// approach keeps that the JSON rules lost, unknown members at every depth, and the
/// per-type entry points agreeing with the `AnyResource` one.
@Suite struct ToR4ConverterTests {
  /// The JSON of a DSTU2 resource converted to R4, and the report as `"action path"`.
  func convert(_ text: String) throws -> (JSONValue, Set<String>) {
    let resource = try MappingRuleTests.decode(FHIRDSTU2.AnyResource.self, text)
    let (r4, report) = ReleaseConverter.toR4(resource)
    return (try MappingRuleTests.json(r4), Set(report.entries.map { "\($0.action.rawValue) \($0.path)" }))
  }

  @Test func carriedPrimitiveKeepsItsIdAndExtensions() throws {
    let (json, report) = try convert(
      #"{"resourceType":"Medication","isBrand":true,"_isBrand":{"id":"b","extension":[{"url":"http://x","valueString":"y"}]}}"#)
    #expect(MappingRuleTests.value(at: "extension[0].valueBoolean", in: json) == .bool(true))
    #expect(MappingRuleTests.value(at: "extension[0]._valueBoolean.id", in: json) == .string("b"))
    #expect(MappingRuleTests.value(at: "extension[0]._valueBoolean.extension[0].url", in: json) == .string("http://x"))
    #expect(report == ["carriedAsExtension isBrand"])
  }

  @Test func unknownMembersOfPrimitiveTwinsAreReportedWhereTheDecoderFindsThem() throws {
    let source = #"{"resourceType":"Patient","_birthDate":{"id":"d","colour":"red"},"name":[{"given":["A","B"],"_given":[null,{"shade":1}]}]}"#
    let (json, report) = try convert(source)
    #expect(report == ["unknown _birthDate.colour", "unknown name[0]._given[1].shade"])
    // The R4 model finds exactly the members reported, at the same paths.
    var writer = JSONWriter()
    writer.value(json)
    let tokens = try writer.output.withUnsafeBytes { try JSONTokens(parsing: $0) }
    let issues = try FHIRR4.AnyResource.decode(from: tokens).issues.filter { $0.code == .unknownElement }
    #expect(Set(issues.map { "unknown \($0.path.description)" }) == report)
  }

  /// R4 JSON has no `fhir_comments`: they are left out wherever they stand, each reported.
  @Test func fhirCommentsAreLeftOutOfR4AndReported() throws {
    let source = #"""
      {"resourceType":"Patient","fhir_comments":["a note"],"active":true,"_gender":{"fhir_comments":["g"]},"gender":"male",
       "name":[{"fhir_comments":["n"],"family":["F"]}],
       "extension":[{"url":"http://x","valueCodeableConcept":{"fhir_comments":["v"],"text":"t"}},
                    {"url":"http://y","valueString":"s","_valueString":{"fhir_comments":["w"]}}],
       "contained":[{"resourceType":"Encounter","id":"e","fhir_comments":["c"],"class":"inpatient"}]}
      """#
    let (json, report) = try convert(source)
    var writer = JSONWriter()
    writer.value(json)
    #expect(!String(decoding: writer.output, as: UTF8.self).contains("fhir_comments"))
    let comments = report.filter { $0.hasSuffix("fhir_comments") }
    #expect(
      Set(comments) == [
        "dropped fhir_comments", "dropped _gender.fhir_comments", "dropped name[0].fhir_comments",
        "dropped extension[0].valueCodeableConcept.fhir_comments", "dropped extension[1]._valueString.fhir_comments",
        "dropped contained[0].fhir_comments",
      ], "\(comments)")
  }

  @Test func codeSystemsInUnknownMembersAndExtensionValuesAreRewritten() throws {
    let (json, report) = try convert(
      #"{"resourceType":"Patient","extension":[{"url":"http://x","valueCoding":{"system":"http://hl7.org/fhir/v2/0203","code":"MR"}}],"#
        + #""other":{"system":"http://hl7.org/fhir/v3/MaritalStatus","code":"M"}}"#)
    #expect(MappingRuleTests.value(at: "extension[0].valueCoding.system", in: json) == .string("http://terminology.hl7.org/CodeSystem/v2-0203"))
    #expect(MappingRuleTests.value(at: "other.system", in: json) == .string("http://terminology.hl7.org/CodeSystem/v3-MaritalStatus"))
    #expect(report == ["unknown other"])
  }

  @Test func referenceIdentifierCarriedInsideACarriedReferenceComesBack() throws {
    let source = #"{"resourceType":"Observation","status":"final","code":{"text":"c"},"#
      + #""basedOn":[{"identifier":{"system":"urn:x","value":"1"},"type":"ServiceRequest"}]}"#
    let r4 = try MappingRuleTests.decode(FHIRR4.AnyResource.self, source)
    let back = ReleaseConverter.toR4(ReleaseConverter.toDSTU2(r4).0).0
    #expect(try MappingRuleTests.json(back).isEquivalent(to: MappingRuleTests.json(r4)))
  }

  @Test func referencePartsCarriedInExtensionValuesComeBack() throws {
    let source = #"{"resourceType":"Patient","identifier":[{"value":"1","assigner":{"identifier":{"value":"o"}}}],"#
      + #""extension":[{"url":"http://example.org/ref","valueReference":{"type":"Organization","display":"o"}},"#
      + #"{"url":"http://example.org/outer","extension":[{"url":"inner","valueReference":{"identifier":{"value":"x"}}}]}]}"#
    let r4 = try MappingRuleTests.decode(FHIRR4.AnyResource.self, source)
    let back = ReleaseConverter.toR4(ReleaseConverter.toDSTU2(r4).0)
    #expect(try MappingRuleTests.json(back.0).isEquivalent(to: MappingRuleTests.json(r4)))
    #expect(back.1.isEmpty, "\(back.1)")
  }

  @Test func unknownMembersOfExtensionsAreReported() throws {
    let (json, report) = try convert(
      #"{"resourceType":"Patient","extension":[{"url":"http://example.org/e","valueString":"v","note":"n"}],"#
        + #""_gender":{"extension":[{"url":"http://example.org/g","valueString":"w","tag":1}]},"gender":"male"}"#)
    #expect(MappingRuleTests.value(at: "extension[0].note", in: json) == .string("n"))
    #expect(report == ["unknown extension[0].note", "unknown _gender.extension[0].tag"])
  }

  /// The per-type entry points give what the `AnyResource` entry point gives, report included.
  @Test(arguments: ["Patient", "Medication", "MedicationOrder", "Observation", "CarePlan", "Bundle"])
  func perTypeEntryPointsAgree(type: String) throws {
    let files = Fixtures.files(extensions: ["json"], under: "dstu2/examples/\(type)")
    #expect(!files.isEmpty)
    for file in files {
      let bytes = Fixtures.bytes(file)
      let tokens = try Chunked.tokens(bytes, chunkSize: bytes.count)
      let resource = try #require(try FHIRDSTU2.AnyResource.decode(from: tokens).value)
      let (whole, wholeReport) = ReleaseConverter.toR4(resource)
      let single: (any FHIREncodable, ReleaseConversionReport)
      switch resource {
      case .patient(let value): single = ReleaseConverter.toR4(value)
      case .medication(let value): single = ReleaseConverter.toR4(value)
      case .medicationOrder(let value): single = ReleaseConverter.toR4(value)
      case .observation(let value): single = ReleaseConverter.toR4(value)
      case .carePlan(let value): single = ReleaseConverter.toR4(value)
      case .bundle(let value): single = ReleaseConverter.toR4(value)
      case .other: continue
      }
      #expect(single.0.jsonBytes() == whole.jsonBytes(), "\(file)")
      #expect(single.1 == wholeReport, "\(file)")
    }
  }
}

import FHIRCore
import FHIRDSTU2
import FHIRJSON
import FHIRTestSupport
import Testing

/// Small hand-written DSTU2 inputs: what is kept, what is reported, and where.
@Suite struct DSTU2DecodingIssueTests {
  func decode<T: FHIRDecodable>(_ type: T.Type, _ json: String) throws -> (DecodingResult<T>, JSONTokens) {
    let bytes = Array(json.utf8)
    let tokens = try Chunked.tokens(bytes, chunkSize: 7)
    return (try T.decode(from: tokens), tokens)
  }

  func reencoded<T: FHIREncodable>(_ value: T) throws -> JSONValue {
    try value.jsonBytes().withUnsafeBytes { try JSONValue(parsing: $0) }
  }

  @Test func fhirCommentsAreKeptAndNotReported() throws {
    let json = """
      {"resourceType": "Patient", "fhir_comments": ["top"], "id": "p1",
       "_gender": {"fhir_comments": ["on a primitive"]}, "gender": "female",
       "name": [{"fhir_comments": ["in a name"], "family": ["Chalmers"], "_given": [null, {"fhir_comments": ["second"]}],
                 "given": ["Peter", "James"]}]}
      """
    let (result, tokens) = try decode(Patient.self, json)
    let patient = try #require(result.value)
    #expect(result.issues.isEmpty, "\(result.issues)")
    #expect(patient.unknown["fhir_comments"] != nil)
    #expect(patient.gender?.unknown["fhir_comments"] != nil)
    #expect(patient.name.first?.unknown["fhir_comments"] != nil)
    #expect(patient.name.first?.given.count == 2)
    #expect(try reencoded(patient).isEquivalent(to: JSONValue(tokens: tokens)))
  }

  @Test func unknownElementInANestedDatatypeIsKeptAndReported() throws {
    let json = """
      {"resourceType": "Observation", "status": "final", "code": {"text": "weight"},
       "valueQuantity": {"value": 70.50, "unit": "kg", "flavour": {"x": [1, 2]}}}
      """
    let (result, tokens) = try decode(Observation.self, json)
    let observation = try #require(result.value)
    #expect(result.errors.isEmpty)
    let issue = try #require(result.issues.first)
    #expect(result.issues.count == 1)
    #expect(issue.severity == .information)
    #expect(issue.code == .unknownElement)
    #expect(issue.path.description.contains("valueQuantity"))
    #expect(issue.path.description.contains("flavour"))
    #expect(issue.resourceType == "Observation")
    guard case .quantity(let quantity)? = observation.value else {
      Issue.record("valueQuantity not decoded as a Quantity")
      return
    }
    #expect(quantity.unknown["flavour"] != nil)
    #expect(quantity.value?.value?.text == "70.50")
    #expect(try reencoded(observation).isEquivalent(to: JSONValue(tokens: tokens)))
  }

  @Test func missingRequiredElementsAreReported() throws {
    let json = """
      {"resourceType": "Observation", "id": "o1", "code": {"text": "weight"},
       "related": [{"type": "derived-from"}]}
      """
    let (result, _) = try decode(Observation.self, json)
    #expect(result.value != nil)
    let missing = result.errors.filter { $0.code == .required }
    #expect(missing.count == 2)
    #expect(missing.contains { $0.message.contains("'status'") && $0.path.description == JSONPath.root.description })
    #expect(missing.contains { $0.message.contains("'target'") && $0.path.description.contains("related") })
    #expect(missing.allSatisfy { $0.resourceType == "Observation" && $0.resourceID == "o1" })
  }

  @Test func missingChoiceIsReported() throws {
    let (result, _) = try decode(MedicationOrder.self, #"{"resourceType": "MedicationOrder", "status": "active"}"#)
    #expect(result.errors.map(\.message) == ["required element 'medication[x]' is missing"])
  }

  @Test(arguments: [
    (#"{"resourceType": "Patient", "gender": "boy"}"#, "gender"),
    (#"{"resourceType": "Patient", "link": [{"other": {"reference": "Patient/2"}, "type": "replaced-by"}]}"#, "type"),
    (#"{"resourceType": "Patient", "telecom": [{"system": "url", "value": "x"}]}"#, "system"),
  ])
  func codeOutsideARequiredValueSetIsReportedAndKept(json: String, element: String) throws {
    let (result, tokens) = try decode(Patient.self, json)
    let patient = try #require(result.value)
    #expect(result.errors.count == 1)
    let issue = try #require(result.errors.first)
    #expect(issue.code == .invalidCode)
    #expect(issue.path.description.hasSuffix(element))
    // The message names no value from the data.
    for value in ["boy", "replaced-by", "url"] { #expect(!issue.message.contains(value)) }
    #expect(try reencoded(patient).isEquivalent(to: JSONValue(tokens: tokens)))
  }

  @Test func timingBoundsDurationIsWrittenAsQuantity() throws {
    let json = """
      {"resourceType": "MedicationOrder", "medicationCodeableConcept": {"text": "x"},
       "dosageInstruction": [{"timing": {"repeat": {"boundsQuantity": {"value": 10, "code": "d"},
         "frequency": 2, "period": 1, "periodUnits": "d", "when": "ACM"}},
         "doseQuantity": {"value": 1}, "asNeededBoolean": false}]}
      """
    let (result, tokens) = try decode(MedicationOrder.self, json)
    let order = try #require(result.value)
    #expect(result.issues.isEmpty, "\(result.issues)")
    guard case .duration(let duration)? = order.dosageInstruction.first?.timing?.repeat?.bounds else {
      Issue.record("boundsQuantity not decoded as a Duration")
      return
    }
    #expect(duration.code?.string == "d")
    #expect(try reencoded(order).isEquivalent(to: JSONValue(tokens: tokens)))
  }

  @Test func anyResourceFindsTheTypeAnywhereAndPassesOthersThrough() throws {
    let json = """
      {"resourceType": "Bundle", "type": "collection", "entry": [
        {"resource": {"id": "m1", "code": {"text": "aspirin"}, "resourceType": "Medication"}},
        {"resource": {"resourceType": "Encounter", "id": "e1", "status": "finished"}}]}
      """
    let (result, tokens) = try decode(Bundle.self, json)
    let bundle = try #require(result.value)
    #expect(result.issues.isEmpty, "\(result.issues)")
    #expect(bundle.entry.count == 2)
    guard case .medication(let medication)? = bundle.entry[0].resource else {
      Issue.record("first entry is not a Medication")
      return
    }
    #expect(medication.id?.string == "m1")
    #expect(bundle.entry[1].resource?.resourceType == "Encounter")
    if case .other = bundle.entry[1].resource {} else { Issue.record("Encounter should pass through as JSON") }
    #expect(try reencoded(bundle).isEquivalent(to: JSONValue(tokens: tokens)))
  }

  @Test func wrongResourceTypeIsReported() throws {
    let (result, _) = try decode(CarePlan.self, #"{"resourceType": "Patient", "status": "active"}"#)
    #expect(result.errors.map(\.code) == [.unexpectedResourceType])
  }
}

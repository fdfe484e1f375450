import FHIRCore
import FHIRJSON
import FHIRR4
import FHIRTestSupport
import Testing

/// Small hand-written resources that each break, or stretch, one rule.
@Suite struct R4ModelIssueTests {
  @Test func twoTypesForOneChoiceIsAnError() throws {
    let result = try decode(
      Observation.self,
      #"""
      {"resourceType": "Observation", "status": "final", "code": {"text": "t"},
       "valueString": "a", "valueBoolean": true}
      """#)
    let issue = try #require(result.errors.first)
    #expect(result.errors.count == 1)
    #expect(issue.code == .duplicateChoice)
    #expect(issue.path.description.hasSuffix("valueBoolean"))
    #expect(issue.resourceType == "Observation")
    // The first type given is the one kept.
    #expect(result.value?.value == .string("a"))
  }

  @Test func twoTypesInANestedChoiceIsAnError() throws {
    let result = try decode(
      MedicationRequest.self,
      #"""
      {"resourceType": "MedicationRequest", "status": "active", "intent": "order",
       "medicationReference": {"reference": "Medication/m"}, "subject": {"reference": "Patient/p"},
       "dosageInstruction": [{"doseAndRate": [{"doseQuantity": {"value": 1}, "doseRange": {"low": {"value": 1}}}]}]}
      """#)
    #expect(result.errors.map(\.code) == [.duplicateChoice])
    #expect(result.errors.first?.path.description.contains("doseAndRate") == true)
  }

  @Test func missingRequiredElementsAreReported() throws {
    let result = try decode(
      MedicationRequest.self,
      #"""
      {"resourceType": "MedicationRequest", "id": "x", "status": "active", "intent": "order"}
      """#)
    #expect(result.errors.map(\.code) == [.required, .required])
    #expect(
      result.errors.map(\.message) == [
        "required element 'medication[x]' is missing", "required element 'subject' is missing",
      ])
    #expect(result.errors.allSatisfy { $0.resourceType == "MedicationRequest" && $0.resourceID == "x" })
  }

  @Test func missingRequiredElementInsideABundleEntryHasItsPath() throws {
    let result = try decode(
      Bundle.self,
      #"""
      {"resourceType": "Bundle", "type": "transaction", "entry": [
        {"request": {"method": "GET", "url": "Patient/1"}},
        {"resource": {"resourceType": "CarePlan", "status": "active", "intent": "plan"}, "request": {"url": "CarePlan"}}
      ]}
      """#)
    let paths = result.errors.map(\.path.description)
    #expect(result.errors.map(\.code) == [.required, .required])
    #expect(paths.count == 2)
    #expect(paths.allSatisfy { $0.contains("entry[1]") })
    #expect(result.errors.first?.resourceType == "CarePlan")
    #expect(result.errors.last?.resourceType == "Bundle")
  }

  @Test func strictModeThrowsAtTheFirstMissingElement() throws {
    let bytes = Array(#"{"resourceType": "Observation", "status": "final"}"#.utf8)
    let tokens = try Chunked.tokens(bytes, chunkSize: bytes.count)
    #expect(throws: FHIRDecodingError.self) { try Observation.decode(from: tokens, options: .strict) }
  }

  @Test func codesOutsideRequiredValueSetsAreReported() throws {
    let result = try decode(
      CarePlan.self,
      #"""
      {"resourceType": "CarePlan", "status": "busy", "intent": "plan", "subject": {"reference": "Patient/p"},
       "activity": [{"detail": {"status": "done", "scheduledTiming": {"repeat": {"dayOfWeek": ["mon", "someday"]}}}}]}
      """#)
    #expect(result.errors.map(\.code) == [.invalidCode, .invalidCode, .invalidCode])
    #expect(result.errors.last?.path.description.hasSuffix("dayOfWeek[1]") == true)
    // The codes are kept.
    #expect(result.value?.status?.string == "busy")
  }

  /// One resource per required binding, each with one code outside its value set, and
  /// the path the issue must name.
  static let badCodes: [(String, String)] = [
    (#"{"resourceType": "Medication", "status": "gone"}"#, "status"),
    (
      #"{"resourceType": "MedicationRequest", "status": "active", "intent": "wish", "medicationCodeableConcept": {"text": "m"}, "subject": {"reference": "Patient/p"}}"#,
      "intent"
    ),
    (
      #"{"resourceType": "MedicationRequest", "status": "active", "intent": "order", "priority": "soon", "medicationCodeableConcept": {"text": "m"}, "subject": {"reference": "Patient/p"}}"#,
      "priority"
    ),
    (#"{"resourceType": "Observation", "status": "done", "code": {"text": "c"}}"#, "status"),
    (
      #"{"resourceType": "Observation", "status": "final", "code": {"text": "c"}, "valueQuantity": {"value": 1, "comparator": "~"}}"#,
      "valueQuantity.comparator"
    ),
    (
      #"{"resourceType": "CarePlan", "status": "active", "intent": "hope", "subject": {"reference": "Patient/p"}}"#,
      "intent"
    ),
    (
      #"{"resourceType": "CarePlan", "status": "active", "intent": "plan", "subject": {"reference": "Patient/p"}, "activity": [{"detail": {"kind": "Visit", "status": "scheduled"}}]}"#,
      "activity[0].detail.kind"
    ),
    (#"{"resourceType": "Bundle", "type": "pile"}"#, "type"),
    (
      #"{"resourceType": "Bundle", "type": "batch", "entry": [{"request": {"method": "FETCH", "url": "Patient"}}]}"#,
      "entry[0].request.method"
    ),
    (
      #"{"resourceType": "Bundle", "type": "searchset", "entry": [{"search": {"mode": "hit"}}]}"#,
      "entry[0].search.mode"
    ),
  ]

  @Test(arguments: badCodes)
  func codeOutsideItsRequiredValueSet(json: String, path: String) throws {
    let bytes = Array(json.utf8)
    let result = try AnyResource.decode(from: try Chunked.tokens(bytes, chunkSize: bytes.count))
    #expect(result.errors.map(\.code) == [.invalidCode])
    #expect(result.errors.first?.path.description.hasSuffix(path) == true, "\(result.errors)")
    #expect(result.value?.resourceType != nil)
    if case .other? = result.value { Issue.record("decoded as an unmodelled resource") }
  }

  @Test func unknownElementInANestedDatatypeIsKeptAndWrittenBack() throws {
    let json = #"""
      {"resourceType": "Observation", "status": "final", "code": {"text": "weight"},
       "valueQuantity": {"value": 72.50, "unit": "kg", "precisionNote": {"digits": [1, 2]}},
       "component": [{"code": {"text": "c"}, "valueRatio": {"numerator": {"value": 1, "futureFlag": true}}}]}
      """#
    let result = try decode(Observation.self, json)
    #expect(result.errors.isEmpty)
    #expect(result.issues.map(\.code) == [.unknownElement, .unknownElement])
    guard case .quantity(let quantity)? = result.value?.value else {
      Issue.record("valueQuantity not decoded as a Quantity")
      return
    }
    #expect(quantity.unknown["precisionNote"] != nil)
    #expect(quantity.value?.value?.description == "72.50")
    try expectRoundTrip(result, json)
  }

  @Test func nullPaddingOfRepeatedPrimitivesSurvives() throws {
    let json = #"""
      {"resourceType": "MedicationRequest", "status": "active", "intent": "order",
       "medicationCodeableConcept": {"text": "m"}, "subject": {"reference": "Patient/p"},
       "instantiatesUri": ["http://a.example", null, "http://c.example"],
       "_instantiatesUri": [null, {"extension": [{"url": "http://x.example/absent", "valueCode": "unknown"}]}, {"id": "c"}],
       "dosageInstruction": [{"timing": {"repeat": {
         "when": ["MORN", "HS"], "_when": [{"id": "w1"}, null],
         "timeOfDay": [null, "08:00:00"], "_timeOfDay": [{"extension": [{"url": "http://x.example/t", "valueString": "s"}]}, null]
       }}}]}
      """#
    let result = try decode(MedicationRequest.self, json)
    #expect(result.errors.isEmpty, "\(result.errors)")
    let request = try #require(result.value)
    #expect(request.instantiatesUri.count == 3)
    #expect(request.instantiatesUri[1].value == nil)
    #expect(request.instantiatesUri[1].extension.count == 1)
    #expect(request.instantiatesUri[2].id == "c")
    let timing = try #require(request.dosageInstruction.first?.timing?.repeat)
    #expect(timing.when.map(\.id) == ["w1", nil])
    #expect(timing.timeOfDay.first?.value == nil)
    try expectRoundTrip(result, json)
  }

  @Test func bundleEntriesDecodeThroughTheirModels() throws {
    let path = try #require(R4RoundTripTests.syntheaBundles.first)
    let bytes = Fixtures.bytes(path)
    let tokens = try Chunked.tokens(bytes, chunkSize: bytes.count)
    let bundle = try #require(try Bundle.decode(from: tokens).value)
    var counts: [String: Int] = [:]
    for entry in bundle.entry {
      switch entry.resource {
      case .patient?: counts["Patient", default: 0] += 1
      case .observation?: counts["Observation", default: 0] += 1
      case .medicationRequest?: counts["MedicationRequest", default: 0] += 1
      case .carePlan?: counts["CarePlan", default: 0] += 1
      case .other?: counts["other", default: 0] += 1
      default: break
      }
    }
    #expect(counts["Patient"] == 1)
    #expect((counts["Observation"] ?? 0) > 0)
    #expect((counts["other"] ?? 0) > 0)
    #expect(bundle.type?.string == "transaction")
  }

  // MARK: Helpers

  func decode<T: FHIRDecodable>(_ type: T.Type, _ json: String) throws -> DecodingResult<T> {
    let bytes = Array(json.utf8)
    return try T.decode(from: try Chunked.tokens(bytes, chunkSize: bytes.count))
  }

  func expectRoundTrip<T: FHIREncodable>(_ result: DecodingResult<T>, _ json: String) throws {
    let value = try #require(result.value)
    let original = try Array(json.utf8).withUnsafeBytes { try JSONValue(parsing: $0) }
    let encoded = try value.jsonBytes().withUnsafeBytes { try JSONValue(parsing: $0) }
    let same = encoded.isEquivalent(to: original)
    #expect(same, "round trip differs: \(original.firstDifference(from: encoded) ?? "?")")
  }
}

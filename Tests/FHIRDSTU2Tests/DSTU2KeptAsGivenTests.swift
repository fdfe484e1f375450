import FHIRCore
import FHIRDSTU2
import FHIRJSON
import FHIRTestSupport
import Testing

/// What the DSTU2 models cannot fit is kept as it came and written back unchanged, with
/// its issue; `DecodingOptions.repair` makes it fit and lists every change by path.
@Suite struct DSTU2KeptAsGivenTests {
  func decode<T: FHIRDecodable>(_ type: T.Type, _ json: String, options: DecodingOptions = .lenient) throws
    -> (DecodingResult<T>, JSONValue)
  {
    let tokens = try Chunked.tokens(Array(json.utf8), chunkSize: 5)
    return (try T.decode(from: tokens, options: options), JSONValue(tokens: tokens))
  }

  func encoded<T: FHIREncodable>(_ value: T) throws -> JSONValue {
    try value.jsonBytes().withUnsafeBytes { try JSONValue(parsing: $0) }
  }

  /// A MedicationOrder as Synthea's DSTU2 export writes it: `reasonReference` and
  /// `additionalInstructions` (both 0..1) as arrays.
  static let synthea = """
    {"resourceType": "MedicationOrder", "status": "active", "medicationCodeableConcept": {"text": "aspirin"},
     "reasonReference": [{"reference": "urn:uuid:c1"}, {"reference": "urn:uuid:c2"}],
     "dosageInstruction": [{"text": "daily",
       "additionalInstructions": [{"text": "with food"}, {"text": "at night"}, {"text": "with water"}]}]}
    """

  @Test func wrongCardinalityArrayIsKeptAsGiven() throws {
    let (result, original) = try decode(MedicationOrder.self, Self.synthea)
    let order = try #require(result.value)
    let issues = result.issues.filter { $0.code == .wrongCardinality }
    #expect(issues.map(\.path.description) == ["reasonReference", "dosageInstruction[0].additionalInstructions"])
    #expect(issues.allSatisfy { $0.severity == .error })
    // The models' properties stay empty (nothing half-read to mislead a reader) …
    #expect(order.reason == nil)
    #expect(order.dosageInstruction.first?.additionalInstructions == nil)
    #expect(order.dosageInstruction.first?.text?.string == "daily")
    // … and the arrays come back whole.
    #expect(order.unknown["reasonReference"]?.arrayValue?.count == 2)
    #expect(try encoded(order).isEquivalent(to: original))
    #expect(result.repairs.isEmpty)
  }

  @Test func wrongTypeIsKeptAsGiven() throws {
    let json = """
      {"resourceType": "MedicationOrder", "medicationCodeableConcept": {"text": "x"}, "patient": "Patient/1",
       "identifier": {"value": "single"}, "dosageInstruction": [{"text": "a"}, 7], "note": ["n1"],
       "_status": ["bad"], "id": 12}
      """
    let (result, original) = try decode(MedicationOrder.self, json)
    let order = try #require(result.value)
    #expect(order.patient == nil && order.identifier.isEmpty && order.dosageInstruction.isEmpty)
    let places = Set(result.errors.map { "\($0.code.rawValue) \($0.path)" })
    #expect(
      places == [
        "wrongType patient", "wrongCardinality identifier", "wrongType dosageInstruction[1]", "wrongCardinality note",
        "wrongCardinality _status", "wrongType id",
      ], "\(places)")
    #expect(try encoded(order).isEquivalent(to: original))
  }

  @Test func emptyObjectsAndArraysAreKeptAsGiven() throws {
    let json = """
      {"resourceType": "MedicationOrder", "medicationCodeableConcept": {"text": "x"}, "dispenseRequest": {},
       "identifier": [], "dosageInstruction": [{}], "_dateWritten": {}, "contained": []}
      """
    let (result, original) = try decode(MedicationOrder.self, json)
    let order = try #require(result.value)
    #expect(order.dispenseRequest == nil)
    #expect(result.errors.isEmpty)
    let empties = Set(result.issues.filter { $0.code == .empty }.map(\.path.description))
    #expect(empties == ["dispenseRequest", "identifier", "dosageInstruction[0]", "_dateWritten", "contained"], "\(empties)")
    #expect(try encoded(order).isEquivalent(to: original))
  }

  @Test func secondChoiceTypeIsKeptAsGiven() throws {
    let json = """
      {"resourceType": "MedicationOrder", "medicationCodeableConcept": {"text": "x"},
       "medicationReference": {"reference": "Medication/1"}}
      """
    let (result, original) = try decode(MedicationOrder.self, json)
    #expect(result.errors.map(\.code) == [.duplicateChoice])
    #expect(try encoded(try #require(result.value)).isEquivalent(to: original))
  }

  @Test func repairListsEveryDropAndChange() throws {
    let (result, _) = try decode(MedicationOrder.self, Self.synthea, options: .repairing)
    let order = try #require(result.value)
    #expect(result.errors.isEmpty, "\(result.errors)")
    guard case .reference(let reason)? = order.reason else {
      Issue.record("reasonReference not repaired")
      return
    }
    #expect(reason.reference?.string == "urn:uuid:c1")
    #expect(order.dosageInstruction.first?.additionalInstructions?.text?.string == "with food")
    let listed = result.repairs.map { "\($0.action.rawValue) \($0.path)" }
    #expect(
      listed == [
        "unwrapped reasonReference", "dropped reasonReference[1]",
        "unwrapped dosageInstruction[0].additionalInstructions", "dropped dosageInstruction[0].additionalInstructions[1]",
        "dropped dosageInstruction[0].additionalInstructions[2]",
      ], "\(listed)")
    // The repaired order is written with single values.
    let written = try encoded(order)
    #expect(written.objectValue?["reasonReference"]?.objectValue != nil)
  }

  @Test func repairDropsEmptiesAndInvalidValuesAndDefaultsProhibited() throws {
    let json = """
      {"resourceType": "CarePlan", "status": "active", "goal": [{"reference": ""}, {"reference": "Goal/1"}],
       "activity": [{"detail": {"status": "in-progress"}}], "addresses": [], "period": {},
       "subject": "Patient/1"}
      """
    let (result, _) = try decode(CarePlan.self, json, options: .repairing)
    let plan = try #require(result.value)
    #expect(result.issues.filter { $0.severity != .information }.isEmpty, "\(result.issues)")
    #expect(plan.goal.count == 1)
    #expect(plan.activity.first?.detail?.prohibited?.value == FHIRBoolean(false))
    let listed = Set(result.repairs.map { "\($0.action.rawValue) \($0.path)" })
    #expect(
      listed == [
        "dropped goal[0].reference", "dropped goal[0]", "defaulted activity[0].detail", "dropped addresses",
        "dropped period", "dropped subject",
      ], "\(listed)")
  }

  @Test func strictModeThrowsBeforeRepairing() throws {
    let options = DecodingOptions(mode: .strict, repair: true)
    #expect(throws: FHIRDecodingError.self) { try decode(MedicationOrder.self, Self.synthea, options: options) }
  }
}

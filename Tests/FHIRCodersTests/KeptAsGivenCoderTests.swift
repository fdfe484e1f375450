import CareModel
import FHIRCoders
import FHIRCore
import FHIRDSTU2
import FHIRJSON
import FHIRTestSupport
import Testing

/// A value the models keep as it came (lenient decoding) never reaches the coders as part of
/// a value: the model's property is empty, so the coder neither crashes nor reads half of
/// it; decoded with `repair`, the coder reads the repaired value.
@Suite struct KeptAsGivenCoderTests {
  /// Synthea's DSTU2 shape: `additionalInstructions` (0..1) as an array of three.
  static let order = """
    {"resourceType": "MedicationOrder", "id": "mo", "status": "active", "dateWritten": "2020-01-01",
     "medicationCodeableConcept": {"text": "Amoxicillin"},
     "reasonReference": [{"reference": "Condition/a"}, {"reference": "Condition/b"}],
     "dosageInstruction": [{"timing": {"repeat": {"frequency": 1, "period": 1, "periodUnits": "d"}},
       "additionalInstructions": [{"text": "with food"}, {"text": "at night"}, {"text": "with water"}]}]}
    """

  func decode(_ options: DecodingOptions) throws -> MedicationOrder {
    let tokens = try Chunked.tokens(Array(Self.order.utf8), chunkSize: 11)
    return try #require(try MedicationOrder.decode(from: tokens, options: options).value)
  }

  @Test func keptValuesAreNotReadAsValues() throws {
    let order = try decode(.lenient)
    #expect(order.dosageInstruction.first?.additionalInstructions == nil)
    #expect(order.unknown["reasonReference"] != nil)
    let converted = try DSTU2MedicationOrderCoder().decode(order)
    #expect(converted.value.title == "Amoxicillin")
    #expect(converted.value.instructions == nil)
    #expect(!converted.value.schedule.elements.isEmpty)
  }

  @Test func repairedValuesAreRead() throws {
    let converted = try DSTU2MedicationOrderCoder().decode(try decode(.repairing))
    #expect(converted.value.instructions == "with food")
  }
}

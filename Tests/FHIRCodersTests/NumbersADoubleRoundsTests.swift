import CareModel
import FHIRCoders
import FHIRCore
import FHIRDSTU2
import FHIRJSON
import FHIRR4
import FHIRTestSupport
import Foundation
import Testing

/// FHIR decimals a `Double` holds only rounded (`12345678901234567890`) or without the trailing
/// zeros of their precision (`1.10`, `7.0`): the care number is that `Double`, and the element is
/// reported unrepresentable — never changed silently (docs/mapping.md, "Numbers a Double rounds").
@Suite struct NumbersADoubleRoundsTests {
  static func decode<T: FHIRDecodable>(_ type: T.Type, _ json: String) throws -> T {
    let bytes = Array(json.utf8)
    return try #require(try T.decode(from: Chunked.tokens(bytes, chunkSize: bytes.count)).value)
  }

  static func observation(_ value: String) -> String {
    #"{"resourceType":"Observation","id":"o1","status":"final","code":{"text":"k"},"effectiveDateTime":"2020-01-02T03:04:05Z","# + value + "}"
  }

  /// Texts a `Double` gives back as written, and texts it does not.
  static let kept = ["7", "-3", "1.5", "0.1", "0.000001", "1E-7", "-0", "0", "123456789.125"]
  static let notKept = [
    "7.0", "1.10", "100.00", "0.0", "-0.0", "1e2", "2.5e+3", "12345678901234567", "12345678901234567890.123",
    "123456789.123456789", "0.12345678901234567890",
  ]

  @Test func keepsPrecision() throws {
    for text in Self.kept {
      let number = try #require(JSONNumber(text))
      let x = try #require(DecimalFit.of(number).double)
      #expect(DecimalFit.keepsPrecision(number, as: x), "\(text) → \(DecimalFit.text(of: x))")
    }
    for text in Self.notKept {
      let number = try #require(JSONNumber(text))
      let x = try #require(DecimalFit.of(number).double)
      #expect(!DecimalFit.keepsPrecision(number, as: x), "\(text) → \(DecimalFit.text(of: x))")
    }
    #expect(DecimalFit.text(of: 7) == "7")
    #expect(DecimalFit.text(of: 0.000001) == "1e-06")
    #expect(DecimalFit.text(of: 1e16) == "1e+16")
  }

  @Test(arguments: [("1.10", true), ("1.1", false), ("7.0", true), ("7", false), ("12345678901234567", true)])
  func observationValue(_ text: String, _ reported: Bool) throws {
    let value = #""valueQuantity":{"value":\#(text),"unit":"mg"}"#
    let r4 = try R4ObservationCoder().decode(Self.decode(FHIRR4.Observation.self, Self.observation(value)))
    let dstu2 = try DSTU2ObservationCoder().decode(Self.decode(FHIRDSTU2.Observation.self, Self.observation(value)))
    for converted in [r4, dstu2] {
      #expect(converted.value.values == [OutcomeValue(.double(Double(text)!), units: "mg", kind: "k")])
      #expect(converted.report.mapped["Observation.valueQuantity.value"] == 1)
      #expect(converted.report.mapped["Observation.valueQuantity.unit"] == 1)
      #expect(converted.report.unrepresentable["Observation.valueQuantity.value"] == (reported ? 1 : nil))
      #expect(converted.report.issues.isEmpty)
    }
  }

  @Test func componentsAndRanges() throws {
    let json = Self.observation(
      #""component":[{"code":{"text":"a"},"valueQuantity":{"value":120.0}},{"code":{"text":"b"},"valueQuantity":{"value":80}},"#
        + #"{"code":{"text":"c"},"valueRange":{"low":{"value":2.50},"high":{"value":4.5}}}]"#)
    let converted = try R4ObservationCoder().decode(Self.decode(FHIRR4.Observation.self, json))
    #expect(converted.value.values.map(\.value) == [.double(120), .double(80), .double(2.5), .double(4.5)])
    #expect(
      converted.report.unrepresentable == [
        "Observation.component.valueQuantity.value": 1, "Observation.component.valueRange.low": 1,
      ])
  }

  static func medicationRequest(dose: String, period: String = "1") -> String {
    #"{"resourceType":"MedicationRequest","id":"m1","status":"active","intent":"order","subject":{"reference":"Patient/p"},"#
      + #""medicationCodeableConcept":{"text":"x"},"authoredOn":"2020-01-01","dosageInstruction":[{"timing":{"repeat":"#
      + #"{"frequency":1,"period":\#(period),"periodUnit":"d"}},"doseAndRate":[{"doseQuantity":{"value":\#(dose),"unit":"tablet"}}]}]}"#
  }

  static func medicationOrder(dose: String) -> String {
    #"{"resourceType":"MedicationOrder","id":"m1","status":"active","patient":{"reference":"Patient/p"},"#
      + #""medicationCodeableConcept":{"text":"x"},"dateWritten":"2020-01-01","dosageInstruction":[{"timing":{"repeat":"#
      + #"{"frequency":1,"period":1,"periodUnits":"d"}},"doseQuantity":{"value":\#(dose),"unit":"tablet"}}]}"#
  }

  @Test(arguments: [("1.0", true), ("1", false), ("0.5", false), ("2.50", true)])
  func doses(_ text: String, _ reported: Bool) throws {
    let r4 = try R4MedicationRequestCoder().decode(
      Self.decode(FHIRR4.MedicationRequest.self, Self.medicationRequest(dose: text)))
    #expect(r4.value.schedule.elements.first?.targetValues.map(\.value) == [.double(Double(text)!)])
    let path = "MedicationRequest.dosageInstruction.doseAndRate.doseQuantity.value"
    #expect(r4.report.mapped[path] == 1)
    #expect(r4.report.unrepresentable[path] == (reported ? 1 : nil))

    let dstu2 = try DSTU2MedicationOrderCoder().decode(
      Self.decode(FHIRDSTU2.MedicationOrder.self, Self.medicationOrder(dose: text)))
    #expect(dstu2.value.schedule.elements.first?.targetValues.map(\.value) == [.double(Double(text)!)])
    #expect(dstu2.report.unrepresentable["MedicationOrder.dosageInstruction.doseQuantity.value"] == (reported ? 1 : nil))
  }

  @Test func carePlanActivityQuantity() throws {
    func plan(_ quantity: String) -> String {
      #"{"resourceType":"CarePlan","id":"c1","status":"active","intent":"plan","subject":{"reference":"Patient/p"},"#
        + #""period":{"start":"2020-01-01"},"activity":[{"detail":{"status":"scheduled","description":"walk","#
        + #""scheduledTiming":{"repeat":{"frequency":1,"period":1,"periodUnit":"d"}},"quantity":{"value":\#(quantity)}}}]}"#
    }
    let rounded = try R4CarePlanCoder().decodeWithTasks(Self.decode(FHIRR4.CarePlan.self, plan("2.0")))
    let task = try #require(rounded.tasks.first)
    #expect(task.value.schedule.elements.first?.targetValues.map(\.value) == [.double(2)])
    #expect(task.report.unrepresentable.keys.contains { $0.hasSuffix("detail.quantity.value") })
    let exact = try R4CarePlanCoder().decodeWithTasks(Self.decode(FHIRR4.CarePlan.self, plan("2")))
    #expect(!(try #require(exact.tasks.first)).report.unrepresentable.keys.contains { $0.hasSuffix("detail.quantity.value") })
  }

  @Test(arguments: [("1.0", true), ("1", false), ("0.5", false), ("0.50", true)])
  func timingPeriod(_ text: String, _ reported: Bool) throws {
    let converted = try R4MedicationRequestCoder().decode(
      Self.decode(FHIRR4.MedicationRequest.self, Self.medicationRequest(dose: "1", period: text)))
    let path = "MedicationRequest.dosageInstruction.timing.repeat.period"
    #expect(converted.report.unrepresentable[path] == (reported ? 1 : nil))
    #expect(converted.report.issues.isEmpty)
    #expect(converted.value.schedule.elements.count == 1)
  }
}

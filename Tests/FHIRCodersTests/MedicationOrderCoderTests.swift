import CareModel
import FHIRCoders
import FHIRCore
import FHIRDSTU2
import FHIRTestSupport
import Foundation
import Testing

/// DSTU2 MedicationOrder ⇄ Task: every example converts, entity → FHIR → entity is exact,
/// overrides change only their field.
@Suite struct MedicationOrderCoderTests {
  static let examples = Fixtures.files(extensions: ["json"], under: "dstu2/examples/MedicationOrder")

  static func sample() -> TaskEntity {
    let start = Date(timeIntervalSince1970: 1_704_067_200)
    let dose = OutcomeValue(.double(250), units: "mg", kind: "dose")
    var task = TaskEntity(
      id: "mo-1", title: "Amoxicillin", instructions: "Take with food", impactsAdherence: false,
      schedule: Schedule(elements: [
        ScheduleElement(start: start, interval: DateComponents(day: 1), targetValues: [dose]),
        ScheduleElement(start: start, interval: DateComponents(day: 1), targetValues: [dose]),
        ScheduleElement(start: start, interval: DateComponents(day: 1), targetValues: [dose]),
        ScheduleElement(
          start: start, end: start.addingTimeInterval(86_400 * 70), interval: DateComponents(weekOfYear: 1), text: "weekly",
          duration: .seconds(900), targetValues: [OutcomeValue(.integer(2), units: "puff", kind: "inhaled")]),
      ]),
      carePlanUUID: UUID(uuidString: "11111111-2222-3333-4444-555555555555"),
      uuid: UUID(uuidString: "11111111-2222-3333-4444-555555555558")!, effectiveDate: start,
      timezone: TimeZone(identifier: "America/New_York")!)
    task.tags = ["med"]
    return task
  }

  static func decodeFixture(_ path: String) throws -> MedicationOrder {
    let bytes = Fixtures.bytes(path)
    return try #require(try MedicationOrder.decode(from: Chunked.tokens(bytes, chunkSize: bytes.count)).value)
  }

  @Test(arguments: examples)
  func exampleConverts(path: String) throws {
    let resource = try Self.decodeFixture(path)
    let converted = try DSTU2MedicationOrderCoder().decode(resource)
    #expect(!converted.value.schedule.elements.isEmpty)
    #expect(converted.value.id == resource.id?.string ?? "medication-order")
    #expect(converted.report.dropped.keys.allSatisfy { $0.hasPrefix("MedicationOrder.") })
    if case .reference(let ref) = resource.medication, ref.display == nil, ref.reference?.string?.hasPrefix("#") == false {
      #expect(converted.value.title == nil)  // an external Medication the coder cannot see
      var resolving = DSTU2MedicationOrderCoder()
      resolving.resolveMedication = { target in
        var m = Medication()
        m.code = CodeableConcept(text: Primitive(FHIRString(uncheckedString: "resolved " + target)))
        return m
      }
      #expect(try resolving.decode(resource).value.title?.hasPrefix("resolved ") == true)
    } else {
      #expect(converted.value.title != nil)
    }
    if resource.dosageInstruction.allSatisfy({ $0.timing == nil }) {
      #expect(converted.report.defaulted["MedicationOrder.dosageInstruction.timing"] != nil)
    }
    let doses = resource.dosageInstruction.filter { if case .quantity = $0.dose { true } else { false } }.count
    #expect(converted.report.mapped["MedicationOrder.dosageInstruction.doseQuantity.value", default: 0] == doses)
    // DSTU2 names the timing units `periodUnits` / `durationUnits`; the report's paths (built
    // once per coder) must too.
    let paths = ConversionReport.Disposition.allCases.flatMap { converted.report[$0].keys }
    #expect(!paths.contains { $0.hasSuffix(".periodUnit") || $0.hasSuffix(".durationUnit") })
    let units = resource.dosageInstruction.filter { $0.timing?.repeat?.periodUnits != nil }.count
    #expect(converted.report.mapped["MedicationOrder.dosageInstruction.timing.repeat.periodUnits", default: 0] == units)
  }

  @Test func entityRoundTrips() throws {
    let coder = DSTU2MedicationOrderCoder()
    let task = Self.sample()
    let fhir = try coder.encode(task)
    #expect(fhir.value.dosageInstruction.count == 2)
    #expect(fhir.report.isLossless)
    #expect(try coder.decode(fhir.value).value == task)
  }

  @Test func containedMedicationGivesTheTitle() throws {
    var order = MedicationOrder()
    var medication = Medication()
    medication.id = "med"
    var code = CodeableConcept()
    code.text = "Insulin"
    medication.code = code
    order.contained = [.medication(medication)]
    var ref = Reference()
    ref.reference = "#med"
    order.medication = .reference(ref)
    let converted = try DSTU2MedicationOrderCoder().decode(order)
    #expect(converted.value.title == "Insulin")
    // The title keeps the contained Medication's code text; its id, type and the reference are not kept.
    #expect(converted.report.mapped["MedicationOrder.contained.code.text"] == 1)
    #expect(converted.report.dropped["MedicationOrder.contained.id"] == 1)
    #expect(converted.report.dropped["MedicationOrder.medicationReference.reference"] == 1)
    #expect(converted.report.defaulted["MedicationOrder.dosageInstruction.timing"] == 1)
  }

  @Test func overridingAClosureChangesOnlyItsField() throws {
    let fhir = try DSTU2MedicationOrderCoder().encode(Self.sample()).value
    var coder = DSTU2MedicationOrderCoder()
    coder.getCareTitle = { _, _ in "Other" }
    var expected = Self.sample()
    expected.title = "Other"
    #expect(try coder.decode(fhir).value == expected)

    var instructionsCoder = DSTU2MedicationOrderCoder()
    instructionsCoder.setFHIRInstructions = { _, r, _ in r.note = "See leaflet" }
    let written = try instructionsCoder.encode(Self.sample()).value
    var plain = fhir
    plain.dosageInstruction[0].text = nil
    plain.note = "See leaflet"
    #expect(written == plain)
  }
}

import CareModel
import FHIRCoders
import FHIRCore
import FHIRR4
import FHIRTestSupport
import Foundation
import Testing

/// R4 MedicationRequest ⇄ Task: every example converts (many with no timing at all),
/// entity → FHIR → entity is exact, overrides change only their field.
@Suite struct MedicationRequestCoderTests {
  static let examples = Fixtures.files(extensions: ["json"], under: "r4/examples/MedicationRequest")

  static func sample() -> TaskEntity {
    let start = Date(timeIntervalSince1970: 1_704_067_200)
    var task = TaskEntity(
      id: "mr-1", title: "Amoxicillin", instructions: "Take with food", impactsAdherence: false,
      schedule: Schedule(elements: [
        ScheduleElement(start: start, interval: DateComponents(day: 1), targetValues: [OutcomeValue(.double(250), units: "mg", kind: "dose")]),
        ScheduleElement(start: start, interval: DateComponents(day: 1), targetValues: [OutcomeValue(.double(250), units: "mg", kind: "dose")]),
        ScheduleElement(start: start, interval: DateComponents(day: 1), targetValues: [OutcomeValue(.double(250), units: "mg", kind: "dose")]),
        ScheduleElement(start: start, end: start.addingTimeInterval(86_400 * 70), interval: DateComponents(weekOfYear: 1), text: "weekly", duration: .seconds(900)),
      ]),
      carePlanUUID: UUID(uuidString: "11111111-2222-3333-4444-555555555555"),
      uuid: UUID(uuidString: "11111111-2222-3333-4444-555555555557")!, effectiveDate: start, timezone: TimeZone(identifier: "America/New_York")!)
    task.tags = ["med"]
    return task
  }

  @Test(arguments: examples)
  func exampleConverts(path: String) throws {
    let bytes = Fixtures.bytes(path)
    let resource = try #require(try MedicationRequest.decode(from: Chunked.tokens(bytes, chunkSize: bytes.count)).value)
    let converted = try R4MedicationRequestCoder().decode(resource)
    #expect(!converted.value.schedule.elements.isEmpty)
    #expect(converted.report.dropped.keys.allSatisfy { $0.hasPrefix("MedicationRequest.") })
    if resource.dosageInstruction.allSatisfy({ $0.timing == nil }) {
      #expect(converted.report.defaulted["MedicationRequest.dosageInstruction.timing"] != nil)
    }
  }

  @Test func entityRoundTrips() throws {
    let coder = R4MedicationRequestCoder()
    let task = Self.sample()
    let fhir = try coder.encode(task)
    #expect(fhir.value.dosageInstruction.count == 2)
    #expect(try coder.decode(fhir.value).value == task)
  }

  @Test func overridingTitleChangesOnlyTitle() throws {
    var coder = R4MedicationRequestCoder()
    coder.getCareTitle = { _, _ in "Other" }
    var expected = Self.sample()
    expected.title = "Other"
    let fhir = try R4MedicationRequestCoder().encode(Self.sample()).value
    #expect(try coder.decode(fhir).value == expected)
  }
}

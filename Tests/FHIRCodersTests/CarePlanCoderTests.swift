import CareModel
import FHIRCoders
import FHIRCore
import FHIRDSTU2
import FHIRR4
import FHIRTestSupport
import Foundation
import Testing

/// CarePlan ⇄ CarePlan and activity ⇄ Task for both releases: every example converts with its
/// activities, Tasks link to the plan, entity → FHIR → entity is exact, overrides change one field.
@Suite struct CarePlanCoderTests {
  static let r4Examples = Fixtures.files(extensions: ["json"], under: "r4/examples/CarePlan")
  static let dstu2Examples = Fixtures.files(extensions: ["json"], under: "dstu2/examples/CarePlan")

  static func decode<T: FHIRDecodable>(_ type: T.Type, _ path: String) throws -> T {
    let bytes = Fixtures.bytes(path)
    return try #require(try T.decode(from: Chunked.tokens(bytes, chunkSize: bytes.count)).value)
  }

  static let start = Date(timeIntervalSince1970: 1_704_067_200)

  static func plan() -> CarePlanEntity {
    var plan = CarePlanEntity(
      id: "cp-1", title: "Diabetes plan", patientUUID: UUID(uuidString: "11111111-2222-3333-4444-555555555501"),
      uuid: UUID(uuidString: "11111111-2222-3333-4444-555555555502")!, effectiveDate: start,
      timezone: TimeZone(identifier: "Europe/Paris")!)
    plan.notes = [Note(author: "a", title: "t", content: "c")]
    return plan
  }

  static func tasks() -> [TaskEntity] {
    let planUUID = plan().uuid
    return [
      TaskEntity(
        id: "walk", title: "Walk", instructions: "30 minutes", schedule: Schedule(elements: [
          ScheduleElement(start: start, end: start.addingTimeInterval(86_400 * 30), interval: DateComponents(day: 1), text: "daily",
            duration: .seconds(1800), targetValues: [OutcomeValue(.double(3), units: "km", kind: "distance")])
        ]), carePlanUUID: planUUID, uuid: UUID(uuidString: "11111111-2222-3333-4444-555555555503")!, effectiveDate: start,
        timezone: TimeZone(identifier: "Europe/Paris")!),
      TaskEntity(
        id: "note", title: nil, instructions: "Only instructions", impactsAdherence: false,
        schedule: Schedule(elements: [ScheduleElement(start: start, interval: DateComponents(weekOfYear: 2))]),
        carePlanUUID: planUUID, uuid: UUID(uuidString: "11111111-2222-3333-4444-555555555504")!, effectiveDate: start,
        timezone: TimeZone(identifier: "UTC")!),
    ]
  }

  @Test(arguments: r4Examples)
  func r4ExampleConverts(path: String) throws {
    let resource = try Self.decode(FHIRR4.CarePlan.self, path)
    let (plan, tasks) = try R4CarePlanCoder().decodeWithTasks(resource)
    #expect(plan.value.id == resource.id?.string ?? "careplan")
    #expect(!plan.value.title.isEmpty)
    #expect(tasks.count == resource.activity.count)
    #expect(plan.report.dropped.keys.allSatisfy { $0.hasPrefix("CarePlan.") && !$0.hasPrefix("CarePlan.activity") })
    for (task, activity) in zip(tasks, resource.activity) {
      #expect(task.value.carePlanUUID == plan.value.uuid)
      #expect(!task.value.schedule.elements.isEmpty)
      #expect(task.report.dropped.keys.allSatisfy { $0.hasPrefix("CarePlan.activity.") })
      if activity.detail?.code?.text != nil { #expect(task.value.title == activity.detail?.code?.text?.string) }
      if activity.detail?.scheduled == nil { #expect(task.report.defaulted["CarePlan.activity.detail.scheduled"] == 1) }
    }
  }

  @Test(arguments: dstu2Examples)
  func dstu2ExampleConverts(path: String) throws {
    let resource = try Self.decode(FHIRDSTU2.CarePlan.self, path)
    let (plan, tasks) = try DSTU2CarePlanCoder().decodeWithTasks(resource)
    #expect(plan.value.id == resource.id?.string ?? "careplan")
    #expect(tasks.count == resource.activity.count)
    #expect(plan.report.dropped.keys.allSatisfy { $0.hasPrefix("CarePlan.") && !$0.hasPrefix("CarePlan.activity") })
    for (task, activity) in zip(tasks, resource.activity) {
      #expect(task.value.carePlanUUID == plan.value.uuid)
      #expect(!task.value.schedule.elements.isEmpty)
      #expect(task.report.dropped.keys.allSatisfy { $0.hasPrefix("CarePlan.activity.") })
      if case .period = activity.detail?.scheduled { #expect(task.report.mapped["CarePlan.activity.detail.scheduledPeriod.start"] != nil) }
    }
  }

  @Test func r4PlanAndTasksRoundTrip() throws {
    let coder = R4CarePlanCoder()
    let fhir = try coder.encode(Self.plan(), tasks: Self.tasks())
    #expect(fhir.report.isLossless)
    #expect(fhir.value.title == "Diabetes plan")
    let (plan, tasks) = try coder.decodeWithTasks(fhir.value)
    #expect(plan.value == Self.plan())
    #expect(tasks.map(\.value) == Self.tasks())
  }

  @Test func dstu2PlanAndTasksRoundTrip() throws {
    let coder = DSTU2CarePlanCoder()
    let fhir = try coder.encode(Self.plan(), tasks: Self.tasks())
    #expect(fhir.report.isLossless)
    #expect(fhir.value.description == "Diabetes plan")
    let (plan, tasks) = try coder.decodeWithTasks(fhir.value)
    #expect(plan.value == Self.plan())
    #expect(tasks.map(\.value) == Self.tasks())
  }

  @Test func scheduledPeriodAndStringBecomeSchedules() throws {
    var detail = FHIRR4.CarePlan.Detail(status: "scheduled")
    detail.scheduled = .period(FHIRR4.Period(start: "2024-01-01T00:00:00Z", end: "2024-01-08T00:00:00Z"))
    let activity = PlanActivity(activity: FHIRR4.CarePlan.Activity(detail: detail), planID: "p", index: 0)
    let task = try R4CarePlanActivityCoder().decode(activity).value
    // FHIR's end includes the second it names.
    #expect(task.schedule.elements == [ScheduleElement(start: Self.start, end: Self.start.addingTimeInterval(7 * 86_400 + 1), interval: DateComponents(day: 1))])
    #expect(task.id == "p-activity-0")

    detail.scheduled = .string("every morning")
    let anchored = PlanActivity(activity: FHIRR4.CarePlan.Activity(detail: detail), planID: "p", index: 1, start: "2024-01-01T00:00:00Z")
    let converted = try R4CarePlanActivityCoder().decode(anchored)
    #expect(converted.value.schedule.elements == [ScheduleElement(start: Self.start, interval: DateComponents(day: 1), text: "every morning")])
    #expect(converted.report.mapped["CarePlan.activity.detail.scheduledString"] == 1)
    #expect(converted.report.defaulted["CarePlan.activity.detail.scheduled"] == 1)
  }

  @Test func overridingAClosureChangesOnlyItsField() throws {
    let fhir = try R4CarePlanCoder().encode(Self.plan(), tasks: Self.tasks()).value
    var coder = R4CarePlanCoder()
    coder.getCareTitle = { _, _ in "Other" }
    coder.activityCoder.getCareText = { _, _ in ("T", nil) }
    let (plan, tasks) = try coder.decodeWithTasks(fhir)
    var expectedPlan = Self.plan()
    expectedPlan.title = "Other"
    #expect(plan.value == expectedPlan)
    #expect(tasks.map(\.value) == Self.tasks().map { t in
      var t = t
      t.title = "T"
      t.instructions = nil
      return t
    })

    var writer = DSTU2CarePlanCoder()
    writer.setFHIRPatientUUID = { _, _, _ in }
    var plain = try DSTU2CarePlanCoder().encode(Self.plan()).value
    plain.subject = nil
    #expect(try writer.encode(Self.plan()).value == plain)
  }
}

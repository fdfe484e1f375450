import Foundation

/// CareKitStore 3's `OCKTask` as its synthesized `Codable` writes it; the schedule is
/// `{"elements": [...]}` (`OCKSchedule`).
struct CareKitTask: CareKitVersionedObject, Hashable, Sendable {
  var id: String
  var title: String?
  var instructions: String?
  var impactsAdherence: Bool?
  var schedule: Schedule
  var carePlanUUID: UUID?
  var uuid: UUID?
  var nextVersionUUIDs: [UUID]?
  var previousVersionUUIDs: [UUID]?
  var createdDate: Date?
  var updatedDate: Date?
  var deletedDate: Date?
  var effectiveDate: Date
  var groupIdentifier: String?
  var tags: [String]?
  var remoteID: String?
  var userInfo: [String: String]?
  var source: String?
  var asset: String?
  var notes: [CareKitNote]?
  var schemaVersion: CareKitSemanticVersion?
  var timezone: TimeZone?

  /// `OCKSchedule`: its elements.
  struct Schedule: Codable, Hashable, Sendable {
    var elements: [CareKitScheduleElement]
  }

  init(_ task: TaskEntity) {
    id = task.id
    title = task.title
    instructions = task.instructions
    impactsAdherence = task.impactsAdherence
    schedule = Schedule(
      elements: task.schedule.elements.map {
        CareKitScheduleElement($0, timezone: task.timezone, fallbackDate: task.effectiveDate)
      })
    carePlanUUID = task.carePlanUUID
    effectiveDate = task.effectiveDate
    copyCommon(from: task)
  }

  var entity: TaskEntity {
    var task = TaskEntity(
      id: id, title: title, instructions: instructions, impactsAdherence: impactsAdherence ?? true,
      schedule: CareModel.Schedule(elements: schedule.elements.map(\.element)), carePlanUUID: carePlanUUID)
    applyCommon(to: &task, type: "task", id: id)
    return task
  }
}

import Foundation

/// CareKitStore 3's `OCKOutcome` as its synthesized `Codable` writes it. CareKit's outcome has
/// no `id` member (its id is `<taskUUID>_<taskOccurrenceIndex>`) and no end date: ours travel
/// in `userInfo` when they say more than CareKit's.
struct CareKitOutcome: CareKitVersionedObject, Hashable, Sendable {
  var taskUUID: UUID?
  var taskOccurrenceIndex: Int
  var values: [CareKitOutcomeValue]
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

  /// CareKit's id of an outcome.
  static func careKitID(taskUUID: UUID?, index: Int) -> String? {
    taskUUID.map { "\($0.uuidString)_\(index)" }
  }

  init(_ outcome: OutcomeEntity) {
    taskUUID = outcome.taskUUID
    taskOccurrenceIndex = outcome.taskOccurrenceIndex
    values = outcome.values.map { CareKitOutcomeValue($0, fallbackDate: outcome.effectiveDate) }
    effectiveDate = outcome.effectiveDate
    var extra: [String: String] = [:]
    if let end = outcome.endDate { extra[CareKitJSON.UserInfoKey.outcomeEndDate] = CareKitJSON.format(end) }
    if outcome.id != Self.careKitID(taskUUID: outcome.taskUUID, index: outcome.taskOccurrenceIndex) {
      extra[CareKitJSON.UserInfoKey.outcomeID] = outcome.id
    }
    copyCommon(from: outcome, extra: extra)
  }

  var entity: OutcomeEntity {
    let info = fullUserInfo
    let id = info?[CareKitJSON.UserInfoKey.outcomeID]
      ?? Self.careKitID(taskUUID: taskUUID, index: taskOccurrenceIndex) ?? "_\(taskOccurrenceIndex)"
    var outcome = OutcomeEntity(
      id: id, taskUUID: taskUUID, taskOccurrenceIndex: taskOccurrenceIndex, values: values.map(\.outcomeValue),
      endDate: info?[CareKitJSON.UserInfoKey.outcomeEndDate].flatMap(CareKitJSON.parse))
    applyCommon(
      to: &outcome, type: "outcome", id: id,
      consumed: [CareKitJSON.UserInfoKey.outcomeID, CareKitJSON.UserInfoKey.outcomeEndDate])
    return outcome
  }
}

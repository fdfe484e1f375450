public import Foundation

/// What was recorded for one occurrence of a task (CareKitStore `OCKOutcome`).
public struct Outcome: CareEntity {
  // Common fields (see `CareEntity`)
  public var id: String
  public var uuid: UUID
  public var effectiveDate: Date
  public var createdDate: Date?
  public var updatedDate: Date?
  public var deletedDate: Date?
  public var previousVersionUUIDs: [UUID] = []
  public var groupIdentifier: String?
  public var tags: [String]?
  public var remoteID: String?
  public var source: String?
  public var userInfo: [String: String]?
  public var timezone: TimeZone
  public var notes: [Note]?

  /// The `uuid` of the task this is an outcome of.
  public var taskUUID: UUID?
  /// Which occurrence of the task's schedule this outcome belongs to.
  public var taskOccurrenceIndex: Int
  /// The recorded values.
  public var values: [OutcomeValue]
  /// The end of the time the outcome covers, when it covers a period (FHIR `effectivePeriod.end`);
  /// the start is `effectiveDate`.
  public var endDate: Date?

  /// Creates an entity; `uuid` is new, `effectiveDate` now and `timezone` the current one unless given.
  public init(
    id: String, taskUUID: UUID? = nil, taskOccurrenceIndex: Int = 0, values: [OutcomeValue] = [], endDate: Date? = nil,
    uuid: UUID = UUID(), effectiveDate: Date = Date(), timezone: TimeZone = .current
  ) {
    self.id = id
    self.taskUUID = taskUUID
    self.taskOccurrenceIndex = taskOccurrenceIndex
    self.values = values
    self.endDate = endDate
    self.uuid = uuid
    self.effectiveDate = effectiveDate
    self.timezone = timezone
  }
}

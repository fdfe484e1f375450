public import Foundation

/// What was recorded for one occurrence of a task (CareKitStore `OCKOutcome`).
public struct OutcomeEntity: CareEntity {
  // Common fields (see `CareEntity`)
  /// A user-defined identifier, shared by all versions of the entity.
  public var id: String
  /// The identity of this version.
  public var uuid: UUID
  /// When this version takes effect.
  public var effectiveDate: Date
  /// When the entity was first created.
  public var createdDate: Date?
  /// When this version was last updated.
  public var updatedDate: Date?
  /// When the entity was deleted (a tombstone), if it was.
  public var deletedDate: Date?
  /// The versions this one replaces.
  public var previousVersionUUIDs: [UUID] = []
  /// A user-defined grouping.
  public var groupIdentifier: String?
  /// Free-form tags.
  public var tags: [String]?
  /// The entity's identifier on a remote server.
  public var remoteID: String?
  /// Where the entity came from.
  public var source: String?
  /// Free-form key/value pairs.
  public var userInfo: [String: String]?
  /// The time zone the entity was created in.
  public var timezone: TimeZone
  /// Notes attached to the entity.
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

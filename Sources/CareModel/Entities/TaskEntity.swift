public import Foundation

/// Something the patient should do on a schedule (CareKitStore `OCKTask`).
/// Named `TaskEntity`, not `Task`, so that it hides neither Swift's concurrency `Task` nor a FHIR `Task`.
public struct TaskEntity: CareEntity {
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

  /// The task's title.
  public var title: String?
  /// How to carry out the task.
  public var instructions: String?
  /// Whether completing the task counts towards adherence.
  public var impactsAdherence: Bool = true
  /// When the task is to be done.
  public var schedule: Schedule
  /// The `uuid` of the care plan the task belongs to.
  public var carePlanUUID: UUID?

  /// Creates an entity; `uuid` is new, `effectiveDate` now and `timezone` the current one unless given.
  public init(
    id: String, title: String? = nil, instructions: String? = nil, impactsAdherence: Bool = true, schedule: Schedule,
    carePlanUUID: UUID? = nil,
    uuid: UUID = UUID(), effectiveDate: Date = Date(), timezone: TimeZone = .current
  ) {
    self.id = id
    self.title = title
    self.instructions = instructions
    self.impactsAdherence = impactsAdherence
    self.schedule = schedule
    self.carePlanUUID = carePlanUUID
    self.uuid = uuid
    self.effectiveDate = effectiveDate
    self.timezone = timezone
  }
}

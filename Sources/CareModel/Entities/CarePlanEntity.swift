public import Foundation

/// A care plan (CareKitStore `OCKCarePlan`): a title and the patient it is for.
public struct CarePlanEntity: CareEntity {
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

  /// The plan's title.
  public var title: String
  /// The `uuid` of the patient the plan is for.
  public var patientUUID: UUID?

  /// Creates an entity; `uuid` is new, `effectiveDate` now and `timezone` the current one unless given.
  public init(
    id: String, title: String, patientUUID: UUID? = nil,
    uuid: UUID = UUID(), effectiveDate: Date = Date(), timezone: TimeZone = .current
  ) {
    self.id = id
    self.title = title
    self.patientUUID = patientUUID
    self.uuid = uuid
    self.effectiveDate = effectiveDate
    self.timezone = timezone
  }
}

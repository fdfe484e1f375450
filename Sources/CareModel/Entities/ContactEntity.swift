public import Foundation

/// A person involved in the patient's care (CareKitStore `OCKContact`).
public struct ContactEntity: CareEntity {
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

  /// The contact's name.
  public var name: NameComponents
  /// Job title.
  public var title: String?
  /// Role in the care (`"Cardiologist"`).
  public var role: String?
  /// Organization.
  public var organization: String?
  /// `careTeam | friend | family` or other text.
  public var category: String?
  /// Email addresses.
  public var emailAddresses: [LabeledValue]?
  /// Phone numbers.
  public var phoneNumbers: [LabeledValue]?
  /// Numbers for text messages.
  public var messagingNumbers: [LabeledValue]?
  /// The `uuid` of the care plan this contact belongs to.
  public var carePlanUUID: UUID?

  /// Creates an entity; `uuid` is new, `effectiveDate` now and `timezone` the current one unless given.
  public init(
    id: String, name: NameComponents = NameComponents(), carePlanUUID: UUID? = nil,
    uuid: UUID = UUID(), effectiveDate: Date = Date(), timezone: TimeZone = .current
  ) {
    self.id = id
    self.name = name
    self.carePlanUUID = carePlanUUID
    self.uuid = uuid
    self.effectiveDate = effectiveDate
    self.timezone = timezone
  }
}

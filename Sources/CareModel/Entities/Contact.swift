public import Foundation

/// A person involved in the patient's care (CareKitStore `OCKContact`).
public struct Contact: CareEntity {
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

public import Foundation

/// A care plan (CareKitStore `OCKCarePlan`): a title and the patient it is for.
public struct CarePlan: CareEntity {
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

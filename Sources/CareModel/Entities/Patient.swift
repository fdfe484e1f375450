public import Foundation

/// A patient (CareKitStore `OCKPatient`).
public struct Patient: CareEntity {
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

  /// The patient's name.
  public var name: NameComponents
  /// The patient's sex.
  public var sex: Optional<BiologicalSex>
  /// Date of birth, as far as it is known (year, month, day); partial dates keep their precision.
  public var birthday: Optional<DateComponents>
  /// Known allergies, as text.
  public var allergies: Optional<[String]>

  // The optionals this initializer sets are spelled `Optional<…>`: without the implicit `nil`
  // of a `T?` property, setting them initializes rather than assigns, and the value is built in
  // place (an assignment made Swift 6.3 copy the whole value once more on return).
  /// Creates an entity; `uuid` is new, `effectiveDate` now and `timezone` the current one unless given.
  public init(
    id: String, name: NameComponents = NameComponents(), sex: BiologicalSex? = nil, birthday: DateComponents? = nil,
    allergies: [String]? = nil,
    uuid: UUID = UUID(), effectiveDate: Date = Date(), timezone: TimeZone = .current
  ) {
    self.id = id
    self.name = name
    self.sex = sex
    self.birthday = birthday
    self.allergies = allergies
    self.uuid = uuid
    self.effectiveDate = effectiveDate
    self.timezone = timezone
  }
}

public import Foundation

/// Something the patient should do on a schedule (CareKitStore `OCKTask`).
/// Inside `CareModel` this name shadows Swift's concurrency `Task`; elsewhere write `CareModel.Task`.
public struct Task: CareEntity {
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

  /// The task's title.
  public var title: Optional<String>
  /// How to carry out the task.
  public var instructions: Optional<String>
  /// Whether completing the task counts towards adherence.
  public var impactsAdherence: Bool = true
  /// When the task is to be done.
  public var schedule: Schedule
  /// The `uuid` of the care plan the task belongs to.
  public var carePlanUUID: UUID?

  // The optionals this initializer sets are spelled `Optional<…>`: without the implicit `nil`
  // of a `T?` property, setting them initializes rather than assigns, and the value is built in
  // place (an assignment made Swift 6.3 copy the whole value once more on return).
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

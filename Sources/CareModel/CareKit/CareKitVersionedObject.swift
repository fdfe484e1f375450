import Foundation

/// The members every CareKitStore 3 entity writes (`OCKVersionedObjectCompatible`), shared by
/// the mirror structs that encode our entities with CareKit's keys. Members CareKit always
/// writes (`uuid`, `nextVersionUUIDs`, `previousVersionUUIDs`, `timezone`) are optional here so
/// that decoding tolerates their absence (older CareKit, hand-written JSON); encoding always
/// sets them.
protocol CareKitVersionedObject: Codable {
  var uuid: UUID? { get set }
  var nextVersionUUIDs: [UUID]? { get set }
  var previousVersionUUIDs: [UUID]? { get set }
  var createdDate: Date? { get set }
  var updatedDate: Date? { get set }
  var deletedDate: Date? { get set }
  var effectiveDate: Date { get set }
  var groupIdentifier: String? { get set }
  var tags: [String]? { get set }
  var remoteID: String? { get set }
  var userInfo: [String: String]? { get set }
  var source: String? { get set }
  var asset: String? { get set }
  var notes: [CareKitNote]? { get set }
  var schemaVersion: CareKitSemanticVersion? { get set }
  var timezone: TimeZone? { get set }
}

extension CareKitVersionedObject {
  /// Copies the common fields of `entity`; `extra` are `userInfo` entries carrying fields
  /// CareKit has no member for. ``CareKitJSON/UserInfoKey/asset`` moves to `asset`.
  mutating func copyCommon(from entity: some CareEntity, extra: [String: String] = [:]) {
    uuid = entity.uuid
    nextVersionUUIDs = []  // the store knows them; an entity does not
    previousVersionUUIDs = entity.previousVersionUUIDs
    createdDate = entity.createdDate
    updatedDate = entity.updatedDate
    deletedDate = entity.deletedDate
    effectiveDate = entity.effectiveDate
    groupIdentifier = entity.groupIdentifier
    tags = entity.tags
    remoteID = entity.remoteID
    source = entity.source
    var info = entity.userInfo
    if !extra.isEmpty { info = (info ?? [:]).merging(extra) { _, new in new } }
    asset = info?.removeValue(forKey: CareKitJSON.UserInfoKey.asset)
    userInfo = info
    notes = entity.notes?.map { CareKitNote($0, timezone: entity.timezone) }
    schemaVersion = CareKitJSON.schemaVersion
    timezone = entity.timezone
  }

  /// The time zone, GMT when absent.
  var zone: TimeZone { timezone ?? TimeZone(secondsFromGMT: 0)! }

  /// `userInfo` with `asset` folded in under ``CareKitJSON/UserInfoKey/asset``.
  var fullUserInfo: [String: String]? {
    guard let asset else { return userInfo }
    return (userInfo ?? [:]).merging([CareKitJSON.UserInfoKey.asset: asset]) { _, new in new }
  }

  /// Copies the common fields into `entity`; `consumed` are the `userInfo` keys the caller
  /// read as fields, removed from the entity's `userInfo` (which becomes `nil` if they were all
  /// it had). `schemaVersion` and `nextVersionUUIDs` are not kept (a store derives them).
  func applyCommon(to entity: inout some CareEntity, type: String, id: String, consumed: Set<String> = []) {
    entity.uuid = uuid ?? Self.fallbackUUID(type: type, id: id, effectiveDate: effectiveDate)
    entity.previousVersionUUIDs = previousVersionUUIDs ?? []
    entity.createdDate = createdDate
    entity.updatedDate = updatedDate
    entity.deletedDate = deletedDate
    entity.effectiveDate = effectiveDate
    entity.groupIdentifier = groupIdentifier
    entity.tags = tags
    entity.remoteID = remoteID
    entity.source = source
    var info = fullUserInfo
    if var remaining = info, !consumed.isEmpty {
      let before = remaining.count
      for key in consumed { remaining.removeValue(forKey: key) }
      info = remaining.isEmpty && remaining.count < before ? nil : remaining
    }
    entity.userInfo = info
    entity.notes = notes?.map(\.note)
    entity.timezone = zone
  }

  /// A name-based uuid for an entity written without one (CareKit 2.0): the same type, id and
  /// effective date always give the same uuid.
  static func fallbackUUID(type: String, id: String, effectiveDate: Date) -> UUID {
    var name = NameUUID()
    name.add("carekit/\(type)/\(id)/\(effectiveDate.timeIntervalSinceReferenceDate)")
    return name.uuid(version: 5)
  }
}

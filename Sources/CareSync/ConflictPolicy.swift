public import CareModel
public import Foundation

/// How the store settles two concurrent versions of one entity: versions that name the same
/// predecessor (edits made on two devices, or on a device and in the store, before either saw
/// the other), or two first versions with one id.
///
/// Both versions are kept. The store then appends a *resolution version* that names both in
/// `previousVersionUUIDs` and carries the winner's content, so every device that syncs ends with
/// it as the entity's newest version. The winner is the version updated last (`updatedDate`,
/// else `createdDate`, else `effectiveDate`); on a tie, the version whose uuid sorts last. The
/// resolution's uuid is derived from the two versions, so servers sharing a store, or a push
/// repeated, make the same one.
public struct ConflictPolicy: Sendable {
  /// Creates the policy.
  public init() {}

  /// Whether `pushed` wins over `stored`.
  public func pushedWins(_ pushed: CareRecord, over stored: CareRecord) -> Bool {
    let a = Self.lastChange(pushed)
    let b = Self.lastChange(stored)
    if a != b { return a > b }
    return pushed.uuid.uuidString > stored.uuid.uuidString
  }

  /// The uuid of the resolution of `first` and `second` (order matters: stored, then pushed).
  public func resolutionUUID(kind: String, id: String, stored: UUID, pushed: UUID) -> UUID {
    var name = NameUUID()
    name.add("CareSyncResolution/\(kind)|\(id)|\(stored.uuidString)|\(pushed.uuidString)")
    return name.uuid(version: 5)
  }

  static func lastChange(_ record: CareRecord) -> Date {
    record.entity.updatedDate ?? record.entity.createdDate ?? record.entity.effectiveDate
  }
}

extension CareRecord {
  /// The record as the resolution version `uuid`: it names `previous` and takes effect at
  /// `effectiveDate`, last updated at `updatedDate`.
  func resolution(uuid: UUID, previous: [UUID], effectiveDate: Date, updatedDate: Date?) -> CareRecord {
    updating { entity in
      entity.uuid = uuid
      entity.previousVersionUUIDs = previous
      entity.effectiveDate = effectiveDate
      entity.updatedDate = updatedDate
    }
  }
}

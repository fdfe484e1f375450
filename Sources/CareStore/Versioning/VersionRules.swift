import CareModel
public import Foundation

/// How the store versions entities, as CareKitStore does: an entity is its kind and `id`; an
/// update appends a version with a new uuid naming the one before (`previousVersionUUIDs`), a
/// delete appends a tombstone (a version with `deletedDate`). Every uuid the store makes is
/// derived from the entity's id, the version it replaces and the new content, so the same
/// imports give the same store, interrupted or not.
public enum VersionRules {
  /// The writer of stored JSON and content hashes (care JSON: keys sorted, dates ISO 8601 by
  /// ``StoreDates/format(_:)``): the bytes `StoreDates.encoder()` gives, and it cannot fail.
  static let writer = CareJSONWriter.fastDates

  /// A record's stored JSON.
  static func json(_ record: CareRecord) -> Data { Data(writer.bytes(record)) }

  /// A 128-bit content hash (two FNV-1a lanes, hex) of `bytes`.
  public static func hash(_ bytes: Data) -> String { hash(bytes: [UInt8](bytes)) }

  /// ``hash(_:)`` of bytes in an array (iterating `Data` byte by byte costs several times more).
  static func hash(bytes: [UInt8]) -> String {
    var a: UInt64 = 0xcbf2_9ce4_8422_2325
    var b: UInt64 = 0x8422_2325_cbf2_9ce4
    for byte in bytes {
      a = (a ^ UInt64(byte)) &* 0x100_0000_01b3
      b = (b ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    return String(a, radix: 16) + "-" + String(b, radix: 16)
  }

  /// The content hash a tombstone carries.
  public static let tombstoneHash = "deleted"

  /// The uuid of the version of `kind`/`id` that replaces `previous` with content `hash`.
  public static func versionUUID(_ kind: EntityKind, id: String, previous: UUID, hash: String) -> UUID {
    // The name `StableUUID.forResource(type: "CareStoreVersion", id: …)` hashes in FHIRCoders, so
    // that stores written before the store stopped depending on the coders keep their uuids.
    var name = NameUUID()
    name.add("CareStoreVersion/\(kind.rawValue)|\(id)|\(previous.uuidString)|\(hash)")
    return name.uuid(version: 5)
  }

  /// The first version of an entity: the pipeline's entity as it is (its uuid becomes the root).
  /// - Parameters:
  ///   - record: The entity.
  ///   - json: Its care JSON (what `hash` was computed from).
  ///   - hash: Its content hash.
  static func first(_ record: CareRecord, kind: EntityKind, json: Data, hash: String) -> StoredVersion {
    StoredVersion(
      kind: kind, id: record.id, uuid: record.uuid, rootUUID: record.uuid, sequence: 1, previousUUID: nil,
      effectiveDate: record.effectiveDate, deletedDate: nil, contentHash: hash, link: record.link, json: json)
  }

  /// The version that replaces `head` with `record`'s content. Its `effectiveDate` is the
  /// entity's, but never before the version it replaces (CareKitStore's rule).
  /// - Throws: `EncodingError` if the entity cannot be encoded.
  static func next(_ record: CareRecord, kind: EntityKind, after head: VersionHead, hash: String) throws
    -> StoredVersion
  {
    let uuid = versionUUID(kind, id: record.id, previous: head.uuid, hash: hash)
    let effective = max(record.effectiveDate, head.effectiveDate)
    let versioned = record.versioned(uuid: uuid, previous: [head.uuid], effectiveDate: effective, deletedDate: nil)
    return StoredVersion(
      kind: kind, id: record.id, uuid: uuid, rootUUID: head.rootUUID, sequence: head.sequence + 1,
      previousUUID: head.uuid, effectiveDate: effective, deletedDate: nil, contentHash: hash, link: record.link,
      json: json(versioned))
  }

  /// The tombstone that deletes the entity whose newest version is `head` (stored as `last`),
  /// from `date` (not before `head` takes effect).
  /// - Throws: `EncodingError` / `DecodingError` if the stored entity cannot be re-encoded.
  static func tombstone(after last: StoredVersion, head: VersionHead, at date: Date) throws -> StoredVersion {
    let effective = max(date, head.effectiveDate)
    let uuid = versionUUID(
      head.kind, id: head.id, previous: head.uuid, hash: tombstoneHash + "|\(effective.timeIntervalSince1970)")
    let record = try last.record().versioned(
      uuid: uuid, previous: [head.uuid], effectiveDate: effective, deletedDate: effective)
    var version = last
    version.uuid = uuid
    version.sequence = head.sequence + 1
    version.previousUUID = head.uuid
    version.effectiveDate = effective
    version.deletedDate = effective
    version.contentHash = tombstoneHash
    version.json = json(record)
    return version
  }
}

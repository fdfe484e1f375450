import CareModel
import CareStore
import Foundation
import NIOCore
import PostgresNIO

extension PostgresAccess {
  /// Appends a batch of versions in five statements, whatever its size: the replaced heads
  /// lowered, the versions inserted (returning their distribution keys), their entity rows, and
  /// their provenance, each from arrays (``UnnestRows``). One statement per row cost a round trip
  /// each, which made an import into PostgreSQL four times slower than into SQLite.
  ///
  /// The statements leave the store as ``StoreWriter/appendOneByOne(_:)`` would, provided no
  /// version of the batch depends on another one of it; a batch where one does (a version that
  /// replaces or links to another of the batch, two of one entity, several kinds) is written one
  /// by one.
  func append(_ entries: [VersionAppend]) throws {
    guard entries.count > 1, Self.isIndependent(entries), let kind = entries.first?.version.kind else {
      return try appendOneByOne(entries)
    }
    try lowerHeads(entries.compactMap(\.head))
    let keys = try insertVersions(entries.map(\.version), kind: kind)
    try insertEntities(entries.map(\.version), kind: kind, keys: keys)
    try insertSources(entries, keys: keys)
  }

  /// The value bound where a uuid column is NULL (its mask says so; see ``UnnestRows``).
  private static let placeholder = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))

  /// Whether the versions are of one kind, of different entities, replace different heads and
  /// neither replace nor name (as link or task version) another version of the batch.
  private static func isIndependent(_ entries: [VersionAppend]) -> Bool {
    let kind = entries[0].version.kind
    let uuids = Set(entries.map(\.version.uuid))
    var ids = Set<String>()
    var heads = Set<UUID>()
    for entry in entries {
      let version = entry.version
      guard version.kind == kind, ids.insert(version.id).inserted else { return false }
      if let head = entry.head, !heads.insert(head.uuid).inserted { return false }
      for named in [version.previousUUID, version.link, version.taskVersionUUID]
      where named.map(uuids.contains) ?? false {
        return false
      }
    }
    return true
  }

  /// Marks `heads` as no longer the newest, and frees the occurrence slots of outcome heads.
  private func lowerHeads(_ heads: [VersionHead]) throws {
    guard !heads.isEmpty else { return }
    var binds = PostgresBindings()
    binds.append(heads.map(\.uuid))
    try connection.query(
      "UPDATE versions SET is_head = false WHERE uuid = ANY($1)", binds, operation: "replacing a head",
      table: "versions")
    let outcomes = heads.filter { $0.kind == .outcome }.map(\.uuid)
    guard !outcomes.isEmpty else { return }
    var slots = PostgresBindings()
    slots.append(outcomes)
    try connection.query(
      "UPDATE outcome SET holds_slot = false WHERE uuid = ANY($1)", slots, operation: "freeing a slot",
      table: "outcome")
  }

  /// Inserts the version rows; returns each version's distribution key (chosen as
  /// ``append(_:replacing:)`` chooses it).
  private func insertVersions(_ versions: [StoredVersion], kind: EntityKind) throws -> [UUID: UUID] {
    var rows = UnnestRows()
    let target = rows.value(kind.linkTarget?.rawValue)
    let uuid = try rows.input(versions.map(\.uuid), type: "uuid")
    let root = try rows.input(versions.map(\.rootUUID), type: "uuid")
    let previous = try rows.input(versions.map(\.previousUUID), type: "uuid", placeholder: Self.placeholder)
    let link = try rows.input(versions.map(\.link), type: "uuid", placeholder: Self.placeholder)
    rows.insert(
      "patient_key",
      """
      COALESCE(
        (SELECT p.patient_key FROM versions p WHERE p.uuid = \(previous) LIMIT 1),
        (SELECT l.patient_key FROM versions l WHERE l.kind = \(target) AND l.uuid = \(link) LIMIT 1),
        \(link), \(root))
      """)
    rows.insert("uuid", uuid)
    rows.insert("kind", rows.value(kind.rawValue))
    rows.insert("id", try rows.input(versions.map(\.id), type: "text"))
    rows.insert("seq", try rows.input(versions.map(\.sequence), type: "bigint"))
    rows.insert("root_uuid", root)
    rows.insert("previous_uuid", previous)
    rows.insert("is_head", "true")
    rows.insert("content_hash", try rows.input(versions.map(\.contentHash), type: "text"))
    let returned = try connection.query(
      rows.insertSQL(into: "versions", suffix: "RETURNING uuid, patient_key"), rows.bindings,
      operation: "appending a version", table: "versions")
    var keys: [UUID: UUID] = [:]
    for row in returned {
      let (uuid, key) = try row.decode((UUID, UUID).self)
      keys[uuid] = key
    }
    guard keys.count == versions.count else {
      throw PostgresFailure(operation: "appending a version", table: "versions", underlying: MissingRow())
    }
    self.keys.merge(keys) { _, new in new }
    return keys
  }

  /// Inserts the rows of the versions' entity table.
  private func insertEntities(_ versions: [StoredVersion], kind: EntityKind, keys: [UUID: UUID]) throws {
    var rows = UnnestRows()
    let versionKeys = try versions.map { version in
      guard let key = keys[version.uuid] else {
        throw PostgresFailure(operation: "appending a version", table: kind.tableName, underlying: MissingRow())
      }
      return key
    }
    rows.insert("patient_key", try rows.input(versionKeys, type: "uuid"))
    rows.insert("uuid", try rows.input(versions.map(\.uuid), type: "uuid"))
    rows.insert("id", try rows.input(versions.map(\.id), type: "text"))
    rows.insert(
      "effective_date", try rows.input(versions.map(\.effectiveDate.timeIntervalSince1970), type: "double precision"))
    rows.insert(
      "deleted_date",
      try rows.input(versions.map { $0.deletedDate?.timeIntervalSince1970 }, type: "double precision", placeholder: 0))
    rows.insert("json", try rows.input(versions.map { ByteBuffer(bytes: $0.json) }, type: "bytea"))
    switch kind {
    case .patient:
      break
    case .carePlan:
      rows.insert("patient_uuid", try rows.input(versions.map(\.link), type: "uuid", placeholder: Self.placeholder))
    case .contact:
      rows.insert("care_plan_uuid", try rows.input(versions.map(\.link), type: "uuid", placeholder: Self.placeholder))
    case .task:
      rows.insert("care_plan_uuid", try rows.input(versions.map(\.link), type: "uuid", placeholder: Self.placeholder))
      rows.insert("impacts_adherence", try rows.input(versions.map { $0.impactsAdherence ?? true }, type: "boolean"))
    case .outcome:
      rows.insert("task_uuid", try rows.input(versions.map(\.link), type: "uuid", placeholder: Self.placeholder))
      let taskVersion = try rows.input(versions.map(\.taskVersionUUID), type: "uuid", placeholder: Self.placeholder)
      rows.insert("task_version_uuid", taskVersion)
      rows.insert("occurrence_index", try rows.input(versions.map { $0.occurrenceIndex ?? 0 }, type: "bigint"))
      rows.insert("impacts_adherence", try rows.input(versions.map { $0.impactsAdherence ?? false }, type: "boolean"))
      rows.insert(
        "holds_slot",
        try rows.input(
          versions.map { $0.taskVersionUUID != nil && $0.occurrenceIndex != nil && $0.deletedDate == nil },
          type: "boolean"))
    }
    try connection.query(
      rows.insertSQL(into: kind.tableName), rows.bindings, operation: "appending a version", table: kind.tableName)
  }

  /// Inserts the provenance rows of every version, each source's JSON in stored form.
  private func insertSources(_ entries: [VersionAppend], keys: [UUID: UUID]) throws {
    var flat: [(key: UUID, version: UUID, ordinal: Int, source: SourceReference, stored: Data?)] = []
    let packer = StoredSource.Packer()
    for entry in entries {
      let uuid = entry.version.uuid
      for (ordinal, source) in entry.sources.enumerated() {
        guard let key = keys[uuid] else {
          throw PostgresFailure(operation: "adding sources", table: "provenance", underlying: MissingRow())
        }
        let stored = entry.storedSources.map { $0[ordinal] } ?? source.json.map(packer.pack)
        flat.append((key, uuid, ordinal, source, stored))
      }
    }
    guard !flat.isEmpty else { return }
    var rows = UnnestRows()
    rows.insert("patient_key", try rows.input(flat.map(\.key), type: "uuid"))
    rows.insert("version_uuid", try rows.input(flat.map(\.version), type: "uuid"))
    rows.insert("ordinal", try rows.input(flat.map(\.ordinal), type: "bigint"))
    rows.insert("resource_type", try rows.input(flat.map(\.source.resourceType), type: "text"))
    rows.insert("resource_id", try rows.input(flat.map(\.source.resourceID), type: "text", placeholder: ""))
    rows.insert("full_url", try rows.input(flat.map(\.source.fullUrl), type: "text", placeholder: ""))
    rows.insert("version_id", try rows.input(flat.map(\.source.versionID), type: "text", placeholder: ""))
    rows.insert("release", try rows.input(flat.map(\.source.release.rawValue), type: "text"))
    rows.insert(
      "source",
      try rows.input(flat.map { $0.stored.map { ByteBuffer(bytes: $0) } }, type: "bytea", placeholder: ByteBuffer()))
    try connection.query(
      rows.insertSQL(into: "provenance"), rows.bindings, operation: "adding sources", table: "provenance")
  }
}

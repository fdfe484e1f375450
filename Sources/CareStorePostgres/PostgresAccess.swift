import CareModel
import CareStore
import Foundation
import PostgresNIO

/// The store's reads and writes on one PostgreSQL connection, inside a transaction: SQLite's
/// (`SQLiteAccess`) statement for statement, with lists bound as arrays (`= ANY($1)`) and the
/// distribution key (`patient_key`) carried along.
final class PostgresAccess: StoreWriter {
  let connection: BlockingConnection
  /// The store's name in errors: its URL without the password.
  let store: String
  /// The distribution key of each version this transaction appended, for its provenance rows.
  var keys: [UUID: UUID] = [:]

  init(connection: BlockingConnection, store: String) {
    self.connection = connection
    self.store = store
  }

  // MARK: Reading

  func heads(_ kind: EntityKind, ids: [String]) throws -> [String: VersionHead] {
    var heads: [String: VersionHead] = [:]
    for head in try fetchHeads(kind, where: "v.id = ANY($2)", ids) { heads[head.id] = head }
    return heads
  }

  func heads(_ kind: EntityKind, roots: [UUID]) throws -> [UUID: VersionHead] {
    var heads: [UUID: VersionHead] = [:]
    for head in try fetchHeads(kind, where: "v.root_uuid = ANY($2)", roots) { heads[head.rootUUID] = head }
    return heads
  }

  private func fetchHeads<Value: PostgresArrayEncodable>(_ kind: EntityKind, where condition: String, _ values: [Value])
    throws -> [VersionHead]
  {
    guard !values.isEmpty else { return [] }
    let table = kind.tableName
    let adherence = kind == .task ? "e.impacts_adherence" : "NULL::boolean"
    var binds = PostgresBindings()
    binds.append(kind.rawValue)
    try binds.append(values)
    let rows = try connection.query(
      """
      SELECT v.uuid, v.id, v.root_uuid, v.seq, e.effective_date, v.content_hash, e.deleted_date, \(adherence)
      FROM versions v JOIN \(table) e ON e.patient_key = v.patient_key AND e.uuid = v.uuid
      WHERE v.kind = $1 AND v.is_head AND \(condition)
      """, binds, operation: "reading heads", table: table)
    return try rows.map { row in
      let (uuid, id, root, seq, effective, hash, deleted, impacts) = try row.decode(
        (UUID, String, UUID, Int, Double, String, Double?, Bool?).self)
      return VersionHead(
        kind: kind, id: id, uuid: uuid, rootUUID: root, sequence: seq,
        effectiveDate: Date(timeIntervalSince1970: effective), contentHash: hash, deleted: deleted != nil,
        impactsAdherence: impacts)
    }
  }

  func versions(_ kind: EntityKind, _ filter: VersionFilter) throws -> [StoredVersion] {
    let table = kind.tableName
    let link = kind.linkColumn.map { "e.\($0)" } ?? "NULL::uuid"
    let extra =
      switch kind {
      case .task: "NULL::uuid, NULL::bigint, e.impacts_adherence"
      case .outcome: "e.task_version_uuid, e.occurrence_index, e.impacts_adherence"
      default: "NULL::uuid, NULL::bigint, NULL::boolean"
      }
    var sql = """
      SELECT v.uuid, v.id, v.root_uuid, v.seq, v.previous_uuid, e.effective_date, e.deleted_date, v.content_hash,
        \(link), \(extra), e.json
      FROM versions v JOIN \(table) e ON e.patient_key = v.patient_key AND e.uuid = v.uuid
      """
    var binds = PostgresBindings()
    switch filter {
    case .all: break
    case .ids(let ids):
      sql += " WHERE e.id = ANY($1)"
      binds.append(ids)
    case .uuids(let uuids):
      sql += " WHERE e.uuid = ANY($1)"
      binds.append(uuids)
    case .linkedTo(let roots):
      guard kind != .patient else { return [] }
      sql += " WHERE \(link) = ANY($1)"
      binds.append(roots)
    case .effective(let from, let to):
      sql += " WHERE e.effective_date >= $1 AND e.effective_date < $2"
      binds.append(from.timeIntervalSince1970)
      binds.append(to.timeIntervalSince1970)
    }
    let rows = try connection.query(sql, binds, operation: "reading versions", table: table)
    return try rows.map { row in
      let (uuid, id, root, seq, previous, effective, deleted, hash, linked, taskVersion, index, impacts, json) =
        try row.decode((UUID, String, UUID, Int, UUID?, Double, Double?, String, UUID?, UUID?, Int?, Bool?, Data).self)
      return StoredVersion(
        kind: kind, id: id, uuid: uuid, rootUUID: root, sequence: seq, previousUUID: previous,
        effectiveDate: Date(timeIntervalSince1970: effective), deletedDate: deleted.map(Date.init(timeIntervalSince1970:)),
        contentHash: hash, link: linked, taskVersionUUID: taskVersion, occurrenceIndex: index,
        impactsAdherence: impacts, json: json)
    }.sorted { ($0.id, $0.sequence) < ($1.id, $1.sequence) }
  }

  func entityIDs(_ kind: EntityKind) throws -> [String] {
    let table = kind.tableName
    let rows = try connection.query("SELECT DISTINCT id FROM \(table)", operation: "reading ids", table: table)
    return try rows.map { try $0.decode(String.self) }
  }

  func sources(of uuids: [UUID]) throws -> [UUID: [SourceReference]] {
    guard !uuids.isEmpty else { return [:] }
    var binds = PostgresBindings()
    binds.append(uuids)
    let rows = try connection.query(
      """
      SELECT version_uuid, resource_type, resource_id, full_url, version_id, release, source FROM provenance
      WHERE version_uuid = ANY($1) ORDER BY version_uuid, ordinal
      """, binds, operation: "reading sources", table: "provenance")
    var sources: [UUID: [SourceReference]] = [:]
    for row in rows {
      let (uuid, type, id, fullUrl, versionID, release, source) = try row.decode(
        (UUID, String, String?, String?, String?, String, Data?).self)
      let json = try source.map {
        try StoredSource.unpack($0, store: store, version: uuid, resourceType: type, resourceID: id)
      }
      sources[uuid, default: []].append(
        SourceReference(
          resourceType: type, resourceID: id, fullUrl: fullUrl, versionID: versionID,
          release: SourceReference.Release(rawValue: release) ?? .r4, json: json))
    }
    return sources
  }

  func versions(fromResource type: String, id: String) throws -> [(kind: EntityKind, uuid: UUID)] {
    var binds = PostgresBindings()
    binds.append(type)
    binds.append(id)
    // Ordered as SQLite orders text (byte order), whatever the database's collation.
    let rows = try connection.query(
      """
      SELECT v.kind, v.uuid FROM provenance p JOIN versions v ON v.patient_key = p.patient_key AND v.uuid = p.version_uuid
      WHERE p.resource_type = $1 AND p.resource_id = $2 ORDER BY v.kind COLLATE "C", v.id COLLATE "C", v.seq
      """, binds, operation: "reading versions from a resource", table: "provenance")
    return try rows.compactMap { row in
      let (kind, uuid) = try row.decode((String, UUID).self)
      return EntityKind(rawValue: kind).map { ($0, uuid) }
    }
  }

  func occupiedSlots(_ slots: [OccurrenceSlot]) throws -> [OccurrenceSlot: String] {
    guard !slots.isEmpty else { return [:] }
    var binds = PostgresBindings()
    binds.append(slots.map(\.taskVersion))
    binds.append(slots.map(\.index))
    let rows = try connection.query(
      """
      SELECT task_version_uuid, occurrence_index, id FROM outcome
      WHERE holds_slot AND (task_version_uuid, occurrence_index) IN (SELECT * FROM unnest($1::uuid[], $2::bigint[]))
      """, binds, operation: "reading occurrence slots", table: "outcome")
    var occupied: [OccurrenceSlot: String] = [:]
    for row in rows {
      let (task, index, id) = try row.decode((UUID, Int, String).self)
      occupied[OccurrenceSlot(taskVersion: task, index: index)] = id
    }
    return occupied
  }

  func rowCounts() throws -> [String: Int] {
    var counts: [String: Int] = [:]
    for table in PostgresSchema.tables {
      let rows = try connection.query("SELECT COUNT(*) FROM \(table)", operation: "counting rows", table: table)
      counts[table] = try rows.first?.decode(Int.self) ?? 0
    }
    return counts
  }

  // MARK: Writing

  func append(_ version: StoredVersion, replacing head: VersionHead?) throws {
    let table = version.kind.tableName
    if let head {
      var binds = PostgresBindings()
      binds.append(head.uuid)
      try connection.query(
        "UPDATE versions SET is_head = false WHERE uuid = $1", binds, operation: "replacing a head", table: "versions")
      if head.kind == .outcome {
        try connection.query(
          "UPDATE outcome SET holds_slot = false WHERE uuid = $1", binds, operation: "freeing a slot", table: "outcome")
      }
    }
    // The distribution key: the replaced version's, else the linked entity's, else (a link to
    // nothing, which the foreign keys refuse) the link itself, else (a patient, or an entity
    // linked to nothing) its own root uuid.
    var binds = PostgresBindings()
    binds.append(version.previousUUID)
    binds.append(version.kind.linkTarget?.rawValue)
    binds.append(version.link)
    binds.append(version.uuid)
    binds.append(version.kind.rawValue)
    binds.append(version.id)
    binds.append(version.sequence)
    binds.append(version.rootUUID)
    binds.append(version.contentHash)
    let rows = try connection.query(
      """
      INSERT INTO versions (patient_key, uuid, kind, id, seq, root_uuid, previous_uuid, is_head, content_hash)
      VALUES (
        COALESCE(
          (SELECT patient_key FROM versions WHERE uuid = $1 LIMIT 1),
          (SELECT patient_key FROM versions WHERE kind = $2 AND uuid = $3 LIMIT 1), $3, $8),
        $4, $5, $6, $7, $8, $1, true, $9)
      RETURNING patient_key
      """, binds, operation: "appending a version", table: "versions")
    guard let key = try rows.first?.decode(UUID.self) else {
      throw PostgresFailure(operation: "appending a version", table: "versions", underlying: MissingRow())
    }
    keys[version.uuid] = key
    var entity = PostgresBindings()
    entity.append(key)
    entity.append(version.uuid)
    entity.append(version.id)
    entity.append(version.effectiveDate.timeIntervalSince1970)
    entity.append(version.deletedDate?.timeIntervalSince1970)
    try entity.append(version.json)
    let common = "patient_key, uuid, id, effective_date, deleted_date, json"
    let sql: String
    switch version.kind {
    case .patient:
      sql = "INSERT INTO patient (\(common)) VALUES ($1, $2, $3, $4, $5, $6)"
    case .carePlan:
      entity.append(version.link)
      sql = "INSERT INTO care_plan (\(common), patient_uuid) VALUES ($1, $2, $3, $4, $5, $6, $7)"
    case .contact:
      entity.append(version.link)
      sql = "INSERT INTO contact (\(common), care_plan_uuid) VALUES ($1, $2, $3, $4, $5, $6, $7)"
    case .task:
      entity.append(version.link)
      entity.append(version.impactsAdherence ?? true)
      sql = "INSERT INTO task (\(common), care_plan_uuid, impacts_adherence) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)"
    case .outcome:
      entity.append(version.link)
      entity.append(version.taskVersionUUID)
      entity.append(version.occurrenceIndex ?? 0)
      entity.append(version.impactsAdherence ?? false)
      entity.append(version.taskVersionUUID != nil && version.occurrenceIndex != nil && version.deletedDate == nil)
      sql = """
        INSERT INTO outcome (\(common), task_uuid, task_version_uuid, occurrence_index, impacts_adherence, holds_slot)
        VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
        """
    }
    try connection.query(sql, entity, operation: "appending a version", table: table)
  }

  func addSources(_ sources: [SourceReference], to version: UUID) throws {
    let packer = StoredSource.Packer()
    try addSources(sources, stored: sources.map { $0.json.map(packer.pack) }, to: version)
  }

  /// The importer packs the sources on all cores (``CareImporter``).
  var takesStoredSources: Bool { true }

  func addSources(_ sources: [SourceReference], stored: [Data?], to version: UUID) throws {
    let key: UUID
    if let known = keys[version] {
      key = known
    } else {
      var binds = PostgresBindings()
      binds.append(version)
      let rows = try connection.query(
        "SELECT patient_key FROM versions WHERE uuid = $1 LIMIT 1", binds, operation: "adding sources",
        table: "versions")
      guard let found = try rows.first?.decode(UUID.self) else {
        throw PostgresFailure(operation: "adding sources", table: "provenance", underlying: MissingRow())
      }
      key = found
    }
    for (ordinal, source) in sources.enumerated() {
      var binds = PostgresBindings()
      binds.append(key)
      binds.append(version)
      binds.append(ordinal)
      binds.append(source.resourceType)
      binds.append(source.resourceID)
      binds.append(source.fullUrl)
      binds.append(source.versionID)
      binds.append(source.release.rawValue)
      try binds.append(stored[ordinal])
      try connection.query(
        """
        INSERT INTO provenance (patient_key, version_uuid, ordinal, resource_type, resource_id, full_url, version_id,
          release, source)
        VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
        """, binds, operation: "adding sources", table: "provenance")
    }
  }

  /// A version the statement should have found or returned is not there.
  struct MissingRow: Error {}
}

import CareModel
import CareStore
import Foundation
import GRDB

/// The store's reads and writes on one SQLite connection, inside a transaction.
struct SQLiteAccess: StoreWriter {
  let db: Database
  /// The store file, as errors name it.
  let store: String

  // MARK: Reading

  func heads(_ kind: EntityKind, ids: [String]) throws -> [String: VersionHead] {
    var heads: [String: VersionHead] = [:]
    for head in try fetchHeads(kind, where: "v.id IN ($)", ids) { heads[head.id] = head }
    return heads
  }

  func heads(_ kind: EntityKind, roots: [UUID]) throws -> [UUID: VersionHead] {
    var heads: [UUID: VersionHead] = [:]
    for head in try fetchHeads(kind, where: "v.root_uuid IN ($)", roots.map(\.text)) { heads[head.rootUUID] = head }
    return heads
  }

  /// The heads of `kind` whose `condition` (with `$` for the list) holds for `values`.
  private func fetchHeads(_ kind: EntityKind, where condition: String, _ values: [String]) throws -> [VersionHead] {
    let table = kind.tableName
    let adherence = kind == .task ? "e.impacts_adherence" : "NULL"
    let sql = """
      SELECT v.uuid, v.id, v.root_uuid, v.seq, e.effective_date, v.content_hash, e.deleted_date, \(adherence)
      FROM versions v JOIN \(table) e ON e.uuid = v.uuid
      WHERE v.kind = ? AND v.is_head = 1 AND \(condition)
      """
    return try rows(sql, leading: [kind.rawValue], listing: values).map { row in
      VersionHead(
        kind: kind, id: row[1], uuid: try uuid(row[0]), rootUUID: try uuid(row[2]), sequence: row[3],
        effectiveDate: Date(timeIntervalSince1970: row[4]), contentHash: row[5],
        deleted: (row[6] as Double?) != nil, impactsAdherence: row[7])
    }
  }

  func versions(_ kind: EntityKind, _ filter: VersionFilter) throws -> [StoredVersion] {
    let table = kind.tableName
    let link = kind.linkColumn.map { "e.\($0)" } ?? "NULL"
    let extra =
      switch kind {
      case .task: "NULL, NULL, e.impacts_adherence"
      case .outcome: "e.task_version_uuid, e.occurrence_index, e.impacts_adherence"
      default: "NULL, NULL, NULL"
      }
    var sql = """
      SELECT v.uuid, v.id, v.root_uuid, v.seq, v.previous_uuid, e.effective_date, e.deleted_date, v.content_hash,
        \(link), \(extra), e.json
      FROM versions v JOIN \(table) e ON e.uuid = v.uuid
      """
    var rows: [Row] = []
    switch filter {
    case .all: rows = try Row.fetchAll(db, sql: sql)
    case .ids(let ids): rows = try self.rows(sql + " WHERE e.id IN ($)", listing: ids)
    case .uuids(let uuids): rows = try self.rows(sql + " WHERE e.uuid IN ($)", listing: uuids.map(\.text))
    case .linkedTo(let roots):
      guard kind != .patient else { break }
      rows = try self.rows(sql + " WHERE \(link) IN ($)", listing: roots.map(\.text))
    case .effective(let from, let to):
      sql += " WHERE e.effective_date >= ? AND e.effective_date < ?"
      rows = try Row.fetchAll(db, sql: sql, arguments: [from.timeIntervalSince1970, to.timeIntervalSince1970])
    }
    return try rows.map { row in
      StoredVersion(
        kind: kind, id: row[1], uuid: try uuid(row[0]), rootUUID: try uuid(row[2]), sequence: row[3],
        previousUUID: try (row[4] as String?).map(uuid), effectiveDate: Date(timeIntervalSince1970: row[5]),
        deletedDate: (row[6] as Double?).map(Date.init(timeIntervalSince1970:)), contentHash: row[7],
        link: try (row[8] as String?).map(uuid), taskVersionUUID: try (row[9] as String?).map(uuid),
        occurrenceIndex: row[10], impactsAdherence: row[11], json: row[12])
    }.sorted { ($0.id, $0.sequence) < ($1.id, $1.sequence) }
  }

  func sources(of uuids: [UUID]) throws -> [UUID: [SourceReference]] {
    var sources: [UUID: [SourceReference]] = [:]
    let sql = """
      SELECT version_uuid, resource_type, resource_id, full_url, version_id, release, source FROM provenance
      WHERE version_uuid IN ($) ORDER BY version_uuid, ordinal
      """
    // Each list's rows come in that order, and a version's rows all come with its list.
    for row in try rows(sql, listing: uuids.map(\.text)) {
      let release = SourceReference.Release(rawValue: row[5]) ?? .r4
      let (version, type, id): (UUID, String, String?) = (try uuid(row[0]), row[1], row[2])
      let json = try (row[6] as Data?).map {
        try StoredSource.unpack($0, store: store, version: version, resourceType: type, resourceID: id)
      }
      sources[version, default: []].append(
        SourceReference(
          resourceType: type, resourceID: id, fullUrl: row[3], versionID: row[4], release: release, json: json))
    }
    return sources
  }

  func entityIDs(_ kind: EntityKind) throws -> [String] {
    try String.fetchAll(db, sql: "SELECT DISTINCT id FROM \(kind.tableName)")
  }

  func versions(fromResource type: String, id: String) throws -> [(kind: EntityKind, uuid: UUID)] {
    let rows = try Row.fetchAll(
      db,
      sql: """
        SELECT v.kind, v.uuid FROM provenance p JOIN versions v ON v.uuid = p.version_uuid
        WHERE p.resource_type = ? AND p.resource_id = ? ORDER BY v.kind, v.id, v.seq
        """, arguments: [type, id])
    return try rows.compactMap { row in
      guard let kind = EntityKind(rawValue: row[0]) else { return nil }
      return (kind, try uuid(row[1]))
    }
  }

  func occupiedSlots(_ slots: [OccurrenceSlot]) throws -> [OccurrenceSlot: String] {
    var occupied: [OccurrenceSlot: String] = [:]
    let byKey = Dictionary(slots.map { (Self.slotKey($0), $0) }, uniquingKeysWith: { a, _ in a })
    for row in try rows("SELECT slot, id FROM outcome WHERE slot IN ($)", listing: Array(byKey.keys)) {
      if let slot = byKey[row[0]] { occupied[slot] = row[1] }
    }
    return occupied
  }

  func rowCounts() throws -> [String: Int] {
    var counts: [String: Int] = [:]
    for table in SQLiteSchema.tables {
      counts[table] = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table)") ?? 0
    }
    return counts
  }

  // MARK: Writing

  func append(_ version: StoredVersion, replacing head: VersionHead?) throws {
    if let head {
      let headUUID = head.uuid.text
      try db.cachedStatement(sql: "UPDATE versions SET is_head = 0 WHERE uuid = ?").execute(arguments: [headUUID])
      if head.kind == .outcome {
        try db.cachedStatement(sql: "UPDATE outcome SET slot = NULL WHERE uuid = ?").execute(arguments: [headUUID])
      }
    }
    // Each uuid's text is made once, and each row's arguments are one array: making the text
    // again per statement and joining the shared columns onto each table's took over a third of
    // what this function spends besides SQLite in `import` (docs/benchmarks/job-2026-12-01.md, "Rows bound once").
    let uuid = version.uuid.text
    try db.cachedStatement(
      sql: """
        INSERT INTO versions (uuid, kind, id, seq, root_uuid, previous_uuid, is_head, content_hash)
        VALUES (?, ?, ?, ?, ?, ?, 1, ?)
        """
    ).execute(arguments: [
      uuid, version.kind.rawValue, version.id, version.sequence,
      version.rootUUID == version.uuid ? uuid : version.rootUUID.text, version.previousUUID?.text,
      version.contentHash,
    ])
    let id = version.id
    let effective = version.effectiveDate.timeIntervalSince1970
    let deleted = version.deletedDate?.timeIntervalSince1970
    switch version.kind {
    case .patient:
      try db.cachedStatement(
        sql: "INSERT INTO patient (uuid, id, effective_date, deleted_date, json) VALUES (?, ?, ?, ?, ?)"
      ).execute(arguments: [uuid, id, effective, deleted, version.json])
    case .carePlan:
      try db.cachedStatement(
        sql:
          "INSERT INTO care_plan (uuid, id, effective_date, deleted_date, patient_uuid, json) VALUES (?, ?, ?, ?, ?, ?)"
      ).execute(arguments: [uuid, id, effective, deleted, version.link?.text, version.json])
    case .contact:
      try db.cachedStatement(
        sql:
          "INSERT INTO contact (uuid, id, effective_date, deleted_date, care_plan_uuid, json) VALUES (?, ?, ?, ?, ?, ?)"
      ).execute(arguments: [uuid, id, effective, deleted, version.link?.text, version.json])
    case .task:
      try db.cachedStatement(
        sql: """
          INSERT INTO task (uuid, id, effective_date, deleted_date, care_plan_uuid, impacts_adherence, json)
          VALUES (?, ?, ?, ?, ?, ?, ?)
          """
      ).execute(arguments: [
        uuid, id, effective, deleted, version.link?.text, version.impactsAdherence ?? true, version.json,
      ])
    case .outcome:
      var slot: String?
      if let task = version.taskVersionUUID, let index = version.occurrenceIndex, version.deletedDate == nil {
        slot = Self.slotKey(OccurrenceSlot(taskVersion: task, index: index))
      }
      try db.cachedStatement(
        sql: """
          INSERT INTO outcome (uuid, id, effective_date, deleted_date, task_uuid, task_version_uuid, occurrence_index,
            impacts_adherence, slot, json)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
          """
      ).execute(arguments: [
        uuid, id, effective, deleted, version.link?.text, version.taskVersionUUID?.text,
        version.occurrenceIndex ?? 0, version.impactsAdherence ?? false, slot, version.json,
      ])
    }
  }

  func addSources(_ sources: [SourceReference], to version: UUID) throws {
    let packer = StoredSource.Packer()
    try addSources(sources, stored: sources.map { $0.json.map(packer.pack) }, to: version)
  }

  var takesStoredSources: Bool { true }

  func addSources(_ sources: [SourceReference], stored: [Data?], to version: UUID) throws {
    let statement = try db.cachedStatement(
      sql: """
        INSERT INTO provenance (version_uuid, ordinal, resource_type, resource_id, full_url, version_id, release, source)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?)
        """)
    let uuid = version.text
    for (ordinal, source) in sources.enumerated() {
      try statement.execute(arguments: [
        uuid, ordinal, source.resourceType, source.resourceID, source.fullUrl, source.versionID,
        source.release.rawValue, stored[ordinal],
      ])
    }
  }

  // MARK: Helpers

  /// The most values one statement of ``rows(_:leading:listing:)`` lists.
  private static let longestList = 500
  /// The lengths of list that ``rows(_:leading:listing:)`` prepares statements for, with their
  /// placeholders: the longest, and each power of two below it.
  private static let listMarks: [Int: String] = Dictionary(
    uniqueKeysWithValues: ([longestList] + sequence(first: 1) { $0 * 2 }.prefix { $0 < longestList }).map {
      ($0, Array(repeating: "?", count: $0).joined(separator: ","))
    })

  /// The rows `sql` gives for `values`: `$` in `sql` stands for a list of them, and `leading`
  /// are the arguments bound before it. The values go ``longestList`` at a time, then the rest
  /// in lists of the largest power of two left, so that a few statements serve every count, each
  /// prepared once per connection: preparing one for each list took 1.2 % of `import`'s
  /// instructions, and padding every list to one length cost more than it saved
  /// (docs/benchmarks/job-2026-12-02.md, "Lists prepared once").
  private func rows(_ sql: String, leading: StatementArguments = [], listing values: [String]) throws -> [Row] {
    var rows: [Row] = []
    var rest = values[...]
    while !rest.isEmpty {
      let length =
        rest.count >= Self.longestList ? Self.longestList : 1 << (Int.bitWidth - 1 - rest.count.leadingZeroBitCount)
      let statement = try db.cachedStatement(sql: sql.replacingOccurrences(of: "$", with: Self.listMarks[length]!))
      rows += try Row.fetchAll(statement, arguments: leading + StatementArguments(Array(rest.prefix(length))))
      rest = rest.dropFirst(length)
    }
    return rows
  }

  static func slotKey(_ slot: OccurrenceSlot) -> String { "\(slot.taskVersion.text)|\(slot.index)" }

  func uuid(_ text: String) throws -> UUID {
    guard let uuid = UUID(text: text) else {
      throw StoreError(.corrupt, store: store, operation: "reading", detail: "a stored uuid is malformed")
    }
    return uuid
  }
}

import CareStore
import Foundation
import GRDB

/// The store's schema as named GRDB migrations. A migration, once released, never changes; a
/// new schema adds a migration. A store with migrations this list does not know was written by
/// a newer FHIRKit and is refused (``StoreError/Kind/newerSchema``).
enum SQLiteSchema {
  /// Every table, for counts and content comparisons.
  static let tables = ["versions", "patient", "care_plan", "task", "outcome", "contact", "provenance"]

  static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("v1-entities-versions-provenance") { db in
      // Version bookkeeping for every kind: chains, heads, content hashes.
      try db.execute(
        sql: """
          CREATE TABLE versions (
            uuid TEXT PRIMARY KEY NOT NULL,
            kind TEXT NOT NULL,
            id TEXT NOT NULL,
            seq INTEGER NOT NULL CHECK (seq >= 1),
            root_uuid TEXT NOT NULL,
            previous_uuid TEXT REFERENCES versions(uuid),
            is_head INTEGER NOT NULL CHECK (is_head IN (0, 1)),
            content_hash TEXT NOT NULL,
            UNIQUE (kind, id, seq)
          );
          CREATE UNIQUE INDEX versions_one_head ON versions(kind, id) WHERE is_head = 1;
          CREATE INDEX versions_head_by_root ON versions(kind, root_uuid) WHERE is_head = 1;

          CREATE TABLE patient (
            uuid TEXT PRIMARY KEY NOT NULL REFERENCES versions(uuid),
            id TEXT NOT NULL,
            effective_date REAL NOT NULL,
            deleted_date REAL,
            json BLOB NOT NULL
          );
          CREATE INDEX patient_by_id ON patient(id);

          CREATE TABLE care_plan (
            uuid TEXT PRIMARY KEY NOT NULL REFERENCES versions(uuid),
            id TEXT NOT NULL,
            effective_date REAL NOT NULL,
            deleted_date REAL,
            patient_uuid TEXT REFERENCES patient(uuid),
            json BLOB NOT NULL
          );
          CREATE INDEX care_plan_by_id ON care_plan(id);
          CREATE INDEX care_plan_by_patient ON care_plan(patient_uuid);

          CREATE TABLE task (
            uuid TEXT PRIMARY KEY NOT NULL REFERENCES versions(uuid),
            id TEXT NOT NULL,
            effective_date REAL NOT NULL,
            deleted_date REAL,
            care_plan_uuid TEXT REFERENCES care_plan(uuid),
            impacts_adherence INTEGER NOT NULL,
            json BLOB NOT NULL
          );
          CREATE INDEX task_by_id ON task(id);
          CREATE INDEX task_by_plan ON task(care_plan_uuid);

          CREATE TABLE outcome (
            uuid TEXT PRIMARY KEY NOT NULL REFERENCES versions(uuid),
            id TEXT NOT NULL,
            effective_date REAL NOT NULL,
            deleted_date REAL,
            task_uuid TEXT REFERENCES task(uuid),
            task_version_uuid TEXT REFERENCES task(uuid),
            occurrence_index INTEGER NOT NULL,
            impacts_adherence INTEGER NOT NULL,
            -- "<task version>|<occurrence>" while this is the current outcome of an adherence task.
            slot TEXT UNIQUE,
            json BLOB NOT NULL
          );
          CREATE INDEX outcome_by_id ON outcome(id);
          CREATE INDEX outcome_by_task ON outcome(task_uuid);
          CREATE INDEX outcome_by_date ON outcome(effective_date);

          CREATE TABLE provenance (
            version_uuid TEXT NOT NULL REFERENCES versions(uuid),
            ordinal INTEGER NOT NULL,
            resource_type TEXT NOT NULL,
            resource_id TEXT,
            full_url TEXT,
            version_id TEXT,
            release TEXT NOT NULL,
            PRIMARY KEY (version_uuid, ordinal)
          ) WITHOUT ROWID;
          CREATE INDEX provenance_by_resource ON provenance(resource_type, resource_id);
          """)
    }
    migrator.registerMigration("v2-outcome-slots-for-every-task") { db in
      try fillOutcomeSlots(db)
    }
    migrator.registerMigration("v3-provenance-source") { db in
      // The resource each version came from, as read (compact JSON of its model); NULL for
      // versions written before this migration or by a pipeline that kept no source.
      try db.execute(sql: "ALTER TABLE provenance ADD COLUMN source BLOB")
    }
    migrator.registerMigration("v4-sync") { db in
      // The store's own process in sync knowledge vectors (one row, made here), and the clock of
      // every process a server has heard from. A version's sync position is its row id.
      try db.execute(
        sql: """
          CREATE TABLE sync_process (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            uuid TEXT NOT NULL
          );
          CREATE TABLE sync_clock (
            process TEXT PRIMARY KEY NOT NULL,
            clock INTEGER NOT NULL CHECK (clock >= 0)
          ) WITHOUT ROWID;
          """)
      try db.execute(sql: "INSERT INTO sync_process (id, uuid) VALUES (1, ?)", arguments: [UUID().uuidString])
    }
    migrator.registerMigration("v5-contacts") { db in
      // Care team members (CareKit's OCKContact), each linked to a care plan, as devices sync them.
      try db.execute(
        sql: """
          CREATE TABLE contact (
            uuid TEXT PRIMARY KEY NOT NULL REFERENCES versions(uuid),
            id TEXT NOT NULL,
            effective_date REAL NOT NULL,
            deleted_date REAL,
            care_plan_uuid TEXT REFERENCES care_plan(uuid),
            json BLOB NOT NULL
          );
          CREATE INDEX contact_by_id ON contact(id);
          CREATE INDEX contact_by_plan ON contact(care_plan_uuid);
          """)
    }
    migrator.registerMigration("v6-provenance-in-write-order") { db in
      // Provenance rows (each with its compressed source, most of the store) were kept in the
      // order of their version's random uuid, so every import wrote them all over the file; now
      // they are appended, and a small index finds a version's rows (docs/store.md, "Provenance
      // in write order"). The rows are copied in the old order; their content does not change.
      try db.execute(
        sql: """
          CREATE TABLE provenance_appended (
            version_uuid TEXT NOT NULL REFERENCES versions(uuid),
            ordinal INTEGER NOT NULL,
            resource_type TEXT NOT NULL,
            resource_id TEXT,
            full_url TEXT,
            version_id TEXT,
            release TEXT NOT NULL,
            source BLOB,
            UNIQUE (version_uuid, ordinal)
          );
          INSERT INTO provenance_appended
            (version_uuid, ordinal, resource_type, resource_id, full_url, version_id, release, source)
            SELECT version_uuid, ordinal, resource_type, resource_id, full_url, version_id, release, source
            FROM provenance ORDER BY version_uuid, ordinal;
          DROP TABLE provenance;
          ALTER TABLE provenance_appended RENAME TO provenance;
          CREATE INDEX provenance_by_resource ON provenance(resource_type, resource_id);
          """)
    }
    migrator.registerMigration("v7-import-mark") { db in
      // The mark the last clean import left (`ImportMark`, as JSON): at most one row.
      try db.execute(
        sql: """
          CREATE TABLE import_mark (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            mark BLOB NOT NULL
          );
          """)
    }
    migrator.registerMigration("v8-sources-zstd") { _ in
      // No table changes: from here on sources are packed with Zstandard (`StoredSource`, tag
      // `FKZS`), which FHIRKit before this migration would hand out as if they were JSON. The
      // migration it does not know makes it refuse the store (`newerSchema`) instead. Sources
      // packed before (zlib, `FKZ1`) stay as they are and read back.
    }
    migrator.registerMigration("v9-plan-patient-may-come-later") { db in
      // A plan's patient may not be stored yet: the pipeline gives the orders and Observations
      // of a Patient outside the input a plan linked to the uuid that Patient's entity gets, so
      // that they belong to it whichever is imported first (docs/store.md, "Links"). The foreign
      // key refused such a plan, and with it every task and outcome under it. `care_plan` is
      // made again without it (SQLite drops no constraint in place); rows and indexes unchanged.
      try db.execute(
        sql: """
          CREATE TABLE care_plan_v9 (
            uuid TEXT PRIMARY KEY NOT NULL REFERENCES versions(uuid),
            id TEXT NOT NULL,
            effective_date REAL NOT NULL,
            deleted_date REAL,
            patient_uuid TEXT,
            json BLOB NOT NULL
          );
          INSERT INTO care_plan_v9 (uuid, id, effective_date, deleted_date, patient_uuid, json)
            SELECT uuid, id, effective_date, deleted_date, patient_uuid, json FROM care_plan ORDER BY rowid;
          DROP TABLE care_plan;
          ALTER TABLE care_plan_v9 RENAME TO care_plan;
          CREATE INDEX care_plan_by_id ON care_plan(id);
          CREATE INDEX care_plan_by_patient ON care_plan(patient_uuid);
          """)
    }
    return migrator
  }

  /// From `v2-outcome-slots-for-every-task` on, every current outcome takes its
  /// "<task version>|<occurrence>" slot, not only those of adherence tasks, so the column's
  /// `UNIQUE` holds outcomes of every task to one per occurrence. Fills the slots of current
  /// outcomes a `v1` store left empty; where a `v1` store holds several for one occurrence
  /// (an observation log task's readings of one day), the slot goes to the earliest, then lowest
  /// id — the outcome a re-import merges them into — and the others are left without one (the
  /// invariant check reports them).
  static func fillOutcomeSlots(_ db: Database) throws {
    var taken = Set(try String.fetchAll(db, sql: "SELECT slot FROM outcome WHERE slot IS NOT NULL"))
    let rows = try Row.fetchAll(
      db,
      sql: """
        SELECT o.uuid, o.task_version_uuid, o.occurrence_index FROM outcome o JOIN versions v ON v.uuid = o.uuid
        WHERE v.is_head = 1 AND o.slot IS NULL AND o.deleted_date IS NULL AND o.task_version_uuid IS NOT NULL
        ORDER BY o.effective_date, o.id
        """)
    let update = try db.makeStatement(sql: "UPDATE outcome SET slot = ? WHERE uuid = ?")
    for row in rows {
      let uuid: String = row[0]
      let taskVersion: String = row[1]
      let index: Int = row[2]
      let slot = "\(taskVersion)|\(index)"
      guard taken.insert(slot).inserted else { continue }
      try update.execute(arguments: [slot, uuid])
    }
  }
}

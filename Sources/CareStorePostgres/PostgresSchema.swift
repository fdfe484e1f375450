import CareStore

/// The store's PostgreSQL schema as named migrations, recorded in `fhirkit_migrations`. A
/// migration, once released, never changes; a new schema adds one. A database with migrations
/// this list does not know was written by a newer FHIRKit and is refused
/// (``StoreError/Kind/newerSchema``).
///
/// The tables are SQLite's (`CareStoreSQLite`), with native `uuid` and `boolean` columns, plus a
/// distribution key: every table has `patient_key`, the root uuid of the patient an entity
/// belongs to (a patient's own root uuid; for an entity linked to no patient, the root uuid of
/// the entity its chain of links ends at). An entity keeps the key of its first version. Every
/// primary key, unique constraint and foreign key includes `patient_key`, so that Citus can
/// distribute all tables by it, co-located (`docs/store.md`, "PostgreSQL"). Since an entity's
/// key is fixed, `(patient_key, kind, id, seq)` is as unique as `(kind, id, seq)`.
enum PostgresSchema {
  /// Every table, for counts (the names `rowCounts` reports, as SQLite's).
  static let tables = ["versions", "patient", "care_plan", "task", "outcome", "contact", "provenance"]

  /// The migrations table, created before anything else.
  static let migrationsTable = """
    CREATE TABLE IF NOT EXISTS fhirkit_migrations (
      identifier text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )
    """

  /// The migrations in order: identifier, statements (run in one transaction).
  static let migrations: [(identifier: String, statements: [String])] = [
    ("v1-entities-versions-provenance", v1),
    ("v2-import-jobs", ImportJobSchema.v2),
    ("v3-sync", v3),
    ("v4-contacts", v4),
    // No table changes: from here on sources are packed with Zstandard (`StoredSource`), which
    // FHIRKit before this migration would hand out as if they were JSON; it refuses the store
    // instead (`newerSchema`). Sources packed before (zlib) stay and read back.
    ("v5-sources-zstd", []),
    ("v6-plan-patient-may-come-later", v6),
  ]

  /// A plan's patient may not be stored yet (an order's or Observation's plan made for a Patient
  /// outside the input, imported before that Patient: docs/store.md, "Links"): the foreign key
  /// from `care_plan` to `patient` goes. The plan's `patient_key` is the patient's root uuid
  /// already (``PostgresAccess``: the link when its target is not stored), which is the key the
  /// patient takes when it comes.
  private static let v6 = [
    """
    DO $$
    DECLARE constraint_name text;
    BEGIN
      FOR constraint_name IN
        SELECT conname FROM pg_constraint
        WHERE conrelid = 'care_plan'::regclass AND confrelid = 'patient'::regclass AND contype = 'f'
      LOOP
        EXECUTE format('ALTER TABLE care_plan DROP CONSTRAINT %I', constraint_name);
      END LOOP;
    END $$
    """
  ]

  /// Care team members (CareKit's `OCKContact`), each linked to a care plan, as devices sync them.
  private static let v4 = [
    entityTable(
      "contact",
      columns: """
        care_plan_uuid uuid,
        FOREIGN KEY (patient_key, care_plan_uuid) REFERENCES care_plan (patient_key, uuid),
        """),
    "CREATE INDEX contact_by_id ON contact (id)",
    "CREATE INDEX contact_by_plan ON contact (care_plan_uuid)",
  ]

  /// Sync: each version's position is the transaction that wrote it (`change_xid`; see
  /// `PostgresAccess+Sync.swift`); the store's own process uuid, made here; every process's clock.
  /// Under Citus, `sync_process` and `sync_clock` are reference tables.
  private static let v3 = [
    "ALTER TABLE versions ADD COLUMN change_xid xid8 NOT NULL DEFAULT pg_current_xact_id()",
    "CREATE INDEX versions_by_change ON versions (change_xid)",
    """
    CREATE TABLE sync_process (
      id integer PRIMARY KEY CHECK (id = 1),
      uuid uuid NOT NULL
    )
    """,
    "INSERT INTO sync_process (id, uuid) VALUES (1, gen_random_uuid())",
    """
    CREATE TABLE sync_clock (
      process uuid PRIMARY KEY,
      clock bigint NOT NULL CHECK (clock >= 0)
    )
    """,
  ]

  private static let v1 = [
    """
    CREATE TABLE versions (
      patient_key uuid NOT NULL,
      uuid uuid NOT NULL,
      kind text NOT NULL,
      id text NOT NULL,
      seq bigint NOT NULL CHECK (seq >= 1),
      root_uuid uuid NOT NULL,
      previous_uuid uuid,
      is_head boolean NOT NULL,
      content_hash text NOT NULL,
      PRIMARY KEY (patient_key, uuid),
      CONSTRAINT versions_one_seq UNIQUE (patient_key, kind, id, seq),
      FOREIGN KEY (patient_key, previous_uuid) REFERENCES versions (patient_key, uuid)
    )
    """,
    "CREATE UNIQUE INDEX versions_one_head ON versions (patient_key, kind, id) WHERE is_head",
    "CREATE INDEX versions_head_by_id ON versions (kind, id) WHERE is_head",
    "CREATE INDEX versions_head_by_root ON versions (kind, root_uuid) WHERE is_head",
    "CREATE INDEX versions_by_uuid ON versions (uuid)",
    entityTable("patient", columns: ""),
    "CREATE INDEX patient_by_id ON patient (id)",
    entityTable(
      "care_plan",
      columns: """
        patient_uuid uuid,
        FOREIGN KEY (patient_key, patient_uuid) REFERENCES patient (patient_key, uuid),
        """),
    "CREATE INDEX care_plan_by_id ON care_plan (id)",
    "CREATE INDEX care_plan_by_patient ON care_plan (patient_uuid)",
    entityTable(
      "task",
      columns: """
        care_plan_uuid uuid,
        impacts_adherence boolean NOT NULL,
        FOREIGN KEY (patient_key, care_plan_uuid) REFERENCES care_plan (patient_key, uuid),
        """),
    "CREATE INDEX task_by_id ON task (id)",
    "CREATE INDEX task_by_plan ON task (care_plan_uuid)",
    entityTable(
      "outcome",
      columns: """
        task_uuid uuid,
        task_version_uuid uuid,
        occurrence_index bigint NOT NULL,
        impacts_adherence boolean NOT NULL,
        holds_slot boolean NOT NULL,
        FOREIGN KEY (patient_key, task_uuid) REFERENCES task (patient_key, uuid),
        FOREIGN KEY (patient_key, task_version_uuid) REFERENCES task (patient_key, uuid),
        """),
    "CREATE INDEX outcome_by_id ON outcome (id)",
    "CREATE INDEX outcome_by_task ON outcome (task_uuid)",
    "CREATE INDEX outcome_by_date ON outcome (effective_date)",
    // The current outcome of each occurrence of each task version: one, as SQLite's `slot`.
    """
    CREATE UNIQUE INDEX outcome_one_per_slot ON outcome (patient_key, task_version_uuid, occurrence_index)
      WHERE holds_slot
    """,
    "CREATE INDEX outcome_by_slot ON outcome (task_version_uuid, occurrence_index) WHERE holds_slot",
    """
    CREATE TABLE provenance (
      patient_key uuid NOT NULL,
      version_uuid uuid NOT NULL,
      ordinal bigint NOT NULL,
      resource_type text NOT NULL,
      resource_id text,
      full_url text,
      version_id text,
      release text NOT NULL,
      source bytea,
      PRIMARY KEY (patient_key, version_uuid, ordinal),
      FOREIGN KEY (patient_key, version_uuid) REFERENCES versions (patient_key, uuid)
    )
    """,
    "CREATE INDEX provenance_by_version ON provenance (version_uuid)",
    "CREATE INDEX provenance_by_resource ON provenance (resource_type, resource_id)",
  ]

  /// `CREATE TABLE` for an entity table: the common columns, `columns`, and the keys.
  private static func entityTable(_ name: String, columns: String) -> String {
    """
    CREATE TABLE \(name) (
      patient_key uuid NOT NULL,
      uuid uuid NOT NULL,
      id text NOT NULL,
      effective_date double precision NOT NULL,
      deleted_date double precision,
      json bytea NOT NULL,
      \(columns)
      PRIMARY KEY (patient_key, uuid),
      FOREIGN KEY (patient_key, uuid) REFERENCES versions (patient_key, uuid)
    )
    """
  }
}

import CareModel
import CarePipeline
import CareStore
import CareStoreFHIR
import CareStorePostgres
import CareStoreSQLite
import FHIRTestSupport
import FHIRR4
import Foundation
import GRDB
import Testing

/// The orders and Observations of a Patient imported before that Patient (a Bulk Data export's
/// `Observation.ndjson` first): the pipeline gives them a plan linked to the uuid the Patient
/// gets, the store keeps it (v9 / PostgreSQL v6 dropped the foreign key that refused it, and with
/// it every task and outcome below), and once the Patient comes they are its own — the store
/// holds what one import of everything holds (docs/store.md, "Links").
@Suite("A patient imported after its orders and observations")
struct PatientComesLaterTests {
  /// The Synthea bundles' resources without their Patients, and the Patients alone.
  /// The R4 Synthea bundles as a Bulk Data export would hold them (references `Patient/<id>`,
  /// ``BulkExport``): every resource but the Patients, the Patients, and all of them.
  static func parts() throws -> (withoutPatients: PipelineInput, patients: PipelineInput, all: PipelineInput) {
    var data = PipelineInput(), patients = PipelineInput(), all = PipelineInput()
    for path in StoreTestSupport.syntheaBundles where path.hasPrefix("r4/") {
      for (type, json) in try BulkExport.resources(ofBundle: Fixtures.bytes(path)) {
        let resource = try #require(try FHIRR4.AnyResource.decode(from: Chunked.tokens(json, chunkSize: json.count)).value)
        if type == "Patient" { patients.add(resource) } else { data.add(resource) }
        all.add(resource)
      }
    }
    return (data, patients, all)
  }

  @Test("stored before the patient, they belong to it once it comes; the store equals one import of all", arguments: StoreBackendKind.allCases)
  func patientLater(_ kind: StoreBackendKind) throws {
    let parts = try Self.parts()
    #expect(!parts.patients.entries.isEmpty)
    let later = try StoreTestSupport.newStore(kind, "later-\(kind)")
    let first = try CareImporter(backend: later).importResult(Pipeline().run(parts.withoutPatients))
    #expect(first.failures.isEmpty, "\(first.failures.prefix(3))")
    #expect(first.counts[.carePlan]!.added > 0 && first.counts[.outcome]!.added > 0)
    #expect(try StoreInvariants.violations(in: later) == [])
    // Before the patients come, their plans belong to no stored patient.
    let orphans = try CareStore(backend: later).ownerIDs()[.carePlan] ?? [:]
    #expect(orphans.values.contains { $0 == nil })

    let second = try CareImporter(backend: later).importResult(Pipeline().run(parts.patients))
    #expect(second.failures.isEmpty)
    #expect(try StoreInvariants.violations(in: later) == [])
    let together = try StoreTestSupport.newStore(kind, "together-\(kind)")
    try CareImporter(backend: together).importResult(Pipeline().run(parts.all))
    #expect(try CareStore(backend: later).ownerIDs() == CareStore(backend: together).ownerIDs())
    for entityKind in EntityKind.allCases {
      #expect(
        try CareStore(backend: later).records(entityKind, at: .distantFuture)
          == CareStore(backend: together).records(entityKind, at: .distantFuture), "\(entityKind)")
    }
  }

  @Test("a plan's link never names an entity of another kind")
  func aPlanNamingAnotherKindIsAViolation() throws {
    let parts = try Self.parts()
    let store = try StoreTestSupport.newStore()
    try CareImporter(backend: store).importResult(Pipeline().run(parts.all))
    #expect(try StoreInvariants.violations(in: store) == [])
    let queue = try DatabaseQueue(path: store.path)
    try queue.write { db in
      try db.execute(sql: "UPDATE care_plan SET patient_uuid = (SELECT uuid FROM task LIMIT 1) WHERE rowid = 1")
    }
    try queue.close()
    #expect(try StoreInvariants.violations(in: SQLiteBackend(path: store.path)).contains { $0.contains("names no stored patient") })
  }

  @Test("a store written before v9 opens, loses the plan's foreign key with its rows unchanged, and takes a plan whose patient comes later")
  func sqliteMigrates() throws {
    let parts = try Self.parts()
    let store = try StoreTestSupport.newStore()
    try CareImporter(backend: store).importResult(Pipeline().run(parts.patients))
    let path = store.path
    let before = try store.contentDump()
    // Make it a v8 store again: `care_plan` with its foreign key to `patient`, v9 not applied.
    let queue = try DatabaseQueue(path: path)
    try queue.writeWithoutTransaction { db in
      try db.execute(sql: "PRAGMA foreign_keys = OFF")
      try db.execute(
        sql: """
          CREATE TABLE care_plan_v8 (
            uuid TEXT PRIMARY KEY NOT NULL REFERENCES versions(uuid), id TEXT NOT NULL, effective_date REAL NOT NULL,
            deleted_date REAL, patient_uuid TEXT REFERENCES patient(uuid), json BLOB NOT NULL);
          INSERT INTO care_plan_v8 SELECT uuid, id, effective_date, deleted_date, patient_uuid, json FROM care_plan;
          DROP TABLE care_plan;
          ALTER TABLE care_plan_v8 RENAME TO care_plan;
          CREATE INDEX care_plan_by_id ON care_plan(id);
          CREATE INDEX care_plan_by_patient ON care_plan(patient_uuid);
          DELETE FROM grdb_migrations WHERE identifier = 'v9-plan-patient-may-come-later';
          """)
    }
    try queue.close()
    let migrated = try SQLiteBackend(path: path)
    #expect(try migrated.contentDump() == before)
    #expect(try migrated.integrityCheck() == ["ok"])
    let sql = try DatabaseQueue(path: path).read {
      try String.fetchOne($0, sql: "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'care_plan'") ?? ""
    }
    #expect(!sql.contains("REFERENCES patient"))
    let summary = try CareImporter(backend: migrated).importResult(Pipeline().run(parts.withoutPatients))
    #expect(summary.failures.isEmpty)
    #expect(try StoreInvariants.violations(in: migrated) == [])
  }

  @Test("PostgreSQL v6 drops the plan's foreign key to the patient, in a new database and in one made before it")
  func postgresMigrates() throws {
    let parts = try Self.parts()
    let cluster = try PostgresTestCluster.shared()
    let name = try cluster.makeDatabase("plan-patient-later")
    let url = cluster.url(database: name)
    let count = """
      SELECT count(*) FROM pg_constraint
      WHERE conrelid = 'care_plan'::regclass AND confrelid = 'patient'::regclass AND contype = 'f'
      """
    _ = try PostgresBackend(url: url)
    #expect(try cluster.psql(count, database: name).trimmingCharacters(in: .whitespacesAndNewlines) == "0")
    // A database made before v6: the constraint back, v6 not recorded; opening it migrates it.
    try cluster.psql(
      """
      ALTER TABLE care_plan ADD FOREIGN KEY (patient_key, patient_uuid) REFERENCES patient (patient_key, uuid);
      DELETE FROM fhirkit_migrations WHERE identifier = 'v6-plan-patient-may-come-later';
      """, database: name)
    #expect(try cluster.psql(count, database: name).trimmingCharacters(in: .whitespacesAndNewlines) == "1")
    let backend = try PostgresBackend(url: url)
    #expect(try cluster.psql(count, database: name).trimmingCharacters(in: .whitespacesAndNewlines) == "0")
    let summary = try CareImporter(backend: backend).importResult(Pipeline().run(parts.withoutPatients))
    #expect(summary.failures.isEmpty)
  }
}

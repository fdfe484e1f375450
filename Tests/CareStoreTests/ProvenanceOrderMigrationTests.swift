import CarePipeline
import CareStore
import CareStoreSQLite
import FHIRTestSupport
import Foundation
import GRDB
import Testing

/// `v6-provenance-in-write-order`: provenance rows are appended (a rowid table with a unique
/// index) instead of kept in the order of their version's uuid; stores written before it open,
/// migrate in place with the same content and go on.
@Suite("Provenance in write order")
struct ProvenanceOrderMigrationTests {
  static let result = Pipeline().run(try! StoreTestSupport.input(Array(StoreTestSupport.syntheaBundles.prefix(3))))

  static func provenanceSQL(_ path: String) throws -> String {
    let queue = try DatabaseQueue(path: path)
    defer { try? queue.close() }
    return try queue.read { db in
      try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'provenance'") ?? ""
    }
  }

  @Test("a new store appends provenance rows; a version's rows cannot be stored twice")
  func newStoreAppends() throws {
    let backend = try StoreTestSupport.newStore()
    try CareStore(backend: backend).importResult(Self.result)
    let sql = try Self.provenanceSQL(backend.path)
    #expect(!sql.uppercased().contains("WITHOUT ROWID"))
    let queue = try DatabaseQueue(path: backend.path)
    defer { try? queue.close() }
    try queue.write { db in
      let row = try #require(try Row.fetchOne(db, sql: "SELECT version_uuid, ordinal FROM provenance LIMIT 1"))
      #expect(throws: DatabaseError.self) {
        try db.execute(
          sql: "INSERT INTO provenance (version_uuid, ordinal, resource_type, release) VALUES (?, ?, 'Patient', 'r4')",
          arguments: [row[0] as String, row[1] as Int])
      }
    }
  }

  @Test("a store written before v6 opens, migrates with the same content, and an import goes on")
  func olderStoreMigrates() throws {
    let path: String
    let before: [String]
    do {
      let backend = try StoreTestSupport.newStore()
      try CareStore(backend: backend).importResult(Self.result)
      path = backend.path
      before = try backend.contentDump()
    }
    #expect(before.contains { $0.hasPrefix("provenance: ") })
    // Make it a v5 store again: provenance keyed by (version_uuid, ordinal), v6 not applied.
    let queue = try DatabaseQueue(path: path)
    try queue.write { db in
      try db.execute(
        sql: """
          CREATE TABLE provenance_keyed (
            version_uuid TEXT NOT NULL REFERENCES versions(uuid),
            ordinal INTEGER NOT NULL,
            resource_type TEXT NOT NULL,
            resource_id TEXT,
            full_url TEXT,
            version_id TEXT,
            release TEXT NOT NULL,
            source BLOB,
            PRIMARY KEY (version_uuid, ordinal)
          ) WITHOUT ROWID;
          INSERT INTO provenance_keyed SELECT version_uuid, ordinal, resource_type, resource_id, full_url,
            version_id, release, source FROM provenance;
          DROP TABLE provenance;
          ALTER TABLE provenance_keyed RENAME TO provenance;
          CREATE INDEX provenance_by_resource ON provenance(resource_type, resource_id);
          DELETE FROM grdb_migrations WHERE identifier = 'v6-provenance-in-write-order';
          """)
    }
    try queue.close()
    #expect(try Self.provenanceSQL(path).uppercased().contains("WITHOUT ROWID"))

    let reopened = try SQLiteBackend(path: path)
    #expect(!(try Self.provenanceSQL(path).uppercased().contains("WITHOUT ROWID")))
    #expect(try reopened.contentDump() == before)
    #expect(try reopened.integrityCheck() == ["ok"])
    #expect(try StoreInvariants.violations(in: reopened) == [])
    let store = CareStore(backend: reopened)
    let patient = try #require(Self.result.patients.first)
    let sources = try #require(try store.history(.patient, id: patient.id).first?.sources)
    #expect(!sources.isEmpty && sources.allSatisfy { $0.json != nil })
    // The same import adds nothing.
    #expect(try store.importResult(Self.result).versionsWritten == 0)
  }
}

import CareModel
import CarePipeline
import CareStore
import CareStoreFHIR
import CareStoreSQLite
import FHIRTestSupport
import Foundation
import GRDB
import Testing

/// `v3-provenance-source`: versions keep the resources they came from; stores written before it
/// open, migrate in place and go on.
@Suite("Sources kept with each version")
struct SourceMigrationTests {
  static let result = Pipeline().run(try! StoreTestSupport.input(Array(StoreTestSupport.syntheaBundles.prefix(3))))

  @Test("every source of an import keeps its JSON, with its release; without keepsSourceJSON none does")
  func sourcesKeepTheirJSON() throws {
    let backend = try StoreTestSupport.newStore()
    try CareStore(backend: backend).importResult(Self.result)
    let stored = try backend.read { reader in
      try reader.sources(of: try EntityKind.allCases.flatMap { try reader.versions($0, .all).map(\.uuid) })
    }
    let all = Array(stored.values.joined())
    #expect(all.count > 100)
    for source in all {
      let json = try #require(source.json)
      let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
      #expect(object["resourceType"] as? String == source.resourceType)
      #expect(object["id"] as? String == source.resourceID)
      #expect(source.release == .r4)  // the first bundles are R4 ones
    }
    var pipeline = Pipeline()
    pipeline.options.keepsSourceJSON = false
    let bare = pipeline.run(try StoreTestSupport.input(Array(StoreTestSupport.syntheaBundles.prefix(3))))
    #expect(bare.sources.values.joined().allSatisfy { $0.json == nil })
    #expect(bare.sources.count == Self.result.sources.count)
  }

  @Test("a store written before v3 opens, migrates, keeps its versions without sources and goes on")
  func olderStoreMigrates() throws {
    let path: String
    do {
      let backend = try StoreTestSupport.newStore()
      try CareStore(backend: backend).importResult(Self.result)
      path = backend.path
    }
    // Make it a v2 store again: no source column, v3 not applied.
    let queue = try DatabaseQueue(path: path)
    try queue.write { db in
      try db.execute(sql: "ALTER TABLE provenance DROP COLUMN source")
      try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier = 'v3-provenance-source'")
    }
    try queue.close()

    let reopened = try SQLiteBackend(path: path)
    let store = CareStore(backend: reopened)
    let patient = try #require(Self.result.patients.first)
    let sources = try #require(try store.history(.patient, id: patient.id).first?.sources)
    #expect(!sources.isEmpty)
    #expect(sources.allSatisfy { $0.json == nil })
    #expect(try StoreInvariants.violations(in: reopened) == [])
    // The same import adds nothing; the versions it would write keep their sources.
    #expect(try store.importResult(Self.result).versionsWritten == 0)
  }

  @Test("a store whose sources zlib packed (before v8) opens, migrates, and reads them back the same")
  func zlibPackedSourcesReadBack() throws {
    let path: String
    let before: [UUID: [SourceReference]]
    do {
      let backend = try StoreTestSupport.newStore()
      try CareStore(backend: backend).importResult(Self.result)
      path = backend.path
      before = try backend.read { reader in
        try reader.sources(of: try EntityKind.allCases.flatMap { try reader.versions($0, .all).map(\.uuid) })
      }
    }
    // Every source in the zlib form of earlier stores, and v8 not applied.
    let queue = try DatabaseQueue(path: path)
    try queue.write { db in
      #expect(try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations").contains("v8-sources-zstd"))
      let rows = try Row.fetchAll(db, sql: "SELECT rowid, source FROM provenance WHERE source IS NOT NULL")
      #expect(rows.count > 100)
      for row in rows {
        let packed: Data = row[1]
        #expect(packed.prefix(4) == Data("FKZS".utf8))
        let zlibForm = StoredSourceTests.zlibForm([UInt8](try StoredSource.unpack(packed)))
        try db.execute(sql: "UPDATE provenance SET source = ? WHERE rowid = ?", arguments: [zlibForm, row[0] as Int64])
      }
      try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier = 'v8-sources-zstd'")
    }
    try queue.close()

    let reopened = try SQLiteBackend(path: path)
    let after = try reopened.read { reader in
      try reader.sources(of: try EntityKind.allCases.flatMap { try reader.versions($0, .all).map(\.uuid) })
    }
    #expect(after == before)
    #expect(try StoreInvariants.violations(in: reopened) == [])
    let applied = try DatabaseQueue(path: path).read { db in
      try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations")
    }
    #expect(applied.contains("v8-sources-zstd"))
  }
}

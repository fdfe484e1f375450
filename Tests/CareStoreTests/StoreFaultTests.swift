import CarePipeline
import CareStore
import CareStoreFHIR
import CareStoreSQLite
import FHIRTestSupport
import Foundation
import GRDB
import Testing

@Suite("Store faults: each a typed error, nothing stored lost")
struct StoreFaultTests {
  /// One R4 patient's entities: a small first import.
  static let small: PipelineResult = {
    Pipeline().run(
      try! StoreTestSupport.input(Array(StoreTestSupport.syntheaBundles.filter { $0.hasPrefix("r4/") }.prefix(1))))
  }()

  func kind(of body: () throws -> Void) -> StoreError.Kind? {
    do {
      try body()
      return nil
    } catch let error as StoreError {
      return error.kind
    } catch {
      return .database
    }
  }

  @Test("the store file is created mode 0600, in WAL mode, with foreign keys on")
  func storeFile() throws {
    let backend = try StoreTestSupport.newStore()
    let attributes = try FileManager.default.attributesOfItem(atPath: backend.path)
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
    try CareStore(backend: backend).importResult(Self.small)
    let queue = try DatabaseQueue(path: backend.path)
    #expect(try queue.read { try String.fetchOne($0, sql: "PRAGMA journal_mode") } == "wal")
    #expect(try queue.read { try Int.fetchOne($0, sql: "PRAGMA foreign_keys") } == 1)
    let wal = backend.path + "-wal"
    if FileManager.default.fileExists(atPath: wal) {
      #expect((try FileManager.default.attributesOfItem(atPath: wal)[.posixPermissions] as? Int) == 0o600)
    }
  }

  @Test("a new store has pages of 16 KiB; a store made with 4 KiB pages keeps them and takes imports")
  func pageSize() throws {
    let backend = try StoreTestSupport.newStore()
    try CareStore(backend: backend).importResult(Self.small)
    func pageSize(_ path: String) throws -> Int? {
      try DatabaseQueue(path: path).read { try Int.fetchOne($0, sql: "PRAGMA page_size") }
    }
    #expect(try pageSize(backend.path) == SQLiteBackend.pageSize)
    #expect(SQLiteBackend.pageSize == 16384)

    // An older store: its file made with SQLite's default pages before FHIRKit opens it.
    let older = StoreTestSupport.folder(#function + "-older") + "/store.sqlite"
    try DatabaseQueue(path: older).write { try $0.execute(sql: "PRAGMA page_size = 4096; CREATE TABLE t (a); DROP TABLE t") }
    let reopened = try SQLiteBackend(path: older)
    try CareStore(backend: reopened).importResult(Self.small)
    #expect(try pageSize(older) == 4096)
    #expect(try reopened.integrityCheck() == ["ok"])
    #expect(try reopened.contentDump() == backend.contentDump())
  }

  @Test("disk full (a size limit): diskFull, the failed batch rolled back, what was stored before kept")
  func diskFull() throws {
    let backend = try StoreTestSupport.newStore()
    try CareStore(backend: backend).importResult(Self.small)
    let before = try backend.contentDump()
    let pages = try DatabaseQueue(path: backend.path).read { try Int.fetchOne($0, sql: "PRAGMA page_count")! }
    var options = SQLiteBackend.Options()
    options.maxPageCount = pages + 8
    let limited = try SQLiteBackend(path: backend.path, options: options)
    #expect(
      kind { try CareStore(backend: limited).importResult(StoreTestSupport.allResult, batchSize: 200) } == .diskFull)
    let after = try SQLiteBackend(path: backend.path)
    #expect(try after.integrityCheck() == ["ok"])
    #expect(try StoreInvariants.violations(in: after) == [])
    #expect(Set(before).isSubset(of: Set(try after.contentDump())))
    // With room again, the import completes.
    try CareStore(backend: after).importResult(StoreTestSupport.allResult)
    #expect(try StoreTestSupport.entityRows(after) == StoreTestSupport.counts(StoreTestSupport.allResult))
  }

  @Test("a read-only store: readOnly, content unchanged")
  func readOnly() throws {
    let backend = try StoreTestSupport.newStore()
    try CareStore(backend: backend).importResult(Self.small)
    let before = try backend.contentDump()
    var options = SQLiteBackend.Options()
    options.readOnly = true
    let readOnly = try SQLiteBackend(path: backend.path, options: options)
    #expect(kind { try CareStore(backend: readOnly).importResult(StoreTestSupport.allResult) } == .readOnly)
    #expect(try CareStore(backend: readOnly).patients(at: .distantFuture).count == Self.small.patients.count)
    if geteuid() != 0 {
      // File permissions do not stop root, so this part runs for other users only.
      try FileManager.default.setAttributes([.posixPermissions: 0o400], ofItemAtPath: backend.path)
      #expect(
        kind { try CareStore(backend: try SQLiteBackend(path: backend.path)).importResult(StoreTestSupport.allResult) }
          == .readOnly)
      try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: backend.path)
    }
    #expect(try SQLiteBackend(path: backend.path).contentDump() == before)
  }

  @Test("a file that is not a store, a damaged store, another application's database: corrupt, file untouched")
  func corrupt() throws {
    let folder = StoreTestSupport.folder()
    let garbage = folder + "/garbage.sqlite"
    let bytes = Data((0..<65536).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) })
    #expect(FileManager.default.createFile(atPath: garbage, contents: bytes))
    #expect(kind { _ = try SQLiteBackend(path: garbage) } == .corrupt)
    #expect(FileManager.default.contents(atPath: garbage) == bytes)

    let other = folder + "/other.sqlite"
    try DatabaseQueue(path: other).write { try $0.execute(sql: "CREATE TABLE notes (text TEXT)") }
    #expect(kind { _ = try SQLiteBackend(path: other) } == .corrupt)

    // A real store with its pages overwritten after the header and schema.
    let damaged = folder + "/damaged.sqlite"
    // The store is closed first: its checkpointer may still be copying the log, and a
    // checkpoint under way makes the one below busy, leaving pages in the log the damage misses.
    do { try CareStore(backend: try SQLiteBackend(path: damaged)).importResult(Self.small) }
    let queue = try DatabaseQueue(path: damaged)
    let busy = try queue.writeWithoutTransaction {
      try Int.fetchOne($0, sql: "PRAGMA wal_checkpoint(TRUNCATE)")
    }
    #expect(busy == 0)
    try queue.close()
    let handle = try #require(FileHandle(forUpdatingAtPath: damaged))
    let size = try handle.seekToEnd()
    try handle.seek(toOffset: size / 2)
    try handle.write(contentsOf: Data(repeating: 0xA5, count: 16384))
    try handle.close()
    let damagedKind = kind {
      let reopened = try SQLiteBackend(path: damaged)
      _ = try StoreInvariants.violations(in: reopened)
      _ = try CareStore(backend: reopened).importResult(StoreTestSupport.allResult)
    }
    #expect(damagedKind == .corrupt)
  }

  @Test("a store from a newer schema version: newerSchema, not migrated or changed")
  func newerSchema() throws {
    let backend = try StoreTestSupport.newStore()
    try CareStore(backend: backend).importResult(Self.small)
    let queue = try DatabaseQueue(path: backend.path)
    try queue.write {
      try $0.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v2-from-a-newer-fhirkit')")
    }
    let before = try queue.read {
      try Row.fetchAll($0, sql: "SELECT uuid, json FROM versions JOIN patient USING (uuid)")
    }
    let error = #expect(throws: StoreError.self) { _ = try SQLiteBackend(path: backend.path) }
    #expect(error?.kind == .newerSchema)
    #expect(error?.description.contains("newer FHIRKit") == true)
    #expect(
      try queue.read { try Row.fetchAll($0, sql: "SELECT uuid, json FROM versions JOIN patient USING (uuid)") }
        == before)
  }

  @Test("tombstones: a deleted entity leaves queries from its deletion date on")
  func tombstone() throws {
    let backend = try StoreTestSupport.newStore()
    let store = CareStore(backend: backend)
    try store.importResult(Self.small)
    let plan = try #require(Self.small.carePlans.first { !$0.id.hasPrefix("observation-log/") })
    let patient = try #require(Self.small.patients.first)
    let deletion = plan.effectiveDate.addingTimeInterval(86_400 * 30)
    #expect(try store.delete(.carePlan, id: plan.id, at: deletion))
    #expect(try !store.delete(.carePlan, id: plan.id, at: deletion))
    #expect(
      try store.carePlans(ofPatient: patient.id, at: deletion.addingTimeInterval(-1)).contains { $0.id == plan.id })
    #expect(try !store.carePlans(ofPatient: patient.id, at: deletion).contains { $0.id == plan.id })
    let history = try store.history(.carePlan, id: plan.id)
    #expect(history.count == 2 && history[1].stored.deletedDate == deletion)
    #expect(try StoreInvariants.violations(in: backend) == [])
    // Importing the plan again restores it as a new version.
    let summary = try store.importResult(Self.small)
    #expect(summary.counts[.carePlan]?.newVersions == 1)
    #expect(try store.carePlans(ofPatient: patient.id, at: .distantFuture).contains { $0.id == plan.id })
  }
}

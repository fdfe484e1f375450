import CarePipeline
import CareStore
@testable import CareStoreSQLite
import FHIRTestSupport
import Foundation
import GRDB
import Testing

@Suite("The write-ahead log checkpointed beside the writer")
struct WALCheckpointTests {
  /// The versions the database file holds by itself, without its log: counted in a copy of the
  /// file alone (nil while the copy has no `versions` table or is caught mid-checkpoint).
  func versionsInFileAlone(_ path: String, folder: String) -> Int? {
    let copy = folder + "/copy-\(UUID().uuidString).sqlite"
    defer {
      for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: copy + suffix) }
    }
    guard (try? FileManager.default.copyItem(atPath: path, toPath: copy)) != nil else { return nil }
    return try? DatabaseQueue(path: copy).read { try Int.fetchOne($0, sql: "SELECT count(*) FROM versions") }
  }

  @Test("each import reaches the database file itself soon after, the store open throughout")
  func importsReachTheFile() throws {
    let backend = try StoreTestSupport.newStore()
    let store = CareStore(backend: backend)
    let folder = StoreTestSupport.folder(#function)
    // SQLite alone copies the log into the file at 64 MiB of log or when the store closes: these
    // imports, the store open throughout, would all stay in the log.
    for path in StoreTestSupport.syntheaBundles.prefix(20) {
      try store.importResult(Pipeline().run(try StoreTestSupport.input([path])))
      let stored = try DatabaseQueue(path: backend.path).read {
        try Int.fetchOne($0, sql: "SELECT count(*) FROM versions")
      }
      let deadline = Date().addingTimeInterval(30)
      var inFile = versionsInFileAlone(backend.path, folder: folder)
      while inFile != stored && Date() < deadline {
        Thread.sleep(forTimeInterval: 0.02)
        inFile = versionsInFileAlone(backend.path, folder: folder)
      }
      #expect(inFile == stored, "\(path): \(String(describing: inFile)) of \(String(describing: stored)) versions")
      guard inFile == stored else { return }
    }
    #expect(try backend.integrityCheck() == ["ok"])
  }

  /// The size in bytes of the store's log file at `path` (0 when there is none).
  func logSize(_ path: String) -> Int {
    (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? 0
  }

  @Test("a log that grew long while a reader pinned it starts again at the next write")
  func longLogStartsAgain() throws {
    let backend = try StoreTestSupport.newStore()
    // A reader holding a transaction from before the imports: no checkpoint may copy a page
    // past its snapshot, so the log only grows.
    var pinning = Configuration()
    pinning.allowsUnsafeTransactions = true
    let reader = try DatabaseQueue(path: backend.path, configuration: pinning)
    try reader.inDatabase { db in
      try db.execute(sql: "BEGIN DEFERRED")
      _ = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master")
    }
    // Many small transactions, each appending the pages it touched to the pinned log.
    try CareImporter(backend: backend, batchSize: 10).importResult(StoreTestSupport.allResult)
    let grown = logSize(backend.path)
    try #require(grown > SQLiteBackend.longLog, "the log grew to \(grown) bytes only")

    try reader.inDatabase { db in try db.execute(sql: "COMMIT") }
    try reader.close()
    // One write transaction, and nothing after it: the checkpoint asked for after the last
    // import could not copy the pinned pages, and the one asked for after this write comes too
    // late, so only the writer's own restart keeps this write from appending to the long log.
    let mark = ImportMark(fingerprint: "f", quickKey: "q", date: Date(), resourcesRead: 1, entities: [:])
    try backend.write { try $0.setImportMark(mark) }
    let after = logSize(backend.path)
    #expect(after <= SQLiteBackend.longLog, "the log was \(grown) bytes, then \(after)")
    #expect(try backend.read { try $0.importMark() } == mark)
    #expect(try backend.integrityCheck() == ["ok"])
  }
}

import CarePipeline
import CareStore
import CareStoreSQLite
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
}

import CareStore
import CareStoreSQLite
import FHIRTestSupport
import Foundation
import GRDB
import Testing

@Suite("Killed and concurrent importers", .serialized)
struct CrashConcurrencyTests {
  /// The R4 bundles and some DSTU2 ones: a few seconds of importing in a debug build.
  static let inputs = ["r4/bundles"] + Array(Fixtures.files(extensions: ["json"], under: "dstu2/bundles").prefix(4))

  @Test(
    "an import killed with SIGKILL at random points leaves a sound store; running it again gives the uninterrupted result"
  )
  func killedImports() throws {
    let folder = StoreTestSupport.folder()
    let reference = folder + "/reference.sqlite"
    let start = Date()
    let code = try ImportProcess(inputs: Self.inputs, store: reference, batchSize: 10).wait()
    let duration = Date().timeIntervalSince(start)
    #expect(code == 0 || code == 1)
    let expected = try SQLiteBackend(path: reference).contentDump()
    #expect(expected.count > 1000)

    let crashed = folder + "/crashed.sqlite"
    var generator = SystemRandomNumberGenerator()
    var kills = 0
    var partial = 0
    // Kill until 22 runs were killed while running (a run that ends first is not counted).
    var attempts = 0
    while kills < 22 && attempts < 60 {
      attempts += 1
      if attempts % 2 == 1 && partial == 0 {
        // Until a kill has left a partly written store, the kills while batches are written start
        // from an empty store: one that an earlier run completed leaves nothing partial to find.
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: crashed + suffix) }
      }
      let run = try ImportProcess(inputs: Self.inputs, store: crashed, batchSize: 10)
      if attempts % 2 == 0 {
        // Anywhere in the run: reading, merging or writing.
        usleep(useconds_t(Double.random(in: 0.05...0.9, using: &generator) * duration * 1_000_000))
      } else {
        // While batches are being written: once the run has written to the WAL file (the checks
        // below close the last connection, which removes it), after a random delay.
        let wal = crashed + "-wal"
        let deadline = Date().addingTimeInterval(duration * 2)
        while Self.walSize(wal) == 0 && Date() < deadline { usleep(2000) }
        // Opening a new store writes its schema and marks first, and frames can be written before
        // their batch commits: wait for a committed batch, read through a connection of its own
        // (waiting for WAL frames after the schema still found nothing partial, 0 of 11 kills,
        // on a machine loaded by fuzzing and two test runs).
        while Self.committedVersions(crashed) == 0 && Date() < deadline { usleep(1000) }
        // Soon after: batches are written as partitions are merged, and since sources are
        // compressed before the write transaction the writing is a short part of a run (a
        // delay of up to 0.15 of a run let every such kill land after the last batch on a
        // loaded machine).
        usleep(useconds_t(Double.random(in: 0...0.03, using: &generator) * duration * 1_000_000))
      }
      guard run.kill() else {
        // The run finished first: start the next ones from an empty store again.
        #expect(try SQLiteBackend(path: crashed).contentDump() == expected)
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: crashed + suffix) }
        continue
      }
      kills += 1
      let backend = try SQLiteBackend(path: crashed)
      #expect(try backend.integrityCheck() == ["ok"])
      #expect(try StoreInvariants.violations(in: backend) == [])
      let rows = try backend.contentDump().count
      if rows > 0 && rows < expected.count { partial += 1 }
    }
    #expect(kills >= 20)
    #expect(partial >= 1, "no kill landed while batches were being written")
    let final = try ImportProcess(inputs: Self.inputs, store: crashed, batchSize: 10).wait()
    #expect(final == code)
    #expect(try SQLiteBackend(path: crashed).contentDump() == expected)
    print("crash test: \(kills) kills, \(partial) left a partly written store; final content equal")
  }

  /// The entity versions committed to the store at `path` so far, read without writing (0 while
  /// it has no schema yet).
  static func committedVersions(_ path: String) -> Int {
    var configuration = Configuration()
    configuration.readonly = true
    guard let queue = try? DatabaseQueue(path: path, configuration: configuration) else { return 0 }
    return (try? queue.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM versions") ?? 0 }) ?? 0
  }

  /// The size of a file (0 when missing).
  static func walSize(_ path: String) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
  }

  @Test("two import processes on one store both finish and nothing is lost")
  func concurrentImports() throws {
    let folder = StoreTestSupport.folder()
    let r4 = ["r4/bundles"]
    let dstu2 = Array(Fixtures.files(extensions: ["json"], under: "dstu2/bundles").prefix(8))
    let sequential = folder + "/sequential.sqlite"
    _ = try ImportProcess(inputs: r4, store: sequential, batchSize: 10).wait()
    _ = try ImportProcess(inputs: dstu2, store: sequential, batchSize: 10).wait()
    let expected = try SQLiteBackend(path: sequential).contentDump()

    let shared = folder + "/shared.sqlite"
    _ = try SQLiteBackend(path: shared)  // created with its schema, as a user would have it
    let a = try ImportProcess(inputs: dstu2, store: shared, batchSize: 10)
    let b = try ImportProcess(inputs: r4, store: shared, batchSize: 10)
    let c = try ImportProcess(inputs: r4, store: shared, batchSize: 10)
    let codes = [a.wait(), b.wait(), c.wait()]
    #expect(codes.allSatisfy { $0 == 0 || $0 == 1 }, "exit codes \(codes)")
    let backend = try SQLiteBackend(path: shared)
    #expect(try backend.integrityCheck() == ["ok"])
    #expect(try StoreInvariants.violations(in: backend) == [])
    #expect(try backend.contentDump() == expected)
  }
}

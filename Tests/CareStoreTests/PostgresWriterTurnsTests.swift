import CareStore
import CareStorePostgres
import Foundation
import Testing

/// `PostgresBackend.Options.writersTakeTurns`: FHIRKit's write transactions on one database run
/// one at a time (what concurrent importers of large batches need, or they fail each other's
/// `SERIALIZABLE` transactions); a writer without turns does not wait.
@Suite("PostgreSQL writers taking turns")
struct PostgresWriterTurnsTests {
  @Test("a second writer's transaction begins once the first commits; a writer without turns does not wait")
  func writersTakeTurns() throws {
    let (_, _, url) = try PostgresStoreTests.database()
    let holder = try PostgresBackend(url: url)
    let taker = try PostgresBackend(url: url)
    var options = PostgresBackend.Options()
    options.writersTakeTurns = false
    let independent = try PostgresBackend(url: url, options: options)

    let held = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let released = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      try? holder.write { _ in
        held.signal()
        release.wait()
      }
      released.signal()
    }
    held.wait()

    // Without turns: runs while the first transaction is open.
    let started = Date()
    try independent.write { _ in }
    #expect(Date().timeIntervalSince(started) < 5)

    // With turns: its body does not run until the first commits.
    let ran = ErrorBox()
    let done = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      do {
        try taker.write { _ in ran.add(Attempt()) }
      } catch {
        ran.add(error)
      }
      done.signal()
    }
    #expect(done.wait(timeout: .now() + 1.5) == .timedOut)
    #expect(ran.all.isEmpty)
    release.signal()
    released.wait()
    #expect(done.wait(timeout: .now() + 60) == .success)
    #expect(ran.all.count == 1 && ran.all.first is Attempt)

    // The turn is free again: another write does not wait.
    let again = Date()
    try holder.write { _ in }
    #expect(Date().timeIntervalSince(again) < 5)
  }
}

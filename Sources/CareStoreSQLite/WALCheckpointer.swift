import Dispatch
import Foundation
import GRDB
import Synchronization

/// Copies a store's write-ahead log into the database on a connection and thread of its own,
/// after each commit, while the writer goes on.
///
/// SQLite checkpoints inside the commit that fills the log (64 MiB here), and the committing
/// thread waits through it: the log's `fdatasync`, the copy, the database's `fdatasync`, about
/// 0.35 s per checkpoint on the job benchmark's machine, while an import's merging waits behind
/// the writer (docs/benchmarks/job-2026-12-02.md, "Checkpoints beside the writer"). Here each commit asks for a
/// passive checkpoint, which SQLite runs without blocking readers or the writer; requests made
/// while one is queued are one request. A checkpoint that has copied the whole log before the
/// next write transaction begins lets that transaction start the log again from its beginning,
/// so the log stays about one transaction long, and the store's close has little left to copy.
///
/// When the writer commits faster than the checkpoints finish (a large store, a busy machine),
/// none has copied the whole log when the next transaction begins, and the log would grow
/// without end. So once the log is longer than ``longLog`` bytes, the next write waits for the
/// checkpoint under way and copies the rest itself (``restartLongLog(_:)``), as SQLite's own
/// checkpoint would: its transaction then starts the log again. The store's connection keeps
/// the log file at most ``longLog`` bytes once it starts again (`PRAGMA journal_size_limit`),
/// so the file's size is the log's length whenever it is longer than that.
///
/// A checkpoint that fails (another process checkpointing, a full disk) leaves the log as it
/// was: nothing committed is lost, and the next commit asks again.
final class WALCheckpointer: Sendable {
  /// Whether a checkpoint is waiting on the queue (one that has started does not count): apart
  /// from the checkpointer, so that a checkpoint holds no reference to it and the checkpointer
  /// goes, waiting for its checkpoints, on the thread that lets it go.
  private final class Request: Sendable {
    let isQueued = Mutex(false)
  }

  /// The log length, in bytes, past which the writer starts the log again itself.
  let longLog: Int
  private let logPath: String
  private let connection: DatabaseQueue
  private let queue = DispatchQueue(label: "CareStore.WALCheckpointer")
  private let request = Request()

  /// A checkpointer of the store at `path`, with a connection of its own to it.
  /// - Throws: A `DatabaseError` when the file cannot be opened.
  init(path: String, longLog: Int, busyTimeout: TimeInterval) throws {
    self.longLog = longLog
    logPath = path + "-wal"
    var configuration = Configuration()
    configuration.busyMode = .timeout(busyTimeout)
    configuration.label = "CareStore.WALCheckpointer"
    connection = try DatabaseQueue(path: path, configuration: configuration)
  }

  /// Waits for the checkpoints asked for, so that the store's close finds them done.
  deinit { queue.sync {} }

  /// Asks for a checkpoint: called after each write transaction commits.
  func checkpointSoon() {
    let wasQueued = request.isQueued.withLock { isQueued in
      defer { isQueued = true }
      return isQueued
    }
    guard !wasQueued else { return }
    let (connection, request) = (connection, request)
    queue.async {
      request.isQueued.withLock { $0 = false }
      // Failing leaves the log for the next checkpoint (see above): nothing to report.
      _ = try? connection.inDatabase { db in try db.checkpoint(.passive) }
    }
  }

  /// Called by the writer on its connection `db` before a write transaction: when the log is
  /// longer than ``longLog``, waits for the checkpoints under way and copies the rest of the
  /// log, so that the transaction starts it again.
  func restartLongLog(_ db: Database) {
    guard let size = try? FileManager.default.attributesOfItem(atPath: logPath)[.size] as? Int, size > longLog
    else { return }
    queue.sync {}
    _ = try? db.checkpoint(.passive)
  }
}

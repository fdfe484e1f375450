public import CareStore
import Foundation
import PostgresNIO

/// A store in a PostgreSQL database, through postgres-nio: the backend for users who outgrow
/// one machine. The same semantics as the SQLite store (the shared store suite runs against
/// both), on one connection:
///
/// - reads run in `REPEATABLE READ READ ONLY` transactions (one snapshot each);
/// - writes run in `SERIALIZABLE` transactions, all or nothing, retried (after a pause) when the
///   server reports a serialization failure or a deadlock with another writer, so concurrent
///   importers behave as if they ran one after the other; unique indexes (one head per entity,
///   one version per sequence number, one current outcome per occurrence) hold even so;
/// - FHIRKit's writers take turns (``Options/writersTakeTurns``): each write transaction runs
///   under a session advisory lock, so that concurrent importers work in parallel between their
///   transactions instead of failing each other's;
/// - a connection lost in a transaction is opened again once and the transaction run again
///   (committed transactions are kept; an import run again is idempotent), else the call fails
///   with ``StoreError/Kind/connectionLost``.
///
/// The schema is created and migrated when the store is opened (``PostgresSchema``).
public final class PostgresBackend: CareStoreBackend, @unchecked Sendable {
  /// How the store is opened.
  public struct Options: Sendable {
    /// Open without writing anything (no migration; writes fail with ``StoreError/Kind/readOnly``).
    public var readOnly = false
    /// How long a transaction is run again, after a pause, while it keeps failing for a
    /// serialization failure or deadlock with other writers (default 10 minutes). Under
    /// `SERIALIZABLE`, writers of large batches conflict often (the server's predicate locks
    /// cover whole index pages, then whole tables), even on disjoint entities; one of them always
    /// commits, and the pauses grow so that each gets its turn.
    public var conflictPatience: Duration = .seconds(600)
    /// Whether each write transaction first waits for its turn: a session advisory lock, taken
    /// before `BEGIN` and released after `COMMIT` or `ROLLBACK` (default `true`). Without turns,
    /// two importers writing batches of thousands of random uuids at once fail each other's
    /// `SERIALIZABLE` transactions on nearly every batch, even for disjoint patients (the
    /// predicate locks cover the index pages both insert into), and one of them waits out its
    /// pauses while the other writes: a measured two-worker import stored 300 of 301 partitions
    /// in one worker. With turns, only the transactions are one at a time; what importers do
    /// between them (decoding, merging, encoding) runs in parallel, and `SERIALIZABLE` still
    /// guards against writers that do not take turns (another program, an older FHIRKit).
    public var writersTakeTurns = true

    public init() {}
  }

  /// The store, as errors name it: the URL without its password.
  public let name: String
  private let location: PostgresLocation
  private let options: Options
  // One connection, used by one transaction at a time (`lock`); replaced when it was lost.
  // These two properties are why the class is `@unchecked Sendable`: `connection` is only read
  // and written under `lock`.
  private let lock = NSLock()
  private var connection: BlockingConnection

  /// Connects to the database `location` names and prepares the store's schema.
  /// - Parameters:
  ///   - location: The server, database and login.
  ///   - options: How to open it.
  /// - Throws: ``StoreError``: `cannotOpen` when the server cannot be reached or refuses the
  ///   login, `corrupt` for a database holding another application's tables of the same names,
  ///   `newerSchema` for a store written by a newer FHIRKit, `readOnly` for a read-only open of a
  ///   store that needs migrating.
  public init(location: PostgresLocation, options: Options = Options()) throws {
    self.location = location
    self.options = options
    name = location.description
    do {
      connection = try BlockingConnection.connect(location)
    } catch {
      throw Self.storeError(error, store: location.description, operation: "connecting")
    }
    try PostgresMigrator(connection: connection, store: name, readOnly: options.readOnly).prepare()
  }

  /// Connects to the database `url` names (see ``PostgresLocation``).
  /// - Throws: ``StoreError`` (`cannotOpen` for a URL that cannot be used), as ``init(location:options:)``.
  public convenience init(url: String, options: Options = Options()) throws {
    let location: PostgresLocation
    do {
      location = try PostgresLocation(url: url)
    } catch let error as PostgresLocation.Error {
      throw StoreError(.cannotOpen, store: "postgresql URL", operation: "reading the URL", detail: error.reason)
    }
    try self.init(location: location, options: options)
  }

  deinit {
    connection.close()
  }

  public func read<T>(_ body: (any StoreReader) throws -> T) throws -> T {
    try transaction("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", operation: "reading") { access in
      try body(access)
    }
  }

  public func write<T>(_ body: (any StoreWriter) throws -> T) throws -> T {
    if options.readOnly { throw StoreError(.readOnly, store: name, operation: "writing") }
    return try transaction(
      "BEGIN ISOLATION LEVEL SERIALIZABLE", operation: "writing", takesTurn: options.writersTakeTurns
    ) { access in
      try body(access)
    }
  }

  /// An arbitrary constant: the advisory lock FHIRKit's writers of one database take turns on
  /// (``Options/writersTakeTurns``).
  private static let turnKey = 0x4648_4B57  // "FHKW"

  /// Runs `body` between `begin` and `COMMIT`, again after a conflict with another writer
  /// (for up to ``Options/conflictPatience``) or once more on a new connection after the
  /// connection was lost. Rolls back when anything throws. With `takesTurn`, each attempt
  /// waits for the writers' turn lock before `begin` (so its snapshot is taken once the previous
  /// writer committed) and releases it after `COMMIT` or `ROLLBACK`; a lost connection releases
  /// it on the server.
  private func transaction<T>(
    _ begin: String, operation: String, takesTurn: Bool = false, _ body: (PostgresAccess) throws -> T
  ) throws -> T {
    lock.lock()
    defer { lock.unlock() }
    var conflicts = 0
    let started = ContinuousClock.now
    var reconnected = false
    while true {
      do {
        // A connection the server closed while idle (restart, idle timeout, terminated) is
        // opened again before it is used.
        if connection.isClosed && !reconnected {
          reconnected = true
          connection = try BlockingConnection.connect(location)
        }
        if takesTurn { try turn("pg_advisory_lock", operation: operation) }
        try connection.query(begin, operation: operation, table: nil)
        let value = try body(PostgresAccess(connection: connection))
        try connection.query("COMMIT", operation: operation, table: nil)
        if takesTurn { endTurn(operation: operation) }
        return value
      } catch {
        let lost = Self.isConnectionLoss(error) || connection.isClosed
        // (A connection that is being closed may never answer: no ROLLBACK on it; the server
        // rolls back what it loses, and releases its locks.)
        if !lost {
          _ = try? connection.query("ROLLBACK", operation: operation, table: nil)
          if takesTurn { endTurn(operation: operation) }
        }
        if Self.isConflict(error) && ContinuousClock.now - started < options.conflictPatience {
          // Pauses of 10 ms doubling up to about 2.5 s, each between half and one and a half
          // times that, so that conflicting writers stop meeting.
          conflicts += 1
          let pause = Double(10_000 << min(conflicts, 8)) * Double.random(in: 0.5..<1.5)
          usleep(useconds_t(pause))
          continue
        }
        if lost {
          if !reconnected, let fresh = try? BlockingConnection.connect(location) {
            connection = fresh
            reconnected = true
            continue
          }
          throw StoreError(.connectionLost, store: name, operation: operation, detail: Self.describe(error))
        }
        if error is PostgresFailure { throw Self.storeError(error, store: name, operation: operation) }
        throw error
      }
    }
  }

  /// Takes or releases (`function`) the writers' turn lock on the current connection.
  private func turn(_ function: String, operation: String) throws {
    var binds = PostgresBindings()
    binds.append(Self.turnKey)
    try connection.query("SELECT \(function)($1)", binds, operation: operation, table: nil)
  }

  /// Releases the writers' turn lock. It never fails the transaction (which has committed or
  /// rolled back): when the lock cannot be released, the connection is closed, which releases
  /// it on the server, and the next transaction opens a new one.
  private func endTurn(operation: String) {
    do {
      try turn("pg_advisory_unlock", operation: operation)
    } catch {
      connection.close()
    }
  }
}

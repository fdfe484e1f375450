public import CareStore
import Foundation
import PostgresNIO

/// A store in a PostgreSQL database, through postgres-nio: the backend for users who outgrow
/// one machine. The same semantics as the SQLite store (the shared store suite runs against
/// both), on one connection:
///
/// - reads run in `REPEATABLE READ READ ONLY` transactions (one snapshot each);
/// - writes run in `READ COMMITTED` transactions, all or nothing; the database's unique indexes
///   (one head per entity, one version per sequence number, one current outcome per occurrence)
///   keep concurrent writers of the same entities from storing it twice. The writer that loses
///   such a race is refused (a unique violation) and runs its transaction again, reading what
///   the winner committed; a deadlock is run again too. Writers of different entities (the
///   workers of one import job, which merge disjoint patient groups) never wait for each other;
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
    /// deadlock or serialization failure with other writers (default 10 minutes).
    public var conflictPatience: Duration = .seconds(600)
    /// How many times a transaction refused by a unique index is run again (default 4). Another
    /// writer's version of the same entity committed first: the transaction run again reads it
    /// and finds nothing left to write. One still refused after that is a broken store rule,
    /// and fails with ``StoreError/Kind/constraint``.
    public var uniqueRetries = 4

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
      "BEGIN ISOLATION LEVEL READ COMMITTED", operation: "writing"
    ) { access in
      try body(access)
    }
  }

  /// Runs `body` between `begin` and `COMMIT`, again after a conflict with another writer
  /// (a deadlock or serialization failure, for up to ``Options/conflictPatience``; a unique
  /// violation, up to ``Options/uniqueRetries`` times) or once more on a new connection after the
  /// connection was lost. Rolls back when anything throws.
  private func transaction<T>(
    _ begin: String, operation: String, _ body: (PostgresAccess) throws -> T
  ) throws -> T {
    lock.lock()
    defer { lock.unlock() }
    var conflicts = 0
    var refusals = 0
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
        try connection.query(begin, operation: operation, table: nil)
        let value = try body(PostgresAccess(connection: connection, store: name))
        try connection.query("COMMIT", operation: operation, table: nil)
        return value
      } catch {
        let lost = Self.isConnectionLoss(error) || connection.isClosed
        // (A connection that is being closed may never answer: no ROLLBACK on it; the server
        // rolls back what it loses, and releases its locks.)
        if !lost {
          _ = try? connection.query("ROLLBACK", operation: operation, table: nil)
        }
        if Self.isUniqueViolation(error) && refusals < options.uniqueRetries {
          // The server refuses a duplicate only once the writer of the other row has committed:
          // run again at once, reading what it wrote.
          refusals += 1
          continue
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

}

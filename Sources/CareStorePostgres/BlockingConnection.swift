import Foundation
import Logging
import PostgresNIO

/// One PostgreSQL connection used synchronously: the one place where the store's synchronous
/// protocols meet postgres-nio's asynchronous API.
///
/// Each call starts postgres-nio's `EventLoopFuture` API and blocks the calling thread until the
/// future completes (`wait()`). The work runs on NIO's event loop threads, never on the caller's,
/// so this is safe from any thread that is not an event loop thread (the CLI's, a test's, a
/// dispatch queue's); it must not be called from an event loop. A connection serves one caller
/// at a time: ``PostgresBackend`` holds a lock around each transaction.
final class BlockingConnection {
  private let connection: PostgresConnection
  /// How long the server may take to answer one statement.
  private let answerTimeout: Duration
  /// postgres-nio logs nothing of ours: the password must never reach a log, and standard
  /// output is the export's.
  private static let logger = Logger(label: "fhirkit.postgres", factory: { _ in SwiftLogNoOpLogHandler() })

  private init(connection: PostgresConnection, answerTimeout: Duration) {
    self.connection = connection
    self.answerTimeout = answerTimeout
  }

  /// The server did not answer in time: the connection is closed and counts as lost.
  struct NoAnswer: Error, CustomStringConvertible {
    /// The time waited.
    var waited: Duration

    var description: String { "the server did not answer within \(waited.components.seconds) s" }
  }

  /// Connects to `location`.
  /// - Throws: ``PostgresFailure`` (operation `connecting`) when the server cannot be reached or
  ///   refuses the login.
  static func connect(_ location: PostgresLocation) throws -> BlockingConnection {
    do {
      let configuration = try makeConfiguration(location)
      let future = PostgresConnection.connect(
        on: MultiThreadedEventLoopGroup.singleton.next(), configuration: configuration, id: 1, logger: logger)
      // A connection that comes up after the wait was given up is closed at once.
      let connection = try wait(for: future, within: location.connectTimeout) {
        future.whenSuccess { connection in connection.close().whenComplete { _ in withExtendedLifetime(connection) {} } }
      }
      return BlockingConnection(connection: connection, answerTimeout: location.answerTimeout)
    } catch {
      throw PostgresFailure(operation: "connecting", table: nil, underlying: error)
    }
  }

  /// postgres-nio's configuration for `location`.
  private static func makeConfiguration(_ location: PostgresLocation) throws -> PostgresConnection.Configuration {
    switch location.endpoint {
    case .socket(let folder, let port):
      return PostgresConnection.Configuration(
        unixSocketPath: folder + "/.s.PGSQL.\(port)", username: location.user, password: location.password,
        database: location.database)
    case .tcp(let host, let port):
      var tls = TLSConfiguration.makeClientConfiguration()
      let mode: PostgresConnection.Configuration.TLS
      switch location.tlsMode {
      case .disable: mode = .disable
      case .prefer:
        tls.certificateVerification = .none
        mode = .prefer(try NIOSSLContext(configuration: tls))
      case .require:
        tls.certificateVerification = .none
        mode = .require(try NIOSSLContext(configuration: tls))
      case .verifyFull: mode = .require(try NIOSSLContext(configuration: tls))
      }
      var configuration = PostgresConnection.Configuration(
        host: host, port: port, username: location.user, password: location.password, database: location.database,
        tls: mode)
      configuration.options.connectTimeout = .seconds(location.connectTimeout.components.seconds)
      return configuration
    }
  }

  /// Runs `sql` with `binds` and returns every row.
  /// - Parameters:
  ///   - sql: The statement, with `$1`, `$2`, … for `binds`.
  ///   - binds: The values.
  ///   - operation: What is being done (`inserting`, `reading heads`), for errors.
  ///   - table: The table the statement is about, for errors.
  /// - Throws: ``PostgresFailure``.
  @discardableResult
  func query(_ sql: String, _ binds: PostgresBindings = PostgresBindings(), operation: String, table: String?) throws
    -> [PostgresRow]
  {
    do {
      let future = connection.query(PostgresQuery(unsafeSQL: sql, binds: binds), logger: Self.logger)
      // A server that stops answering (its host gone, the process stopped) would block the
      // caller for ever: past the timeout the connection is closed and counts as lost.
      return try Self.wait(for: future, within: answerTimeout) { connection.close().whenComplete { _ in } }.rows
    } catch {
      throw PostgresFailure(operation: operation, table: table, underlying: error)
    }
  }

  /// The value of `future`, waited for on the calling thread for at most `limit`; past it,
  /// `giveUp` runs and ``NoAnswer`` is thrown.
  private static func wait<Value: Sendable>(
    for future: EventLoopFuture<Value>, within limit: Duration, giveUp: () -> Void
  ) throws -> Value {
    let outcome = FutureOutcome<Value>()
    future.whenComplete { outcome.set($0) }
    let nanoseconds = limit.components.seconds * 1_000_000_000 + limit.components.attoseconds / 1_000_000_000
    guard outcome.wait(until: .now() + .nanoseconds(Int(nanoseconds))) else {
      giveUp()
      throw NoAnswer(waited: limit)
    }
    return try outcome.result()
  }

  /// Whether the connection is closed (by either side).
  var isClosed: Bool { connection.isClosed }

  /// Closes the connection (when the server has not closed it), ignoring a failure to say goodbye.
  func close() {
    if !connection.isClosed { try? connection.close().wait() }
  }

  deinit {
    // PostgresNIO requires a connection to be closed before it goes away (it asserts so in debug
    // builds): the close's completion holds it until then.
    let connection = connection
    if !connection.isClosed { connection.close().whenComplete { _ in withExtendedLifetime(connection) {} } }
  }
}

/// A statement or connection failure, with what was being done; ``PostgresBackend`` turns it
/// into a ``CareStore/StoreError``.
struct PostgresFailure: Error {
  /// What was being done.
  var operation: String
  /// The table concerned, if any.
  var table: String?
  /// postgres-nio's error.
  var underlying: any Error
}

/// A future's result handed from the event loop to the thread waiting for it.
private final class FutureOutcome<Value: Sendable>: @unchecked Sendable {
  private let done = DispatchSemaphore(value: 0)
  private let lock = NSLock()
  // Set once, under `lock`, before `done` is signalled.
  private var value: Result<Value, any Error>?

  func set(_ result: Result<Value, any Error>) {
    lock.withLock { value = result }
    done.signal()
  }

  /// Whether the result came before `deadline`.
  func wait(until deadline: DispatchTime) -> Bool { done.wait(timeout: deadline) == .success }

  /// The result (after ``wait(until:)`` said it came).
  func result() throws -> Value {
    guard let value = lock.withLock({ value }) else { preconditionFailure("FutureOutcome.result before the result") }
    return try value.get()
  }
}

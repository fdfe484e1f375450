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
  /// postgres-nio logs nothing of ours: the password must never reach a log, and standard
  /// output is the export's.
  private static let logger = Logger(label: "fhirkit.postgres", factory: { _ in SwiftLogNoOpLogHandler() })

  private init(connection: PostgresConnection) {
    self.connection = connection
  }

  /// Connects to `location`.
  /// - Throws: ``PostgresFailure`` (operation `connecting`) when the server cannot be reached or
  ///   refuses the login.
  static func connect(_ location: PostgresLocation) throws -> BlockingConnection {
    do {
      let configuration = try makeConfiguration(location)
      let future = PostgresConnection.connect(
        on: MultiThreadedEventLoopGroup.singleton.next(), configuration: configuration, id: 1, logger: logger)
      return BlockingConnection(connection: try future.wait())
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
      configuration.options.connectTimeout = .seconds(10)
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
      return try connection.query(PostgresQuery(unsafeSQL: sql, binds: binds), logger: Self.logger).wait().rows
    } catch {
      throw PostgresFailure(operation: operation, table: table, underlying: error)
    }
  }

  /// Whether the connection is closed (by either side).
  var isClosed: Bool { connection.isClosed }

  /// Closes the connection (when the server has not closed it), ignoring a failure to say goodbye.
  func close() {
    if !connection.isClosed { try? connection.close().wait() }
  }

  deinit {
    if !connection.isClosed { connection.close().whenComplete { _ in } }
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

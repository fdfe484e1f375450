import CareStore
import Foundation
import PostgresNIO

extension PostgresBackend {
  /// The typed error for a failure: its kind from the SQLSTATE class, its detail the SQLSTATE
  /// and the names of the table and constraint concerned — never a value (PostgreSQL's own
  /// messages and details may quote the row).
  static func storeError(_ error: any Error, store: String, operation: String) -> StoreError {
    if let error = error as? StoreError { return error }
    let failure = error as? PostgresFailure
    var what = operation
    if let failure {
      what += ": " + failure.operation
      if let table = failure.table { what += " (\(table))" }
    }
    let detail = describe(error)
    if failure?.operation == "connecting" {
      return StoreError(.cannotOpen, store: store, operation: what, detail: detail)
    }
    if isConnectionLoss(error) { return StoreError(.connectionLost, store: store, operation: what, detail: detail) }
    let underlying = failure?.underlying ?? error
    if underlying is PostgresAccess.MissingRow {
      return StoreError(.constraint, store: store, operation: what, detail: detail)
    }
    if underlying is PostgresDecodingError {
      return StoreError(.corrupt, store: store, operation: what, detail: detail)
    }
    let state = sqlState(error) ?? ""
    let kind: StoreError.Kind
    switch state {
    case let s where s.hasPrefix("23"): kind = .constraint
    case let s where s.hasPrefix("53"): kind = .diskFull
    case "25006", "42501": kind = .readOnly
    case let s where s.hasPrefix("28") || s == "3D000": kind = .cannotOpen
    case "XX001", "XX002": kind = .corrupt
    case "55P03", "40001", "40P01": kind = .busy
    default: kind = .database
    }
    return StoreError(kind, store: store, operation: what, detail: detail)
  }

  /// The SQLSTATE the server answered with, if it did.
  static func sqlState(_ error: any Error) -> String? {
    psqlError(error)?.serverInfo?[.sqlState]
  }

  /// Whether another writer's transaction conflicted with this one (serialization failure or
  /// deadlock): running it again will do.
  static func isConflict(_ error: any Error) -> Bool {
    guard let state = sqlState(error) else { return false }
    return state == "40001" || state == "40P01"
  }

  /// Whether a unique index refused the transaction's rows: under `READ COMMITTED`, another
  /// writer committed a version of the same entity first (``PostgresBackend/Options/uniqueRetries``).
  static func isUniqueViolation(_ error: any Error) -> Bool {
    sqlState(error) == "23505"
  }

  /// Whether the connection to the server was lost (closed by either side, or the server shut
  /// down).
  static func isConnectionLoss(_ error: any Error) -> Bool {
    if (error as? PostgresFailure)?.underlying is BlockingConnection.NoAnswer { return true }
    guard let psql = psqlError(error) else { return false }
    switch psql.code {
    case .serverClosedConnection, .clientClosedConnection, .connectionError, .uncleanShutdown: return true
    case .server:
      guard let state = psql.serverInfo?[.sqlState] else { return false }
      return state.hasPrefix("08") || state == "57P01" || state == "57P02"
    default: return false
    }
  }

  /// What went wrong, in words that name no value and no password: the SQLSTATE with the table
  /// and constraint it concerns, or what failed on the way to the server.
  static func describe(_ error: any Error) -> String {
    let underlying = (error as? PostgresFailure)?.underlying ?? error
    if underlying is PostgresAccess.MissingRow { return "a version this one names is not stored" }
    if let silence = underlying as? BlockingConnection.NoAnswer { return silence.description }
    if let decoding = underlying as? PostgresDecodingError {
      return "column \(decoding.columnName) holds a value of an unexpected type"
    }
    guard let psql = psqlError(error) else { return String(describing: type(of: underlying)) }
    guard let info = psql.serverInfo, let state = info[.sqlState] else {
      var text = "\(psql.code)"
      // Socket errors name the address and the system's reason, never the login.
      if let cause = psql.underlying { text += ": \(cause)" }
      return text
    }
    var text = "SQLSTATE \(state)"
    if let meaning = meanings[state] ?? meanings[String(state.prefix(2))] { text += ", \(meaning)" }
    if let table = info[.tableName] { text += ", table \(table)" }
    if let constraint = info[.constraintName] { text += ", constraint \(constraint)" }
    return text
  }

  private static func psqlError(_ error: any Error) -> PSQLError? {
    ((error as? PostgresFailure)?.underlying ?? error) as? PSQLError
  }

  /// What the SQLSTATEs (or classes) the store meets most mean.
  private static let meanings: [String: String] = [
    "23505": "a unique constraint was violated", "23503": "a link names nothing stored",
    "23": "a constraint was violated", "53": "the server is out of disk or memory",
    "25006": "the transaction is read-only", "42501": "the role may not do this",
    "28P01": "the server refused the login (password)", "28": "the server refused the login",
    "3D000": "no such database", "40001": "a conflict with another writer persisted",
    "40P01": "a deadlock with another writer persisted", "08": "the connection failed",
    "57P01": "the server is shutting down", "XX001": "data is damaged",
  ]
}

public import Foundation

/// Where a PostgreSQL store is and how to log in, read from a `postgresql://` (or `postgres://`)
/// URL as libpq reads it:
///
/// ```
/// postgresql://[user[:password]@][host][:port][/database][?param=value&…]
/// ```
///
/// - `host` is a name, an IPv4 address, `[an IPv6 address]`, or a percent-encoded unix socket
///   folder (`%2Fvar%2Frun%2Fpostgresql`); the `host=/path` parameter names a socket folder too.
///   Without a host: `PGHOST`, else the socket folder `/var/run/postgresql`.
/// - `user`: the URL's, else `PGUSER`, else the login name. `database`: the URL's, else
///   `PGDATABASE`, else the user name. `port`: the URL's, else `PGPORT`, else 5432.
/// - The password: the URL's, else `PGPASSWORD`, else the matching line of `~/.pgpass`
///   (or `PGPASSFILE`; ignored unless private to its owner, as libpq does), else none.
/// - `sslmode`: `disable`, `prefer` (the default: TLS when the server offers it), `require`
///   (TLS or no connection, the certificate not checked, as libpq does), `verify-full`
///   (TLS with the certificate checked against the system's roots and the host name).
/// - `connect_timeout` (seconds, as libpq's; 10 by default): how long connecting and logging in
///   may take. `answer_timeout` (seconds, FHIRKit's own; 300 by default): how long the server
///   may take to answer one statement before the connection is taken for lost (a server host
///   that went away, a stopped server), so that a client never waits for ever.
///
/// The password is kept for connecting only: ``description`` and every error leave it out.
public struct PostgresLocation: Sendable, CustomStringConvertible {
  /// How TLS is used.
  public enum TLSMode: String, Sendable {
    case disable
    case prefer
    case require
    case verifyFull = "verify-full"
  }

  /// Where the server listens.
  public enum Endpoint: Sendable, Hashable {
    /// A host name or address and a TCP port.
    case tcp(host: String, port: Int)
    /// A unix socket folder and the port that names the socket in it (`.s.PGSQL.<port>`).
    case socket(folder: String, port: Int)
  }

  /// Why a URL cannot be used.
  public struct Error: Swift.Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, naming the URL part (never its password).
    public var reason: String
    public var description: String { "not a usable PostgreSQL URL: \(reason)" }
  }

  /// Where the server listens.
  public var endpoint: Endpoint
  /// The role to log in as.
  public var user: String
  /// The database.
  public var database: String
  /// How TLS is used.
  public var tlsMode: TLSMode
  /// How long connecting and logging in may take.
  public var connectTimeout: Duration
  /// How long the server may take to answer one statement before the connection counts as lost.
  public var answerTimeout: Duration
  /// The password, when one was found (never printed).
  var password: String?

  /// Whether `text` is a PostgreSQL URL (`postgresql://` or `postgres://`).
  public static func isURL(_ text: String) -> Bool {
    let lower = text.lowercased()
    return lower.hasPrefix("postgresql://") || lower.hasPrefix("postgres://")
  }

  /// Reads `url`.
  /// - Parameters:
  ///   - url: A `postgresql://` or `postgres://` URL.
  ///   - environment: Where `PGHOST`, `PGPORT`, `PGUSER`, `PGDATABASE`, `PGPASSWORD`,
  ///     `PGPASSFILE` and `HOME` are read (the process's by default).
  /// - Throws: ``Error`` for a malformed URL or an unknown `sslmode`.
  public init(url: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
    guard let schemeEnd = url.range(of: "://"), Self.isURL(url) else {
      throw Error(reason: "it does not start with postgresql:// or postgres://")
    }
    var rest = Substring(url[schemeEnd.upperBound...])
    var parameters: [String: String] = [:]
    if let mark = rest.firstIndex(of: "?") {
      for pair in rest[rest.index(after: mark)...].split(separator: "&") {
        let parts = pair.split(separator: "=", maxSplits: 1)
        guard parts.count == 2 else { throw Error(reason: "a query parameter without a value") }
        parameters[try Self.decode(parts[0], part: "a parameter name")] =
          try Self.decode(parts[1], part: "a parameter value")
      }
      rest = rest[..<mark]
    }
    var databaseText: String?
    if let slash = rest.firstIndex(of: "/") {
      databaseText = try Self.decode(rest[rest.index(after: slash)...], part: "the database")
      rest = rest[..<slash]
    }
    var userText: String?
    var passwordText: String?
    if let at = rest.lastIndex(of: "@") {
      let info = rest[..<at]
      if let colon = info.firstIndex(of: ":") {
        userText = try Self.decode(info[..<colon], part: "the user")
        passwordText = try Self.decode(info[info.index(after: colon)...], part: "the password")
      } else {
        userText = try Self.decode(info, part: "the user")
      }
      rest = rest[rest.index(after: at)...]
    }
    var hostText: String?
    var portText: String?
    if rest.hasPrefix("[") {
      guard let close = rest.firstIndex(of: "]") else { throw Error(reason: "an IPv6 host without its closing ]") }
      hostText = String(rest[rest.index(after: rest.startIndex)..<close])
      let after = rest[rest.index(after: close)...]
      if after.hasPrefix(":") { portText = String(after.dropFirst()) }
    } else if let colon = rest.lastIndex(of: ":") {
      hostText = try Self.decode(rest[..<colon], part: "the host")
      portText = String(rest[rest.index(after: colon)...])
    } else if !rest.isEmpty {
      hostText = try Self.decode(rest, part: "the host")
    }
    portText = parameters["port"] ?? portText
    if portText?.isEmpty ?? true { portText = environment["PGPORT"] }
    let port = try portText.map { text -> Int in
      guard let port = Int(text), (1...65535).contains(port) else { throw Error(reason: "the port is not a number 1–65535") }
      return port
    } ?? 5432
    let host = parameters["host"] ?? (hostText?.isEmpty == false ? hostText : nil) ?? environment["PGHOST"]
      ?? "/var/run/postgresql"
    endpoint = host.hasPrefix("/") ? .socket(folder: host, port: port) : .tcp(host: host, port: port)
    let user = parameters["user"] ?? (userText?.isEmpty == false ? userText : nil) ?? environment["PGUSER"]
      ?? NSUserName()
    self.user = user
    database = parameters["dbname"] ?? (databaseText?.isEmpty == false ? databaseText : nil)
      ?? environment["PGDATABASE"] ?? user
    let modeText = parameters["sslmode"] ?? "prefer"
    switch modeText {
    case "allow", "prefer": tlsMode = .prefer
    default:
      guard let mode = TLSMode(rawValue: modeText) else {
        throw Error(reason: "sslmode must be disable, prefer, require or verify-full")
      }
      tlsMode = mode
    }
    connectTimeout = .seconds(try Self.seconds(parameters["connect_timeout"], name: "connect_timeout") ?? 10)
    answerTimeout = .seconds(try Self.seconds(parameters["answer_timeout"], name: "answer_timeout") ?? 300)
    password =
      passwordText ?? environment["PGPASSWORD"]
      ?? PGPassFile(path: environment["PGPASSFILE"] ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.pgpass")
      .password(host: host, port: port, database: database, user: user)
  }

  /// A timeout parameter's whole seconds (at least 1), `nil` when not given.
  private static func seconds(_ text: String?, name: String) throws -> Int? {
    guard let text else { return nil }
    guard let seconds = Int(text), seconds >= 1 else { throw Error(reason: "\(name) must be a whole number of seconds ≥ 1") }
    return seconds
  }

  /// The URL without its password: `postgresql://user@host:port/database`, as errors name the store.
  public var description: String {
    switch endpoint {
    case .tcp(let host, let port):
      let shown = host.contains(":") ? "[\(host)]" : host
      return "postgresql://\(user)@\(shown):\(port)/\(database)"
    case .socket(let folder, let port):
      return "postgresql://\(user)@:\(port)/\(database)?host=\(folder)"
    }
  }

  private static func decode(_ text: Substring, part: String) throws -> String {
    guard let decoded = String(text).removingPercentEncoding else { throw Error(reason: "\(part) has a bad % escape") }
    return decoded
  }
}

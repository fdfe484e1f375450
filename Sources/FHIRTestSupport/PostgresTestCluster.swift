import Foundation

/// A throwaway PostgreSQL server for tests: `initdb` into a fresh folder, `pg_ctl start` on a unix
/// socket in that folder and on a free loopback port, `pg_ctl stop -m fast` when the test process
/// exits. Run as the `postgres` user when the tests run as root (PostgreSQL refuses to run as
/// root), else as the current user. Local (socket) logins are trusted; TCP logins need the
/// password ``password`` (SCRAM), so that password handling is tested too.
///
/// One server per test process, started on first use; each test takes a database of its own
/// (``makeDatabase(_:)``). When the server cannot start, ``shared()`` throws the reason on every
/// call, so that the PostgreSQL tests fail with it, never skip.
public final class PostgresTestCluster: Sendable {
  /// Why the server could not be set up.
  public struct Failure: Error, CustomStringConvertible {
    /// What failed, with the tool's own output.
    public var description: String
  }

  /// The superuser's name.
  public let user = "postgres"
  /// The superuser's password (for TCP logins; socket logins need none).
  public let password = "fhirkit-test-secret"
  /// The folder holding the unix socket.
  public let socketFolder: String
  /// The loopback TCP port.
  public let port: Int
  private let dataFolder: String
  private let binaries: String
  private let runAsPostgres: Bool

  nonisolated(unsafe) private static var started: Result<PostgresTestCluster, Failure>?
  private static let lock = NSLock()

  /// The process's server, started on first call.
  /// - Throws: ``Failure`` with the reason when it cannot start (on every call).
  public static func shared() throws -> PostgresTestCluster {
    try lock.withLock {
      if started == nil {
        started = Result { try PostgresTestCluster() }.mapError { $0 as? Failure ?? Failure(description: "\($0)") }
        if case .success = started { atexit { PostgresTestCluster.stopShared() } }
      }
      return try started!.get()
    }
  }

  private static func stopShared() {
    if case .success(let cluster)? = started { cluster.stop() }
  }

  private init() throws {
    binaries = try Self.findBinaries()
    runAsPostgres = getuid() == 0
    let folder = TemporaryFolders.make("postgres")
    socketFolder = folder
    dataFolder = folder + "/data"
    if runAsPostgres { try Self.run("/bin/chown", ["postgres:postgres", folder], as: false) }
    let passwordFile = folder + "/pwfile"
    try Data((password + "\n").utf8).write(to: URL(fileURLWithPath: passwordFile))
    if runAsPostgres { try Self.run("/bin/chown", ["postgres:postgres", passwordFile], as: false) }
    try Self.run(
      binaries + "/initdb",
      [
        "-D", dataFolder, "-U", user, "--pwfile", passwordFile, "--auth-local=trust", "--auth-host=scram-sha-256",
        "--encoding=UTF8", "--no-sync",
      ], as: runAsPostgres)
    var lastFailure: Failure?
    for _ in 0..<3 {
      let candidate = try Self.freePort()
      do {
        try Self.run(
          binaries + "/pg_ctl",
          [
            "-D", dataFolder, "-l", folder + "/server.log", "-w", "-t", "60", "-o",
            "-k \(folder) -p \(candidate) -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50", "start",
          ], as: runAsPostgres)
        port = candidate
        return
      } catch let failure as Failure {
        let log = (try? String(contentsOfFile: folder + "/server.log", encoding: .utf8)) ?? ""
        lastFailure = Failure(description: failure.description + "\nserver log:\n" + log.suffix(2000))
      }
    }
    throw lastFailure ?? Failure(description: "pg_ctl start failed")
  }

  /// A `postgresql://` URL for database `database`: over the unix socket (no password), or over
  /// TCP on loopback with the password in the URL when `tcp`.
  public func url(database: String, tcp: Bool = false) -> String {
    if tcp { return "postgresql://\(user):\(password)@127.0.0.1:\(port)/\(database)" }
    let folder = socketFolder.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? socketFolder
    return "postgresql://\(user)@\(folder):\(port)/\(database)"
  }

  /// Creates a new empty database named after `name` (made unique) and returns its name.
  /// - Throws: ``Failure`` when `createdb` fails.
  public func makeDatabase(_ name: String = #function) throws -> String {
    let database =
      "t_" + name.lowercased().filter { $0.isLetter || $0.isNumber }.prefix(30) + "_"
      + UUID().uuidString.prefix(8).lowercased()
    try Self.run(
      binaries + "/createdb", ["-h", socketFolder, "-p", "\(port)", "-U", user, database], as: runAsPostgres)
    return database
  }

  /// Runs SQL on `database` through `psql` (over the socket) and returns what it printed,
  /// unaligned and without headers.
  /// - Throws: ``Failure`` when psql fails.
  @discardableResult
  public func psql(_ sql: String, database: String) throws -> String {
    try Self.run(
      binaries + "/psql",
      [
        "-h", socketFolder, "-p", "\(port)", "-U", user, "-d", database, "-X", "-A", "-t", "-v", "ON_ERROR_STOP=1",
        "-c", sql,
      ],
      as: runAsPostgres)
  }

  /// Stops the server (`pg_ctl stop -m fast`).
  public func stop() {
    _ = try? Self.run(binaries + "/pg_ctl", ["-D", dataFolder, "-m", "fast", "-w", "stop"], as: runAsPostgres)
  }

  /// The folder of `initdb` and `pg_ctl`: `$FHIRKIT_PG_BIN`, else the newest
  /// `/usr/lib/postgresql/<version>/bin` (Debian's layout), else the folder on `PATH` with `initdb`.
  private static func findBinaries() throws -> String {
    let files = FileManager.default
    if let folder = ProcessInfo.processInfo.environment["FHIRKIT_PG_BIN"] { return folder }
    let versions = ((try? files.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? [])
      .compactMap(Int.init).sorted()
    if let newest = versions.last { return "/usr/lib/postgresql/\(newest)/bin" }
    for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
    where files.isExecutableFile(atPath: folder + "/initdb") {
      return String(folder)
    }
    throw Failure(
      description:
        "PostgreSQL is not installed: no initdb in /usr/lib/postgresql/*/bin or on PATH (apt-get install postgresql)")
  }

  /// A TCP port on 127.0.0.1 that was free a moment ago.
  private static func freePort() throws -> Int {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw Failure(description: "cannot open a socket to find a free port") }
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
        bind(fd, pointer, length) == 0 && getsockname(fd, pointer, &length) == 0
      }
    }
    guard bound else { throw Failure(description: "cannot bind a loopback socket to find a free port") }
    return Int(UInt16(bigEndian: address.sin_port))
  }

  /// Runs `tool` with `arguments` (as the `postgres` user through `runuser` when `asPostgres`),
  /// returning what it printed.
  ///
  /// Through `system()` (fork, exec, `waitpid`), its output into a file: `pg_ctl start` leaves a
  /// server running that inherits the descriptors it was given, and Foundation's `Process` waits
  /// until every inheritor closes them, so it would wait for the server's end. For the same
  /// reason every descriptor above 2 is closed before the tool runs: `system` hands the child
  /// every descriptor the test process has open, and the server would otherwise keep another
  /// test's pipe open for ever (seen: a test feeding `fhirkit convert -` through a pipe waited
  /// for an end of input that never came, the server holding the pipe's other end).
  /// - Throws: ``Failure`` with its output when it exits non-zero.
  @discardableResult
  private static func run(_ tool: String, _ arguments: [String], as asPostgres: Bool) throws -> String {
    let words = (asPostgres ? ["/usr/sbin/runuser", "-u", "postgres", "--", tool] : [tool]) + arguments
    let output = TemporaryFolders.make("command") + "/output"
    let quoted = words.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
    let closing =
      #"for fd in /proc/$$/fd/*; do n=${fd##*/}; if [ "$n" -gt 2 ]; then eval "exec $n>&-"; fi; done; "#
      + #"exec "$@""#
    let status = system(
      "cd / && exec /bin/bash -c '" + closing + "' bash " + quoted + " </dev/null >'\(output)' 2>&1")
    let printed = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
    guard status == 0 else {
      throw Failure(
        description:
          "\((tool as NSString).lastPathComponent) \(arguments.first ?? "") failed (status \(status)):\n\(printed)")
    }
    return printed
  }
}

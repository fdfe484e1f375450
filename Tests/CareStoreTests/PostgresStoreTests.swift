import CarePipeline
import CareStore
import CareStoreFHIR
import CareStorePostgres
import FHIRTestSupport
import Foundation
import Testing

/// What only the PostgreSQL store has: concurrent importers, constraints in the database,
/// migrations, logins and lost connections. The semantics it shares with SQLite are the shared
/// store suite's (tests taking a ``StoreBackendKind``).
@Suite("PostgreSQL store")
struct PostgresStoreTests {
  /// A fresh database: its name, and a socket URL for it.
  static func database(_ name: String = #function) throws -> (cluster: PostgresTestCluster, name: String, url: String) {
    let cluster = try PostgresTestCluster.shared()
    let database = try cluster.makeDatabase(name)
    return (cluster, database, cluster.url(database: database))
  }

  @Test("two concurrent imports of the same inputs give the row counts of one import")
  func concurrentImports() throws {
    let (cluster, name, url) = try Self.database()
    let single = try StoreTestSupport.newStore(.postgres, "concurrent-reference")
    try CareStore(backend: single).importResult(StoreTestSupport.allResult)
    let expected = try single.read { try $0.rowCounts() }

    let first = try PostgresBackend(url: url)
    let second = try PostgresBackend(url: url)
    let errors = ErrorBox()
    DispatchQueue.concurrentPerform(iterations: 2) { i in
      do {
        try CareImporter(backend: i == 0 ? first : second, batchSize: 150).importResult(StoreTestSupport.allResult)
      } catch {
        errors.add(error)
      }
    }
    #expect(errors.all.isEmpty, "\(errors.all)")
    #expect(try first.read { try $0.rowCounts() } == expected)
    #expect(try StoreInvariants.violations(in: first) == [])
    let duplicateHeads = try cluster.psql(
      "SELECT count(*) FROM (SELECT kind, id FROM versions WHERE is_head GROUP BY kind, id HAVING count(*) > 1) d",
      database: name)
    #expect(duplicateHeads.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
  }

  @Test("the database itself refuses a second head, a second version number and a second outcome per occurrence")
  func constraintsInTheDatabase() throws {
    let (cluster, name, url) = try Self.database()
    try CareStore(backend: try PostgresBackend(url: url)).importResult(OutcomeSlotTests.result)
    let statements = [
      // A second head for a patient.
      """
      INSERT INTO versions (patient_key, uuid, kind, id, seq, root_uuid, is_head, content_hash)
      SELECT patient_key, gen_random_uuid(), kind, id, seq + 1, root_uuid, true, 'x' FROM versions
      WHERE kind = 'patient' AND is_head LIMIT 1
      """,
      // A second version 1 of a patient.
      """
      INSERT INTO versions (patient_key, uuid, kind, id, seq, root_uuid, is_head, content_hash)
      SELECT patient_key, gen_random_uuid(), kind, id, seq, root_uuid, false, 'x' FROM versions
      WHERE kind = 'patient' LIMIT 1
      """,
      // Two current outcomes of one occurrence.
      """
      UPDATE outcome SET occurrence_index = (SELECT occurrence_index FROM outcome o2
        WHERE o2.task_version_uuid = outcome.task_version_uuid AND o2.uuid <> outcome.uuid AND o2.holds_slot LIMIT 1)
      WHERE uuid = (SELECT o.uuid FROM outcome o JOIN outcome p ON p.task_version_uuid = o.task_version_uuid
        AND p.uuid <> o.uuid WHERE o.holds_slot AND p.holds_slot LIMIT 1)
      """,
    ]
    for statement in statements {
      #expect(throws: PostgresTestCluster.Failure.self) { try cluster.psql(statement, database: name) }
    }
  }

  @Test("migrations are recorded; a newer store, another application's tables and an empty read-only open are refused")
  func migrations() throws {
    let (cluster, name, url) = try Self.database()
    _ = try PostgresBackend(url: url)
    #expect(try cluster.psql("SELECT identifier FROM fhirkit_migrations", database: name).contains("v1-"))
    _ = try PostgresBackend(url: url)  // opened again: nothing to do
    try cluster.psql("INSERT INTO fhirkit_migrations (identifier) VALUES ('v99-from-the-future')", database: name)
    #expect(Self.kind { _ = try PostgresBackend(url: url) } == .newerSchema)

    let foreign = try Self.database("foreign")
    try cluster.psql("CREATE TABLE versions (x int)", database: foreign.name)
    #expect(Self.kind { _ = try PostgresBackend(url: foreign.url) } == .corrupt)

    let empty = try Self.database("empty")
    var readOnly = PostgresBackend.Options()
    readOnly.readOnly = true
    #expect(Self.kind { _ = try PostgresBackend(url: empty.url, options: readOnly) } == .cannotOpen)
  }

  @Test("logins: the URL's password, PGPASSWORD, ~/.pgpass (private only); a refused one names no password")
  func logins() throws {
    let (cluster, name, _) = try Self.database()
    let tcp = "postgresql://\(cluster.user)@127.0.0.1:\(cluster.port)/\(name)?sslmode=disable"
    _ = try PostgresBackend(url: cluster.url(database: name, tcp: true))
    _ = try PostgresBackend(location: try PostgresLocation(url: tcp, environment: ["PGPASSWORD": cluster.password]))
    let pgpass = TemporaryFolders.make("pgpass") + "/pgpass"
    try Data("# test\n127.0.0.1:*:\(name):\(cluster.user):\(cluster.password)\n".utf8).write(
      to: URL(fileURLWithPath: pgpass))
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: pgpass)
    _ = try PostgresBackend(location: try PostgresLocation(url: tcp, environment: ["PGPASSFILE": pgpass]))
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: pgpass)
    let ignored = try PostgresLocation(url: tcp, environment: ["PGPASSFILE": pgpass])
    #expect(Self.kind { _ = try PostgresBackend(location: ignored) } == .cannotOpen)

    let wrong = "postgresql://\(cluster.user):not-the-password-42@127.0.0.1:\(cluster.port)/\(name)"
    let error = #expect(throws: StoreError.self) { _ = try PostgresBackend(url: wrong) }
    #expect(error?.kind == .cannotOpen)
    #expect(error.map { !"\($0)".contains("not-the-password-42") } == true)
    #expect(error?.store == "postgresql://\(cluster.user)@127.0.0.1:\(cluster.port)/\(name)")
    // TLS asked for, from a server without it: no connection rather than a plain one.
    let tls = "postgresql://\(cluster.user):\(cluster.password)@127.0.0.1:\(cluster.port)/\(name)?sslmode=require"
    #expect(Self.kind { _ = try PostgresBackend(url: tls) } == .cannotOpen)
  }

  @Test("a lost connection is opened again; when it cannot be, the error says the connection was lost")
  func lostConnection() throws {
    let (cluster, name, url) = try Self.database()
    let backend = try PostgresBackend(url: url)
    let terminate = """
      SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE datname = '\(name)' AND pid <> pg_backend_pid()
      """
    #expect(try cluster.psql(terminate, database: "postgres").trimmingCharacters(in: .whitespacesAndNewlines) == "1")
    #expect(try backend.read { try $0.rowCounts() }["versions"] == 0)
    try cluster.psql("ALTER DATABASE \(name) ALLOW_CONNECTIONS false", database: "postgres")
    _ = try cluster.psql(terminate, database: "postgres")
    let error = #expect(throws: StoreError.self) {
      try CareStore(backend: backend).importResult(OutcomeSlotTests.result)
    }
    #expect(error?.kind == .connectionLost)
    try cluster.psql("ALTER DATABASE \(name) ALLOW_CONNECTIONS true", database: "postgres")
  }

  @Test("a server that stops answering: the transaction runs again on a new connection, else connectionLost, never a hang")
  func silentServer() throws {
    let (cluster, name, url) = try Self.database()
    let backend = try PostgresBackend(url: url + "?answer_timeout=2&connect_timeout=2")
    #expect(try backend.read { try $0.rowCounts() }["versions"] == 0)
    // The server process of the store's newest connection.
    let newest = """
      SELECT pid FROM pg_stat_activity WHERE datname = '\(name)' AND pid <> pg_backend_pid()
      ORDER BY backend_start DESC LIMIT 1
      """
    func serverProcess() throws -> pid_t {
      let text = try cluster.psql(newest, database: "postgres").trimmingCharacters(in: .whitespacesAndNewlines)
      return try #require(pid_t(text), "the server process of the store's connection, not \(text)")
    }

    // The connection's server process stops (as a host that went away would): after 2 s the
    // connection counts as lost, and the import runs on a new one.
    let first = try serverProcess()
    kill(first, SIGSTOP)
    defer { kill(first, SIGCONT) }
    var started = Date()
    let summary = try CareStore(backend: backend).importResult(OutcomeSlotTests.result)
    #expect(Date().timeIntervalSince(started) < 60)
    #expect(summary.versionsWritten > 0 && summary.failures.isEmpty)

    // Stopped again, and no new connection allowed: connectionLost, saying the server was silent.
    let second = try serverProcess()
    try cluster.psql("ALTER DATABASE \(name) ALLOW_CONNECTIONS false", database: "postgres")
    kill(second, SIGSTOP)
    defer { kill(second, SIGCONT) }
    started = Date()
    let error = #expect(throws: StoreError.self) { try backend.read { try $0.rowCounts() } }
    #expect(error?.kind == .connectionLost && error?.detail?.contains("did not answer within 2 s") == true, "\(String(describing: error))")
    #expect(Date().timeIntervalSince(started) < 60)
    kill(second, SIGCONT)
    try cluster.psql("ALTER DATABASE \(name) ALLOW_CONNECTIONS true", database: "postgres")

    // A server that takes the connection but never answers the login: cannotOpen after 2 s.
    let hole = Process()
    hole.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    hole.arguments = [
      "python3", "-c",
      "import socket, time; s = socket.socket(); s.bind(('127.0.0.1', 0)); s.listen(); "
        + "print(s.getsockname()[1], flush=True); time.sleep(120)",
    ]
    let out = Pipe()
    hole.standardOutput = out
    try hole.run()
    defer { hole.terminate() }
    let line = String(decoding: out.fileHandleForReading.availableData, as: UTF8.self)
    let port = try #require(Int(line.trimmingCharacters(in: .whitespacesAndNewlines)), "python3: \(line)")
    started = Date()
    let silent = "postgresql://\(cluster.user)@127.0.0.1:\(port)/\(name)?sslmode=disable&connect_timeout=2"
    #expect(Self.kind { _ = try PostgresBackend(url: silent) } == .cannotOpen)
    #expect(Date().timeIntervalSince(started) < 30)
  }

  /// The kind of store error `body` throws, or `nil`.
  static func kind(_ body: () throws -> Void) -> StoreError.Kind? {
    do {
      try body()
      return nil
    } catch {
      return (error as? StoreError)?.kind
    }
  }
}

/// Errors collected from concurrent work, under a lock.
final class ErrorBox: @unchecked Sendable {
  private let lock = NSLock()
  private var errors: [any Error] = []

  func add(_ error: any Error) { lock.withLock { errors.append(error) } }

  var all: [any Error] { lock.withLock { errors } }
}

import CareStore
import CareStoreLocation
import FHIRTestSupport
import Foundation
import Testing

/// Cooperating importers (`fhirkit import --job NAME --workers N`) with the built binary, each
/// worker a process of its own started at the same time, on the package's Synthea Bundles
/// flattened into a Bulk Data folder cut in three. The store they leave is compared with what
/// one import of all the parts leaves (one worker; SQLite).
@Suite("cooperating importers on a PostgreSQL store", .serialized)
struct CooperatingImportCommandTests {
  /// The three parts of the Bulk Data folder: one NDJSON file per release, resource type and
  /// third of its lines, the files of one type spread over the three parts, so that references
  /// cross from one worker's part into another's.
  static let parts: [String] = {
    let folder = TemporaryFolders.make("coop-bulk")
    let bundles = PostgresCommandTests.bundles
    var lines: [String: [[UInt8]]] = [:]
    for path in bundles {
      let release = path.contains("/dstu2/") ? "dstu2" : "r4"
      // Two copies of each patient (distinct ids), for enough partitions to kill a worker amid them.
      for copy in 0..<2 {
        let bundle = Array(FileManager.default.contents(atPath: path) ?? Data())
        for (type, typeLines) in (try? BulkExport.lines(ofBundle: bundle, copy: copy)) ?? [:] {
          lines[release + "." + type, default: []] += typeLines
        }
      }
    }
    let parts = (1...3).map { folder + "/part\($0)" }
    for part in parts { try? FileManager.default.createDirectory(atPath: part, withIntermediateDirectories: true) }
    for (n, name) in lines.keys.sorted().enumerated() {
      let all = lines[name]!
      let third = (all.count + 2) / 3
      for k in 0..<3 {
        let slice = all.dropFirst(k * third).prefix(third)
        guard !slice.isEmpty else { continue }
        let bytes: [UInt8] = slice.flatMap { $0 + [UInt8(0x0A)] }
        _ = FileManager.default.createFile(atPath: parts[(n + k) % 3] + "/\(name).\(k + 1).ndjson", contents: Data(bytes))
      }
    }
    return parts
  }()

  @Test("three workers at once give the store one import of all the parts gives (one worker; SQLite)")
  func threeWorkersEqualOneImport() throws {
    let cluster = try PostgresTestCluster.shared()
    let url = cluster.url(database: try cluster.makeDatabase())
    let single = cluster.url(database: try cluster.makeDatabase())
    let sqlite = TemporaryFolders.make("coop-sqlite") + "/store.sqlite"

    let results = Self.concurrently(
      Self.parts.map { ["import", "--store", url, "--job", "bulk-1", "--workers", "3", "--wait-timeout", "600", $0] })
    for result in results {
      #expect(result.exitCode == 0, "\(result.stderr)")
      #expect(result.stderr.contains("fhirkit: job bulk-1, worker "))
    }
    let one = try CommandRunner.run(["import", "--store", single, "--job", "one", "--workers", "1"] + Self.parts)
    #expect(one.exitCode == 0, "\(one.stderr)")
    let plain = try CommandRunner.run(["import", "--store", sqlite] + Self.parts)
    #expect(plain.exitCode == 0, "\(plain.stderr)")

    let expected = try Self.sortedExport(sqlite)
    #expect(expected.count > 1000)
    #expect(try Self.sortedExport(url) == expected)
    #expect(try Self.sortedExport(single) == expected)
    // The workers' partitions add up: every partition stored once, by one of them.
    let stored = results.map { Self.partitionsStored(in: $0.stderr) }
    #expect(stored.allSatisfy { $0 != nil })
    let done = try cluster.psql("SELECT count(*), count(done_at) FROM import_job_partitions", database: Self.database(url))
    let total = stored.compactMap { $0 }.reduce(0, +)
    #expect(done.trimmingCharacters(in: .whitespacesAndNewlines) == "\(total)|\(total)")
    #expect(try StoreInvariants.violations(in: StoreLocation(url).open(readOnly: true)).isEmpty)

    // The same worker's command again: staged before, every partition done, nothing written.
    let again = try CommandRunner.run(["import", "--store", url, "--job", "bulk-1", "--workers", "3", Self.parts[0]])
    #expect(again.exitCode == 0, "\(again.stderr)")
    #expect(again.stderr.contains("0 file(s) staged (0 resources)"))
    #expect(again.stderr.contains("0 of \(total) partition(s) stored by this worker"))
    #expect(try Self.sortedExport(url) == expected)
  }

  @Test("a worker killed with -9 amid the merge: the others and its command run again finish the same store")
  func killedWorker() throws {
    let cluster = try PostgresTestCluster.shared()
    let url = cluster.url(database: try cluster.makeDatabase())
    let database = Self.database(url)
    let sqlite = TemporaryFolders.make("coop-kill") + "/store.sqlite"
    let arguments = Self.parts.map {
      ["import", "--store", url, "--job", "bulk-k", "--workers", "3", "--jobs", "1", "--wait-timeout", "600", $0]
    }
    let workers = try arguments.map { try RunningCommand(arguments: $0) }
    // Kill the third worker once a partition is stored (the merge is on) while it holds a claim:
    // its job connection is in a transaction only while it claims a partition.
    let deadline = Date().addingTimeInterval(600)
    var killed = false
    let probe = """
      SELECT (SELECT count(*) FROM import_job_partitions WHERE done_at IS NOT NULL) || '|' || coalesce((SELECT a.state
        FROM pg_stat_activity a JOIN import_job_workers w ON a.pid = w.backend_pid WHERE w.pid = \(workers[2].pid)), '')
      """
    while Date() < deadline && workers[2].isRunning {
      // (The job tables exist once the first worker opened the store.)
      let seen = (try? cluster.psql(probe, database: database))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
      let fields = seen.split(separator: "|", omittingEmptySubsequences: false)
      if fields.count == 2, (Int(fields[0]) ?? 0) > 0, fields[1] == "idle in transaction" {
        kill(workers[2].pid, SIGKILL)
        killed = true
        break
      }
      usleep(20_000)
    }
    let ends = workers.map { $0.wait() }
    #expect(killed)
    #expect(ends[2].signalled == SIGKILL, "the worker ended before it was killed: \(ends[2].stderr)")
    #expect(ends[0].exitCode == 0, "\(ends[0].stderr)")
    #expect(ends[1].exitCode == 0, "\(ends[1].stderr)")
    // The survivors finished every partition, the killed worker's claim included.
    let left = try cluster.psql("SELECT count(*) FROM import_job_partitions WHERE done_at IS NULL", database: database)
    #expect(left.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
    let status = try CommandRunner.run(["import", "--store", url, "--job", "bulk-k", "--status"])
    #expect(status.stdout.contains("gone (connection closed before it finished)"), "\(status.stdout)")

    let rerun = try CommandRunner.run(arguments[2])
    #expect(rerun.exitCode == 0, "\(rerun.stderr)")
    let plain = try CommandRunner.run(["import", "--store", sqlite] + Self.parts)
    #expect(plain.exitCode == 0)
    #expect(try Self.sortedExport(url) == Self.sortedExport(sqlite))
    #expect(try StoreInvariants.violations(in: StoreLocation(url).open(readOnly: true)).isEmpty)
    let heads = try cluster.psql(
      "SELECT count(*) FROM (SELECT kind, id FROM versions WHERE is_head GROUP BY kind, id HAVING count(*) > 1) d",
      database: database)
    #expect(heads.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
    let orphans = try cluster.psql(
      """
      SELECT count(*) FROM versions v WHERE v.previous_uuid IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM versions p WHERE p.uuid = v.previous_uuid)
      """, database: database)
    #expect(orphans.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
  }

  @Test("two plain imports of the same inputs at once store the rows one import stores")
  func concurrentPlainImports() throws {
    let cluster = try PostgresTestCluster.shared()
    let url = cluster.url(database: try cluster.makeDatabase())
    let reference = cluster.url(database: try cluster.makeDatabase())
    let inputs = Array(PostgresCommandTests.bundles.prefix(6))
    let results = Self.concurrently([["import", "--store", url] + inputs, ["import", "--store", url] + inputs])
    for result in results { #expect(result.exitCode == 0, "\(result.stderr)") }
    let once = try CommandRunner.run(["import", "--store", reference] + inputs)
    #expect(once.exitCode == 0)
    let counts = "SELECT (SELECT count(*) FROM versions), (SELECT count(*) FROM patient), (SELECT count(*) FROM care_plan),"
      + " (SELECT count(*) FROM task), (SELECT count(*) FROM outcome), (SELECT count(*) FROM provenance)"
    let expected = try cluster.psql(counts, database: Self.database(reference))
    #expect(expected.split(separator: "|").count == 6 && !expected.hasPrefix("0|"))
    #expect(try cluster.psql(counts, database: Self.database(url)) == expected)
    #expect(try Self.sortedExport(url) == Self.sortedExport(reference))
  }

  @Test("--status prints the workers, what they staged and the partitions left and done")
  func status() throws {
    let cluster = try PostgresTestCluster.shared()
    let url = cluster.url(database: try cluster.makeDatabase())
    // Before any job: none of that name.
    let none = try CommandRunner.run(["import", "--store", url, "--job", "nothing", "--status"])
    #expect(none.exitCode == 3)
    #expect(none.stderr.contains("job nothing: no such job"))

    // One of two workers staged, with a short wait: it gives up, what it staged is kept.
    let first = try CommandRunner.run(
      ["import", "--store", url, "--job", "st", "--workers", "2", "--wait-timeout", "1", Self.parts[0]])
    #expect(first.exitCode == 3)
    #expect(first.stderr.contains("waiting for the other workers to stage (1 of 2 staged)"))
    #expect(first.stderr.contains("job st: 1 of 2 workers staged within 1 s"))
    let waiting = try CommandRunner.run(["import", "--store", url, "--job", "st", "--status"])
    #expect(waiting.exitCode == 0, "\(waiting.stderr)")
    let files = try FileManager.default.contentsOfDirectory(atPath: Self.parts[0]).count
    let lines = waiting.stdout.split(separator: "\n").map(String.init)
    #expect(lines.first == "job st: 2 workers expected, 1 staged, 1 process(es) joined")
    #expect(lines.contains { $0.hasPrefix("worker 1: ") && $0.contains("gone") && $0.contains("\(files) file(s) staged") })
    #expect(lines.contains { $0.hasPrefix("staged: \(files) file(s), ") })
    #expect(lines.last == "partitions: not cut yet (waiting for 1 worker(s) to stage)")

    // The first worker's command again, and the second worker, at once: the first counts once
    // (the same part of the inputs), so staging stays open until the second has staged.
    let results = Self.concurrently([
      ["import", "--store", url, "--job", "st", "--workers", "2", Self.parts[0]],
      ["import", "--store", url, "--job", "st", "--workers", "2", Self.parts[1], Self.parts[2]],
    ])
    for result in results { #expect(result.exitCode == 0, "\(result.stderr)") }
    let done = try CommandRunner.run(["import", "--store", url, "--job", "st", "--status"])
    let doneLines = done.stdout.split(separator: "\n").map(String.init)
    #expect(doneLines.first == "job st: 2 workers expected, 2 staged, 3 process(es) joined")
    #expect(doneLines.filter { $0.contains(", finished, ") }.count == 2)
    let partitions = try #require(doneLines.last)
    let total = try cluster.psql("SELECT partitions FROM import_jobs WHERE job = 'st'", database: Self.database(url))
      .trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(partitions == "partitions: \(total), \(total) done, 0 left")
    #expect(!done.stdout.contains(cluster.password))
  }

  @Test("--job, --workers or --status with an SQLite store, or another --workers than the job's: usage errors")
  func usageErrors() throws {
    let sqlite = TemporaryFolders.make("coop-usage") + "/store.sqlite"
    for options in [["--job", "j", "--workers", "2"], ["--workers", "2"], ["--job", "j", "--status"]] {
      let result = try CommandRunner.run(["import", "--store", sqlite] + options + [Self.parts[0]])
      #expect(result.exitCode == 2, "\(options)")
      #expect(result.stderr.contains("need a postgresql:// store"), "\(result.stderr)")
      #expect(!FileManager.default.fileExists(atPath: sqlite))
    }
    let cluster = try PostgresTestCluster.shared()
    let url = cluster.url(database: try cluster.makeDatabase(), tcp: true)
    let created = try CommandRunner.run(
      ["import", "--store", url, "--job", "w", "--workers", "2", "--wait-timeout", "0", Self.parts[0]])
    #expect(created.exitCode == 3)
    let other = try CommandRunner.run(["import", "--store", url, "--job", "w", "--workers", "3", Self.parts[1]])
    #expect(other.exitCode == 2)
    #expect(other.stderr.contains("job w: it was created with --workers 2, this worker was given 3"))
    for result in [created, other] { #expect(!result.stderr.contains(cluster.password)) }
    let stdin = try CommandRunner.run(["import", "--store", url, "--job", "w", "--workers", "2", "-"])
    #expect(stdin.exitCode == 2)
  }

  // MARK: Helpers

  /// The database name at the end of a test cluster URL.
  static func database(_ url: String) -> String { String(url.split(separator: "/").last!) }

  /// `export --to care` of `store`, its lines sorted.
  static func sortedExport(_ store: String) throws -> [Substring] {
    let exported = try CommandRunner.run(["export", "--store", store, "--to", "care"])
    #expect(exported.exitCode == 0, "\(exported.stderr)")
    return exported.stdout.split(separator: "\n").sorted()
  }

  /// `k` of `fhirkit: job …, worker n: k of m partition(s) stored by this worker`.
  static func partitionsStored(in stderr: String) -> Int? {
    guard let line = stderr.split(separator: "\n").first(where: { $0.contains("partition(s) stored by this worker") })
    else { return nil }
    let words = line.split(separator: " ")
    guard let of = words.firstIndex(of: "of"), of > 0 else { return nil }
    return Int(words[of - 1])
  }

  /// Runs the commands at once, each on a thread of its own, and returns how each ended.
  static func concurrently(_ commands: [[String]]) -> [RunningCommand.End] {
    let running = commands.map { try? RunningCommand(arguments: $0) }
    return running.map {
      $0?.wait() ?? RunningCommand.End(stdout: "", stderr: "did not start", exitCode: -1, signalled: nil)
    }
  }
}

/// A `fhirkit` process started and left running, its output collected on other threads.
final class RunningCommand: @unchecked Sendable {
  struct End {
    var stdout: String
    var stderr: String
    var exitCode: Int32
    /// The signal that ended it, if one did.
    var signalled: Int32?
  }

  private let process = Process()
  private let finished = DispatchSemaphore(value: 0)
  // Written once each by the reading threads, read after `group.wait()`.
  private var out = Data()
  private var err = Data()

  init(arguments: [String]) throws {
    process.executableURL = CommandRunner.executable
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: Fixtures.root).deletingLastPathComponent()
    let output = Pipe()
    let error = Pipe()
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = output
    process.standardError = error
    try process.run()
    // Threads of their own: blocking reads on a few pool threads could leave a pipe full.
    Thread {
      self.out = output.fileHandleForReading.readDataToEndOfFile()
      self.finished.signal()
    }.start()
    Thread {
      self.err = error.fileHandleForReading.readDataToEndOfFile()
      self.finished.signal()
    }.start()
  }

  var pid: Int32 { process.processIdentifier }
  var isRunning: Bool { process.isRunning }

  /// Waits for the process to end.
  func wait() -> End {
    process.waitUntilExit()
    finished.wait()
    finished.wait()
    let signalled = process.terminationReason == .uncaughtSignal ? process.terminationStatus : nil
    return End(
      stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self),
      exitCode: process.terminationStatus, signalled: signalled)
  }
}

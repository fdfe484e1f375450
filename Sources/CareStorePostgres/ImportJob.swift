import CareStore
import Foundation
import NIOCore
import PostgresNIO

/// One worker of an import shared by several processes, possibly on several hosts, through the
/// PostgreSQL store's job tables (``ImportJobSchema``). Each worker:
///
/// 1. joins the job (``join(workers:partitionBytes:part:host:pid:)``), creating it when it is the first;
/// 2. stages its input files into the database (``stage(file:path:bytes:_:)``), each file content
///    once per job whoever stages it, then says so (``finishStaging()``);
/// 3. waits until the job's number of workers — distinct parts of the inputs — have staged
///    (``waitForWorkers(timeout:waiting:)``),
///    closes staging (``seal()``) and reads every staged resource back
///    (``forEachStagedResource(_:)``) to cut the same partitions as every other worker;
/// 4. records the partitions (``recordPartitions(_:)``) and merges and stores those it claims
///    (``claimPartitions(_:waiting:)``) until every partition is done.
///
/// Claims are row locks (`FOR UPDATE SKIP LOCKED`) held by an open transaction on this worker's
/// own connection until the partition's entities are stored and the partition marked done: a
/// worker that dies (even killed with `SIGKILL`) loses its connection, the server rolls its
/// transaction back and the partition is claimed again, by another worker or by the same
/// command run again. Storing a partition twice writes nothing the second time, since imports
/// are idempotent. Every rule that matters when workers race — one row per staged content, one
/// row per partition, one recorded number of partitions — is a database constraint or a row lock.
///
/// A connection is used by one thread at a time; the class is not `Sendable`.
public final class ImportJob {
  /// A staged resource: what a worker read, as the care pipeline's staging keeps it.
  public struct Resource: Sendable, Equatable {
    /// The FHIR release it was decoded in: `r4` or `dstu2`.
    public var release: String
    /// The `fullUrl` of the Bundle entry it came in, if any.
    public var fullUrl: String?
    /// Its JSON.
    public var json: [UInt8]
    /// Its JSON as read, when decoding had to repair it (stored as given).
    public var originalJSON: [UInt8]?

    /// Creates a staged resource.
    public init(release: String, fullUrl: String?, json: [UInt8], originalJSON: [UInt8]? = nil) {
      self.release = release
      self.fullUrl = fullUrl
      self.json = json
      self.originalJSON = originalJSON
    }
  }

  /// The job's name.
  public let job: String
  /// The store, as messages name it (the URL without its password).
  public let store: String
  /// This worker's number in the job, once it joined.
  public private(set) var workerNumber: Int?
  /// The number of workers the job waits for, once joined.
  public private(set) var workers = 0
  /// The partition size every worker of the job cuts with, once joined.
  public private(set) var partitionBytes = 0

  let connection: BlockingConnection
  /// Resources per `INSERT` while staging, and per read when reading back.
  let rowsPerStatement = 500
  /// How long to wait between two looks at the job's tables.
  let pollInterval: UInt32 = 200_000

  /// Connects to the store `url` names, for job `job`, and migrates its schema when needed.
  /// - Parameters:
  ///   - url: A `postgresql://` URL (see ``PostgresLocation``).
  ///   - job: The job's name, chosen by its users.
  ///   - readOnly: Only look (``status()``): nothing is created or migrated.
  /// - Throws: ``CareStore/StoreError`` as ``PostgresBackend/init(url:options:)`` does.
  public init(url: String, job: String, readOnly: Bool = false) throws {
    let location: PostgresLocation
    do {
      location = try PostgresLocation(url: url)
    } catch let error as PostgresLocation.Error {
      throw StoreError(.cannotOpen, store: "postgresql URL", operation: "reading the URL", detail: error.reason)
    }
    self.job = job
    store = location.description
    do {
      connection = try BlockingConnection.connect(location)
    } catch {
      throw PostgresBackend.storeError(error, store: store, operation: "connecting")
    }
    try PostgresMigrator(connection: connection, store: store, readOnly: readOnly).prepare()
    // A claim is a transaction left open while the partition is merged in Swift: a server whose
    // `idle_in_transaction_session_timeout` is set would end it mid-merge, so this session turns
    // it off. Keepalives let the server notice a worker whose host vanished (no FIN, no RST)
    // within about two minutes and roll its claim back, instead of after the kernel's two hours.
    for setting in [
      "idle_in_transaction_session_timeout = 0", "tcp_keepalives_idle = 60", "tcp_keepalives_interval = 10",
      "tcp_keepalives_count = 6",
    ] {
      try connection.query("SET \(setting)", operation: "setting the session up", table: nil)
    }
  }

  deinit {
    connection.close()
  }

  // MARK: Joining and staging

  /// Joins the job as a new worker, creating the job when it does not exist.
  /// - Parameters:
  ///   - workers: The number of workers that stage before any merges.
  ///   - partitionBytes: The staged bytes per partition (the job keeps the first worker's).
  ///   - part: What identifies this worker's inputs (``partKey(of:)``): a worker run again with
  ///     the same inputs is the same worker for the barrier, however often it joins.
  ///   - host: This worker's host name, for ``status()``.
  ///   - pid: This worker's process id, for ``status()``.
  /// - Returns: This worker's number.
  /// - Throws: ``ImportJobError`` (`mismatch`) when the job exists with another number of
  ///   workers; ``CareStore/StoreError``.
  @discardableResult
  public func join(workers: Int, partitionBytes: Int, part: String, host: String, pid: Int) throws -> Int {
    var binds = PostgresBindings()
    binds.append(job)
    binds.append(workers)
    binds.append(partitionBytes)
    try run("joining the job", table: "import_jobs") {
      try connection.query(
        "INSERT INTO import_jobs (job, workers, partition_bytes) VALUES ($1, $2, $3) ON CONFLICT (job) DO NOTHING",
        binds, operation: "creating the job", table: "import_jobs")
    }
    let (expected, bytes) = try settings()
    if expected != workers {
      throw ImportJobError(
        .mismatch, job: job, message: "it was created with --workers \(expected), this worker was given \(workers)")
    }
    self.workers = expected
    self.partitionBytes = bytes
    var worker = PostgresBindings()
    worker.append(job)
    worker.append(host)
    worker.append(pid)
    worker.append(part)
    let rows = try run("joining the job", table: "import_job_workers") {
      try connection.query(
        """
        INSERT INTO import_job_workers (job, host, pid, part_sha256, backend_pid)
        VALUES ($1, $2, $3, $4, pg_backend_pid())
        RETURNING worker_no
        """, worker, operation: "adding a worker", table: "import_job_workers")
    }
    let number = try run("joining the job", table: "import_job_workers") { try rows.first!.decode(Int.self) }
    workerNumber = number
    return number
  }

  /// The job's number of workers and partition size.
  private func settings() throws -> (workers: Int, partitionBytes: Int) {
    var binds = PostgresBindings()
    binds.append(job)
    let rows = try run("reading the job", table: "import_jobs") {
      try connection.query(
        "SELECT workers, partition_bytes FROM import_jobs WHERE job = $1", binds, operation: "reading the job",
        table: "import_jobs")
    }
    guard let row = rows.first else { throw ImportJobError(.noSuchJob, job: job, message: "no such job in \(store)") }
    return try run("reading the job", table: "import_jobs") { try row.decode((Int, Int).self) }
  }

  /// The key of a worker's part of the inputs: the SHA-256 of its files' distinct SHA-256s, in
  /// order, so that the same files (in any order, or named twice) make the same part.
  /// - Parameter files: The SHA-256 of each of the worker's files.
  public static func partKey(of files: [String]) -> String {
    ContentSHA256.hex(of: Array(Set(files).sorted().joined(separator: "\n").utf8))
  }

  /// Whether a file of this content is staged in the job already.
  /// - Parameter sha256: The file's SHA-256 (``ContentSHA256``).
  public func isStaged(_ sha256: String) throws -> Bool {
    var binds = PostgresBindings()
    binds.append(job)
    binds.append(sha256)
    return try run("looking for a staged file", table: "import_job_files") {
      try !connection.query(
        "SELECT 1 FROM import_job_files WHERE job = $1 AND content_sha256 = $2", binds,
        operation: "looking for a staged file", table: "import_job_files"
      ).isEmpty
    }
  }

  /// Stages one file's resources in one transaction: all of them or, when anything fails (or the
  /// worker dies), none. When another worker stages the same content at the same time, this one
  /// waits for it and stages nothing.
  /// - Parameters:
  ///   - sha256: The file's SHA-256, its key in the job.
  ///   - path: The file's path as this worker names it, for ``status()``.
  ///   - bytes: The file's size.
  ///   - produce: Reads the file, calling the function it is given with each resource in order.
  /// - Returns: Whether this call staged the file (`false`: it was staged already).
  /// - Throws: ``ImportJobError`` (`sealed`) when the job is merging already and the file was
  ///   not staged before; ``CareStore/StoreError``; what `produce` throws (nothing is staged).
  @discardableResult
  public func stage(file sha256: String, path: String, bytes: Int, _ produce: ((Resource) throws -> Void) throws -> Void)
    throws -> Bool
  {
    guard let workerNumber else { preconditionFailure("ImportJob.stage before join") }
    try run("staging a file", table: "import_job_files") {
      try connection.query("BEGIN", operation: "staging a file", table: nil)
    }
    do {
      var key = PostgresBindings()
      key.append(job)
      let sealed = try connection.query(
        "SELECT sealed FROM import_jobs WHERE job = $1 FOR SHARE", key, operation: "staging a file",
        table: "import_jobs"
      ).first?.decode(Bool.self)
      var file = PostgresBindings()
      file.append(job)
      file.append(sha256)
      file.append(path)
      file.append(bytes)
      file.append(workerNumber)
      let inserted = try connection.query(
        """
        INSERT INTO import_job_files (job, content_sha256, path, bytes, worker_no) VALUES ($1, $2, $3, $4, $5)
        ON CONFLICT (job, content_sha256) DO NOTHING RETURNING 1
        """, file, operation: "staging a file", table: "import_job_files")
      if inserted.isEmpty {
        try connection.query("ROLLBACK", operation: "staging a file", table: nil)
        return false
      }
      if sealed != false {
        throw ImportJobError(
          .sealed, job: job, message: "its workers have all staged and it is merging: \(path) cannot join it")
      }
      var pending: [Resource] = []
      var count = 0
      try produce { resource in
        pending.append(resource)
        if pending.count >= rowsPerStatement {
          try insert(pending, sha256: sha256, from: count)
          count += pending.count
          pending.removeAll(keepingCapacity: true)
        }
      }
      try insert(pending, sha256: sha256, from: count)
      count += pending.count
      var total = PostgresBindings()
      total.append(job)
      total.append(sha256)
      total.append(count)
      try connection.query(
        "UPDATE import_job_files SET resources = $3 WHERE job = $1 AND content_sha256 = $2", total,
        operation: "staging a file", table: "import_job_files")
      try connection.query("COMMIT", operation: "staging a file", table: nil)
      return true
    } catch {
      if !connection.isClosed { _ = try? connection.query("ROLLBACK", operation: "staging a file", table: nil) }
      if error is PostgresFailure { throw PostgresBackend.storeError(error, store: store, operation: "staging \(path)") }
      throw error
    }
  }

  /// Inserts staged resources numbered from `first`, in one statement.
  private func insert(_ resources: [Resource], sha256: String, from first: Int) throws {
    guard !resources.isEmpty else { return }
    var binds = PostgresBindings()
    binds.append(job)
    binds.append(sha256)
    binds.append(Array(first..<first + resources.count))
    binds.append(resources.map(\.release))
    binds.append(resources.map { $0.fullUrl != nil })
    binds.append(resources.map { $0.fullUrl ?? "" })
    binds.append(resources.map { ByteBuffer(bytes: $0.json) })
    binds.append(resources.map { $0.originalJSON != nil })
    binds.append(resources.map { ByteBuffer(bytes: $0.originalJSON ?? []) })
    try connection.query(
      """
      INSERT INTO import_job_resources (job, content_sha256, record_no, release, full_url, json, original_json)
      SELECT $1, $2, n, r, CASE WHEN hu THEN u END, j, CASE WHEN ho THEN o END
      FROM unnest($3::integer[], $4::text[], $5::boolean[], $6::text[], $7::bytea[], $8::boolean[], $9::bytea[])
        AS t (n, r, hu, u, j, ho, o)
      """, binds, operation: "staging resources", table: "import_job_resources")
  }

  /// Records that this worker staged all its files.
  /// - Throws: ``CareStore/StoreError``.
  public func finishStaging() throws {
    try markWorker("staged_at")
  }

  /// Records that this worker found every partition done.
  /// - Throws: ``CareStore/StoreError``.
  public func finishMerging() throws {
    try markWorker("finished_at")
  }

  private func markWorker(_ column: String) throws {
    guard let workerNumber else { preconditionFailure("ImportJob used before join") }
    var binds = PostgresBindings()
    binds.append(job)
    binds.append(workerNumber)
    try run("recording a worker's progress", table: "import_job_workers") {
      try connection.query(
        "UPDATE import_job_workers SET \(column) = now() WHERE job = $1 AND worker_no = $2", binds,
        operation: "recording a worker's progress", table: "import_job_workers")
    }
  }

  /// Runs `body`, turning a statement failure into a ``CareStore/StoreError`` naming `operation`.
  @discardableResult
  func run<T>(_ operation: String, table: String, _ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch let error as PostgresFailure {
      throw PostgresBackend.storeError(error, store: store, operation: operation)
    } catch let error as PostgresDecodingError {
      throw PostgresBackend.storeError(
        PostgresFailure(operation: operation, table: table, underlying: error), store: store, operation: operation)
    }
  }
}

import CareStore
import Foundation
import PostgresNIO

extension ImportJob {
  /// Where a job stands: its workers, what they staged, and its partitions — counts, host
  /// names and paths, never a resource's content.
  public struct Status: Sendable, Equatable {
    /// One worker that joined the job.
    public struct Worker: Sendable, Equatable {
      /// Its number in the job.
      public var number: Int
      /// Its part of the inputs (``ImportJob/partKey(of:)``).
      public var part: String
      /// The host it ran on.
      public var host: String
      /// Its process id there.
      public var pid: Int
      /// Whether it has staged all its files.
      public var staged: Bool
      /// Whether it found every partition done.
      public var finished: Bool
      /// Whether its connection to the server is still open (a worker that died, or finished,
      /// has none).
      public var connected: Bool
      /// The files it staged (not those another worker staged first).
      public var files: Int
      /// The partitions it merged and stored.
      public var partitionsDone: Int
    }

    /// The job's name.
    public var job: String
    /// The number of workers it waits for before merging.
    public var workers: Int
    /// Every worker that joined, in the order they joined.
    public var joined: [Worker]
    /// Distinct parts of the inputs staged: what the barrier counts.
    public var partsStaged: Int
    /// Files staged (distinct contents), their bytes, and their resources.
    public var files: Int
    public var bytes: Int
    public var resources: Int
    /// Whether staging is closed (every worker staged; merging started).
    public var sealed: Bool
    /// The number of partitions, once a worker cut them.
    public var partitions: Int?
    /// Partitions merged and stored.
    public var partitionsDone: Int

    /// Partitions not stored yet (`nil` before they are cut).
    public var partitionsLeft: Int? { partitions.map { $0 - partitionsDone } }
  }

  /// Where the job stands.
  /// - Throws: ``ImportJobError`` (`noSuchJob`); ``CareStore/StoreError``.
  public func status() throws -> Status {
    var key = PostgresBindings()
    key.append(job)
    let jobRows = try run("reading the job", table: "import_jobs") {
      try connection.query(
        """
        SELECT workers, sealed, partitions,
          (SELECT count(*) FROM import_job_files f WHERE f.job = j.job),
          (SELECT coalesce(sum(bytes), 0)::bigint FROM import_job_files f WHERE f.job = j.job),
          (SELECT coalesce(sum(resources), 0)::bigint FROM import_job_files f WHERE f.job = j.job),
          (SELECT count(*) FROM import_job_partitions p WHERE p.job = j.job AND p.done_at IS NOT NULL)
        FROM import_jobs j WHERE job = $1
        """, key, operation: "reading the job", table: "import_jobs")
    }
    guard let row = jobRows.first else { throw ImportJobError(.noSuchJob, job: job, message: "no such job in \(store)") }
    let (workers, sealed, partitions, files, bytes, resources, done) = try run("reading the job", table: "import_jobs") {
      try row.decode((Int, Bool, Int?, Int, Int, Int, Int).self)
    }
    let workerRows = try run("reading the workers", table: "import_job_workers") {
      try connection.query(
        """
        SELECT w.worker_no, w.part_sha256, w.host, w.pid, w.staged_at IS NOT NULL, w.finished_at IS NOT NULL,
          EXISTS (SELECT 1 FROM pg_stat_activity a WHERE a.pid = w.backend_pid AND a.backend_start <= w.started_at),
          (SELECT count(*) FROM import_job_files f WHERE f.job = w.job AND f.worker_no = w.worker_no),
          (SELECT count(*) FROM import_job_partitions p WHERE p.job = w.job AND p.worker_no = w.worker_no)
        FROM import_job_workers w WHERE w.job = $1 ORDER BY w.worker_no
        """, key, operation: "reading the workers", table: "import_job_workers")
    }
    let joined = try run("reading the workers", table: "import_job_workers") {
      try workerRows.map { row in
        let (number, part, host, pid, staged, finished, connected, files, partitionsDone) = try row.decode(
          (Int, String, String, Int, Bool, Bool, Bool, Int, Int).self)
        return Status.Worker(
          number: number, part: part, host: host, pid: pid, staged: staged, finished: finished, connected: connected,
          files: files, partitionsDone: partitionsDone)
      }
    }
    let partsStaged = Set(joined.filter(\.staged).map(\.part)).count
    return Status(
      job: job, workers: workers, joined: joined, partsStaged: partsStaged, files: files, bytes: bytes, resources: resources, sealed: sealed,
      partitions: partitions, partitionsDone: done)
  }
}

import CareStore
import Foundation
import NIOCore
import PostgresNIO

// The barrier, the partitions and their claims: what a worker does once it has staged.
extension ImportJob {
  /// Waits until as many workers as the job's number have staged (or the job is merging
  /// already), looking at the job's tables every 0.2 s. Workers are counted by their part of the
  /// inputs: a worker run again with the same files counts once.
  /// - Parameters:
  ///   - timeout: The longest wait, in seconds (`nil`: no limit).
  ///   - waiting: Called with the workers staged and the number waited for, when that changes.
  /// - Throws: ``ImportJobError`` (`timedOut`); ``CareStore/StoreError``.
  public func waitForWorkers(timeout: Double?, waiting: (_ staged: Int, _ expected: Int) -> Void) throws {
    let start = Date()
    var said = -1
    var binds = PostgresBindings()
    binds.append(job)
    while true {
      let rows = try run("waiting for the workers", table: "import_job_workers") {
        try connection.query(
          """
          SELECT j.workers, j.sealed,
            (SELECT count(DISTINCT part_sha256) FROM import_job_workers w WHERE w.job = j.job AND w.staged_at IS NOT NULL)
          FROM import_jobs j WHERE j.job = $1
          """, binds, operation: "waiting for the workers", table: "import_job_workers")
      }
      guard let row = rows.first else { throw ImportJobError(.noSuchJob, job: job, message: "no such job in \(store)") }
      let (expected, sealed, staged) = try run("waiting for the workers", table: "import_jobs") {
        try row.decode((Int, Bool, Int).self)
      }
      if sealed || staged >= expected { return }
      if staged != said {
        said = staged
        waiting(staged, expected)
      }
      if let timeout, Date().timeIntervalSince(start) >= timeout {
        throw ImportJobError(
          .timedOut, job: job,
          message: "\(staged) of \(expected) workers staged within \(Int(timeout)) s; what was staged is kept: "
            + "run the same command again to go on waiting")
      }
      usleep(pollInterval)
    }
  }

  /// Closes staging: a file not staged yet can no longer join the job. Waits for files being
  /// staged to be committed (or rolled back).
  /// - Throws: ``CareStore/StoreError``.
  public func seal() throws {
    var binds = PostgresBindings()
    binds.append(job)
    try run("closing staging", table: "import_jobs") {
      try connection.query(
        "UPDATE import_jobs SET sealed = true WHERE job = $1 AND NOT sealed", binds, operation: "closing staging",
        table: "import_jobs")
    }
  }

  /// Calls `body` with every resource staged in the job, file after file in the order of their
  /// SHA-256, each file's resources in the order read: the same order on every worker.
  /// - Returns: The number of resources.
  /// - Throws: ``CareStore/StoreError``, or what `body` throws.
  @discardableResult
  public func forEachStagedResource(_ body: (Resource) throws -> Void) throws -> Int {
    var after = ("", -1)
    var count = 0
    while true {
      var binds = PostgresBindings()
      binds.append(job)
      binds.append(after.0)
      binds.append(after.1)
      binds.append(rowsPerStatement)
      let rows = try run("reading staged resources", table: "import_job_resources") {
        try connection.query(
          """
          SELECT content_sha256, record_no, release, full_url, json, original_json FROM import_job_resources
          WHERE job = $1 AND (content_sha256, record_no) > ($2, $3)
          ORDER BY content_sha256, record_no LIMIT $4
          """, binds, operation: "reading staged resources", table: "import_job_resources")
      }
      if rows.isEmpty { return count }
      for row in rows {
        let (sha, number, release, url, json, original) = try run("reading staged resources", table: "import_job_resources") {
          try row.decode((String, Int, String, String?, ByteBuffer, ByteBuffer?).self)
        }
        after = (sha, number)
        count += 1
        try body(
          Resource(
            release: release, fullUrl: url, json: Array(json.readableBytesView),
            originalJSON: original.map { Array($0.readableBytesView) }))
      }
    }
  }

  /// Records the number of partitions this worker cut, and the partitions' rows, when no worker
  /// did before; otherwise checks it is the number recorded.
  /// - Throws: ``ImportJobError`` (`inconsistent`) for another number; ``CareStore/StoreError``.
  public func recordPartitions(_ count: Int) throws {
    var binds = PostgresBindings()
    binds.append(job)
    binds.append(count)
    let recorded = try run("recording the partitions", table: "import_job_partitions") { () -> Int? in
      try connection.query("BEGIN", operation: "recording the partitions", table: nil)
      do {
        try connection.query(
          "UPDATE import_jobs SET partitions = $2 WHERE job = $1 AND partitions IS NULL", binds,
          operation: "recording the partitions", table: "import_jobs")
        try connection.query(
          """
          INSERT INTO import_job_partitions (job, partition_no) SELECT $1, n FROM generate_series(0, $2 - 1) AS n
          ON CONFLICT (job, partition_no) DO NOTHING
          """, binds, operation: "recording the partitions", table: "import_job_partitions")
        var key = PostgresBindings()
        key.append(job)
        let value = try connection.query(
          "SELECT partitions FROM import_jobs WHERE job = $1", key, operation: "recording the partitions",
          table: "import_jobs"
        ).first?.decode(Int?.self)
        try connection.query("COMMIT", operation: "recording the partitions", table: nil)
        return value ?? nil
      } catch {
        if !connection.isClosed { _ = try? connection.query("ROLLBACK", operation: "recording the partitions", table: nil) }
        throw error
      }
    }
    if recorded != count {
      throw ImportJobError(
        .inconsistent, job: job,
        message: "this worker cut \(count) partitions, the job recorded \(recorded.map(String.init) ?? "none")")
    }
  }

  /// Claims undone partitions one at a time and calls `body` with each, marking it done in the
  /// transaction that holds the claim once `body` returns; when the partitions left are all
  /// claimed by other workers, waits for them (a worker that dies releases its claims, which
  /// this one then takes). Returns when every partition is done.
  /// - Parameters:
  ///   - body: Merges and stores one partition (committed before it returns).
  ///   - waiting: Called with the number of partitions left, all claimed by others, when it changes.
  /// - Returns: The number of partitions this worker did.
  /// - Throws: ``CareStore/StoreError``, or what `body` throws (the partition stays undone).
  @discardableResult
  public func claimPartitions(_ body: (Int) throws -> Void, waiting: (_ left: Int) -> Void = { _ in }) throws -> Int {
    guard let workerNumber else { preconditionFailure("ImportJob.claimPartitions before join") }
    var done = 0
    var said = -1
    var key = PostgresBindings()
    key.append(job)
    while true {
      try run("claiming a partition", table: "import_job_partitions") {
        try connection.query("BEGIN", operation: "claiming a partition", table: nil)
      }
      do {
        let claimed = try connection.query(
          """
          SELECT partition_no FROM import_job_partitions WHERE job = $1 AND done_at IS NULL
          ORDER BY partition_no LIMIT 1 FOR UPDATE SKIP LOCKED
          """, key, operation: "claiming a partition", table: "import_job_partitions"
        ).first?.decode(Int.self)
        guard let claimed else {
          try connection.query("ROLLBACK", operation: "claiming a partition", table: nil)
          let left = try connection.query(
            "SELECT count(*) FROM import_job_partitions WHERE job = $1 AND done_at IS NULL", key,
            operation: "counting partitions left", table: "import_job_partitions"
          ).first!.decode(Int.self)
          if left == 0 { return done }
          if left != said {
            said = left
            waiting(left)
          }
          usleep(pollInterval)
          continue
        }
        try body(claimed)
        var mark = PostgresBindings()
        mark.append(job)
        mark.append(claimed)
        mark.append(workerNumber)
        try connection.query(
          "UPDATE import_job_partitions SET done_at = now(), worker_no = $3 WHERE job = $1 AND partition_no = $2",
          mark, operation: "marking a partition done", table: "import_job_partitions")
        try connection.query("COMMIT", operation: "marking a partition done", table: nil)
        done += 1
      } catch {
        if !connection.isClosed { _ = try? connection.query("ROLLBACK", operation: "claiming a partition", table: nil) }
        if error is PostgresFailure {
          throw PostgresBackend.storeError(error, store: store, operation: "merging partitions of job \(job)")
        }
        throw error
      }
    }
  }
}

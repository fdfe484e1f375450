import CareStorePostgres

/// What `fhirkit import --job NAME --status` prints (on stdout): the job's workers, what they
/// staged, and its partitions — counts, hosts and process ids, never a resource's content.
///
/// ```
/// job bulk-2026-11: 3 workers expected, 3 staged, 3 process(es) joined
/// worker 1: part 5c1e09aa, host-a pid 4711, finished, 2 file(s) staged, 14 partition(s) stored
/// worker 2: part 0b7d3f12, host-b pid 812, merging, 3 file(s) staged, 9 partition(s) stored
/// worker 3: part e4a9c2d0, host-c pid 977, gone (connection closed before it finished), 1 file(s) staged, 4 partition(s) stored
/// staged: 6 file(s), 48213 resources, 51234567 bytes
/// partitions: 40, 27 done, 13 left
/// ```
enum ImportJobStatusText {
  /// The lines for `status`.
  static func lines(_ status: ImportJob.Status) -> [String] {
    let staged = status.partsStaged
    var lines = [
      "job \(status.job): \(status.workers) workers expected, \(staged) staged, \(status.joined.count) process(es) joined"
    ]
    for worker in status.joined {
      lines.append(
        "worker \(worker.number): part \(worker.part.prefix(8)), \(worker.host) pid \(worker.pid), "
          + "\(state(of: worker, sealed: status.sealed)), "
          + "\(worker.files) file(s) staged, \(worker.partitionsDone) partition(s) stored")
    }
    lines.append("staged: \(status.files) file(s), \(status.resources) resources, \(status.bytes) bytes")
    if let partitions = status.partitions, let left = status.partitionsLeft {
      lines.append("partitions: \(partitions), \(status.partitionsDone) done, \(left) left")
    } else if status.sealed {
      lines.append("partitions: not cut yet (staging closed)")
    } else {
      lines.append("partitions: not cut yet (waiting for \(max(0, status.workers - staged)) worker(s) to stage)")
    }
    return lines
  }

  /// `staging`, `merging`, `finished`, or `gone` for a worker whose connection closed before it finished.
  private static func state(of worker: ImportJob.Status.Worker, sealed: Bool) -> String {
    if worker.finished { return "finished" }
    if !worker.connected { return "gone (connection closed before it finished)" }
    if !worker.staged { return "staging" }
    return sealed ? "merging" : "staged, waiting for the others"
  }
}

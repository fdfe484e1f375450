import FHIRKit

/// Collects records and processes them in batches on `jobs` threads, handing the results
/// back one by one in input order (`--jobs`): what a command prints and writes does not
/// depend on the number of threads.
///
/// Within a batch, release detection and then `work` run in parallel; `handle` runs on the
/// calling thread, in input order. A release detected in a record carries over to the next
/// records of the same input that have no release-specific element, as with one thread.
final class RecordBatcher<Output> {
  /// Records processed together; enough to keep the threads busy, few enough to keep
  /// memory bounded.
  static var batchSize: Int { 2048 }

  private let from: ReleaseOption
  private let jobs: Int
  private let work: (ResourceRecord, FHIRRelease) throws -> Output
  private let handle: (ResourceRecord, ParallelMap.Outcome<Output>) throws -> Void
  private var pending: [ResourceRecord] = []
  private var inputRelease: FHIRRelease?

  /// Creates a batcher.
  /// - Parameters:
  ///   - from: How to tell each record's release.
  ///   - jobs: Threads to use.
  ///   - work: What to compute per record; called from several threads at once.
  ///   - handle: What to do with each result, in input order, on the calling thread.
  init(
    from: ReleaseOption, jobs: Int, work: @escaping (ResourceRecord, FHIRRelease) throws -> Output,
    handle: @escaping (ResourceRecord, ParallelMap.Outcome<Output>) throws -> Void
  ) {
    self.from = from
    self.jobs = jobs
    self.work = work
    self.handle = handle
  }

  /// Starts a new input: releases detected before no longer carry over.
  func startInput() throws {
    try flush()
    inputRelease = nil
  }

  /// Adds a record, processing the batch when it is full.
  /// - Throws: What `handle` throws.
  func add(_ record: ResourceRecord) throws {
    pending.append(record)
    if pending.count >= Self.batchSize { try flush() }
  }

  /// Processes the pending records.
  /// - Throws: What `handle` throws (the records after it in the batch are dropped).
  func flush() throws {
    guard !pending.isEmpty else { return }
    let batch = pending
    pending.removeAll(keepingCapacity: true)
    var releases: [FHIRRelease] = []
    releases.reserveCapacity(batch.count)
    if from == .auto {
      let detected = ParallelMap.map(batch, jobs: jobs) { [from] record in from.detect(record.tokens) }
      for outcome in detected { releases.append(from.release(detected: try outcome.get(), inputRelease: &inputRelease)) }
    } else {
      releases = Array(repeating: from.release(detected: nil, inputRelease: &inputRelease), count: batch.count)
    }
    let items = Array(zip(batch, releases))
    let results = ParallelMap.map(items, jobs: jobs) { [work] record, release in try work(record, release) }
    for ((record, _), outcome) in zip(items, results) {
      try handle(record, outcome)
    }
  }
}

import Dispatch
import FHIRKit
import Foundation

/// Collects records and processes them in batches on `jobs` threads, handing the results
/// back one by one in input order (`--jobs`): what a command prints and writes does not
/// depend on the number of threads.
///
/// Within a batch, release detection and then `work` run in parallel; `handle` runs on the
/// calling thread, in input order. A release detected in a record carries over to the next
/// records of the same input that have no release-specific element, as with one thread.
///
/// With more than one job a full batch is processed on Dispatch's threads while the caller
/// reads the next one and handles the batch before it: reading, handling (staging, writing)
/// and decoding overlap instead of taking turns. ``flush()`` waits for it.
final class RecordBatcher<Output: Sendable> {
  /// Records processed together; enough to keep the threads busy, few enough to keep
  /// memory bounded.
  static var batchSize: Int { 2048 }
  /// The most token memory (16 bytes a token plus its text) a batch holds before it is
  /// processed, whatever its count. Three batches are alive at once with more than one job
  /// (being read, decoded, handled): 2,048 ExplanationOfBenefits (5.8 KB of JSON each) are
  /// some 20 MB of tokens a batch, where 256 KiB of tokens is about 170 Observations. Smaller
  /// batches also keep the decoding threads and the caller in step (docs/benchmarks.md,
  /// "Batches bounded by bytes").
  static var batchBytes: Int { 1 << 18 }

  private let from: ReleaseOption
  private let jobs: Int
  private let work: @Sendable (ResourceRecord, FHIRRelease) throws -> Output
  private let handle: (ResourceRecord, ParallelMap.Outcome<Output>) throws -> Void
  private var pending: [ResourceRecord] = []
  /// The token memory of `pending`.
  private var pendingBytes = 0
  private var inputRelease: FHIRRelease?
  /// The batch being processed on other threads, if any.
  private var inFlight: InFlight<Processed>?
  /// Whether the batch in flight belongs to the current input (so the release it detected
  /// carries over to the next batch).
  private var inFlightIsCurrentInput = false

  /// A processed batch: each record with its outcome, and the release that carries over to
  /// the next batch; or the error release detection threw.
  private typealias Processed = Result<(results: [(ResourceRecord, ParallelMap.Outcome<Output>)], inputRelease: FHIRRelease?), any Error>

  /// Creates a batcher.
  /// - Parameters:
  ///   - from: How to tell each record's release.
  ///   - jobs: Threads to use.
  ///   - work: What to compute per record; called from several threads at once.
  ///   - handle: What to do with each result, in input order, on the calling thread.
  init(
    from: ReleaseOption, jobs: Int, work: @escaping @Sendable (ResourceRecord, FHIRRelease) throws -> Output,
    handle: @escaping (ResourceRecord, ParallelMap.Outcome<Output>) throws -> Void
  ) {
    self.from = from
    self.jobs = jobs
    self.work = work
    self.handle = handle
  }

  /// Starts a new input: releases detected before no longer carry over. A batch of the input
  /// before may still be in flight; it is handled first, as the next batch starts.
  func startInput() throws {
    if jobs <= 1 { try flush() }
    inputRelease = nil
    inFlightIsCurrentInput = false
  }

  /// Ends an input: with more than one job its last records are sent off as a batch, processed
  /// while the next input is read (``flush()`` waits for it); with one job they are processed now.
  func endInput() throws {
    guard jobs > 1 else { return try flush() }
    guard !pending.isEmpty else { return }
    try submitPending()
  }

  /// Adds a record, processing the batch when it is full.
  /// - Throws: What `handle` throws.
  func add(_ record: ResourceRecord) throws {
    pending.append(record)
    pendingBytes += record.tokens.byteCount
    guard pending.count >= Self.batchSize || pendingBytes >= Self.batchBytes else { return }
    guard jobs > 1 else { return try flush() }
    try submitPending()
  }

  /// Sends the pending records off as a batch, once the batch before is processed; that batch
  /// is handled while this one is processed.
  private func submitPending() throws {
    let before = try inFlight.map { try $0.wait().get() }
    inFlight = nil
    if let before, inFlightIsCurrentInput { inputRelease = before.inputRelease }
    let batch = takePending()
    let (from, jobs, work, inputRelease) = (from, jobs, work, inputRelease)
    inFlight = InFlight { Self.process(batch, from: from, jobs: jobs, inputRelease: inputRelease, work: work) }
    inFlightIsCurrentInput = true
    if let before {
      do {
        for (record, outcome) in before.results { try handle(record, outcome) }
      } catch {
        _ = inFlight?.wait()
        inFlight = nil
        throw error
      }
    }
  }

  /// Processes the pending records (after the batch in flight, if any).
  /// - Throws: What `handle` throws (the records after it in the batch are dropped).
  func flush() throws {
    if let batch = inFlight {
      inFlight = nil
      let processed = try batch.wait().get()
      if inFlightIsCurrentInput { inputRelease = processed.inputRelease }
      for (record, outcome) in processed.results { try handle(record, outcome) }
    }
    guard !pending.isEmpty else { return }
    let processed = try Self.process(takePending(), from: from, jobs: jobs, inputRelease: inputRelease, work: work).get()
    inputRelease = processed.inputRelease
    for (record, outcome) in processed.results { try handle(record, outcome) }
  }

  private func takePending() -> [ResourceRecord] {
    defer {
      pending.removeAll(keepingCapacity: true)
      pendingBytes = 0
    }
    return pending
  }

  /// Detects the releases of `batch` and runs `work` on each record, on `jobs` threads.
  private static func process(
    _ batch: [ResourceRecord], from: ReleaseOption, jobs: Int, inputRelease: FHIRRelease?,
    work: @escaping @Sendable (ResourceRecord, FHIRRelease) throws -> Output
  ) -> Processed {
    Result {
      var inputRelease = inputRelease
      var releases: [FHIRRelease] = []
      releases.reserveCapacity(batch.count)
      if from == .auto {
        let detected = ParallelMap.map(batch, jobs: jobs) { record in from.detect(record.tokens) }
        for outcome in detected { releases.append(from.release(detected: try outcome.get(), inputRelease: &inputRelease)) }
      } else {
        releases = Array(repeating: from.release(detected: nil, inputRelease: &inputRelease), count: batch.count)
      }
      let items = Array(zip(batch, releases))
      let results = ParallelMap.map(items, jobs: jobs) { record, release in try work(record, release) }
      return (Array(zip(batch, results)), inputRelease)
    }
  }
}

/// A value computed on a Dispatch thread, waited for by the thread that started it.
private final class InFlight<Value: Sendable>: @unchecked Sendable {
  private let condition = NSCondition()
  private var value: Value?

  init(_ compute: @escaping @Sendable () -> Value) {
    DispatchQueue.global().async { [self] in
      let computed = compute()
      condition.withLock {
        value = computed
        condition.broadcast()
      }
    }
  }

  /// The value, once computed.
  func wait() -> Value {
    condition.withLock {
      while value == nil { condition.wait() }
      return value!
    }
  }
}

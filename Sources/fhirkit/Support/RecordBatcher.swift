import CarePipeline
import FHIRKit

/// Collects records and processes them in batches on `jobs` threads, handing the results
/// back one by one in input order (`--jobs`): what a command prints and writes does not
/// depend on the number of threads.
///
/// With more than one job each full batch goes to a Dispatch thread of its own
/// (``OrderedQueue``), up to `jobs` at once and as many more waiting, while the caller reads on and handles the batches before,
/// in order, as they finish: reading, handling (staging, writing) and decoding overlap instead
/// of taking turns, and a slow batch does not hold the others up. ``flush()`` waits for them
/// all. With one job each batch is processed on the calling thread when it is full.
///
/// NDJSON may come as chunks of whole lines (``add(_:)-(NDJSONChunk)``): a chunk is a batch of
/// its own, its lines tokenized on the thread that processes it, and its bad lines and records
/// that are no resources handed back in their places, in order (`badLine`, `notAResource`).
///
/// A release detected in a record carries over to the next records of the same input that have
/// no release-specific element, as with one thread. A batch is processed before the batches
/// ahead of it are handled, so its first records without such an element are read in the
/// release last known when it was sent off; when handling finds that the batches before it
/// detected another one, those records are processed again, on the calling thread, in the
/// right release (rare: a release is known from an input's first batch on).
final class RecordBatcher<Output: Sendable> {
  /// Records processed together; enough that handing a batch to a thread costs little, few
  /// enough to keep memory bounded.
  static var batchSize: Int { 2048 }
  /// The most token memory (16 bytes a token plus its text) a batch holds before it is
  /// processed, whatever its count: 2,048 ExplanationOfBenefits (5.8 KB of JSON each) are
  /// some 20 MB of tokens a batch, where 256 KiB of tokens is about 170 Observations. Up to
  /// 2 × `jobs` + 1 batches are alive at once (docs/benchmarks/job-2026-11-28-sessions-7-10.md,
  /// "Batches bounded by bytes", "A batch per thread").
  static var batchBytes: Int { 1 << 18 }

  private let from: ReleaseOption
  private let jobs: Int
  private let work: @Sendable (ResourceRecord, FHIRRelease) throws -> Output
  private let handle: (ResourceRecord, Result<Output, any Error>) throws -> Void
  private let badLine: ((JSONError) throws -> Void)?
  private let notAResource: ((ResourceRecord) throws -> Void)?
  private var pending: [ResourceRecord] = []
  /// The token memory of `pending`.
  private var pendingBytes = 0
  /// The batches sent off and not handled yet, processed `jobs` at a time.
  private let inFlight: OrderedQueue<Processed>
  /// The input being read, counted from 1 (``startInput()``).
  private var input = 0
  /// The input of the last batch handled, and the release carried over at its end.
  private var handled: (input: Int, release: FHIRRelease?) = (0, nil)
  /// The batches sent off so far, and handled so far.
  private var sentCount = 0
  private var handledCount = 0
  /// What ``inOrder(_:)`` left to do once the batch sent off as the key-th is handled.
  private var afterBatch: [Int: [() throws -> Void]] = [:]

  /// A processed batch: the input it belongs to, and its items in input order.
  private struct Processed: Sendable {
    var input: Int
    var items: [Item]
  }

  /// One item of a processed batch.
  private enum Item: Sendable {
    /// A record with the release it was detected in (if any), the release it was processed in
    /// and its outcome.
    case record(ResourceRecord, detected: FHIRRelease?, release: FHIRRelease, outcome: Result<Output, any Error>)
    /// A line of an NDJSON chunk that is not one JSON value.
    case badLine(JSONError)
    /// A record of an NDJSON chunk that is an object without `resourceType` (``NotAResource``).
    case notAResource(ResourceRecord)
  }

  /// Creates a batcher.
  /// - Parameters:
  ///   - from: How to tell each record's release.
  ///   - jobs: Threads to use.
  ///   - work: What to compute per record; called from several threads at once.
  ///   - handle: What to do with each result, in input order, on the calling thread.
  ///   - badLine: What to do with a bad line of an NDJSON chunk, in its place; required to add
  ///     chunks.
  ///   - notAResource: What to do with a record of an NDJSON chunk that is no resource, in its
  ///     place; required to add chunks.
  init(
    from: ReleaseOption, jobs: Int, work: @escaping @Sendable (ResourceRecord, FHIRRelease) throws -> Output,
    handle: @escaping (ResourceRecord, Result<Output, any Error>) throws -> Void,
    badLine: ((JSONError) throws -> Void)? = nil, notAResource: ((ResourceRecord) throws -> Void)? = nil
  ) {
    self.from = from
    self.jobs = jobs
    self.work = work
    self.handle = handle
    self.badLine = badLine
    self.notAResource = notAResource
    inFlight = OrderedQueue(jobs: jobs)
  }

  /// Starts a new input: releases detected before no longer carry over. Batches of the inputs
  /// before may still be in flight; they are handled first.
  func startInput() throws {
    if jobs <= 1 { try flush() }
    input += 1
  }

  /// Ends an input: with more than one job its last records are sent off as a batch, processed
  /// while the next input is read (``flush()`` waits for it); with one job they are processed now.
  func endInput() throws {
    guard jobs > 1 else { return try flush() }
    if !pending.isEmpty { try submitPending() }
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

  /// Adds a chunk of whole NDJSON lines, as a batch of its own after the records added before.
  /// - Throws: What the handlers throw.
  func add(_ chunk: NDJSONChunk) throws {
    precondition(badLine != nil && notAResource != nil, "RecordBatcher.add(_:) of a chunk without its handlers")
    guard jobs > 1 else {
      try flush()
      return try handleInOrder(Self.process(chunk, input: input, guess: guess(), from: from, work: work))
    }
    if !pending.isEmpty { try submitPending() }
    try handleFinished(keeping: 2 * jobs)
    let (input, guess, from, work) = (input, guess(), from, work)
    send { Self.process(chunk, input: input, guess: guess, from: from, work: work) }
  }

  /// Does `action` (saying something about the input) after the records added before it are
  /// handled: at once when none is waiting, else once the last batch sent off is handled.
  /// - Throws: What `action` and the handlers throw.
  func inOrder(_ action: @escaping () throws -> Void) throws {
    guard jobs > 1 else {
      try flush()
      return try action()
    }
    if !pending.isEmpty { try submitPending() }
    guard handledCount < sentCount else { return try action() }
    afterBatch[sentCount, default: []].append(action)
  }

  /// Processes the pending records and handles every batch, in order.
  /// - Throws: What `handle` throws (the records after it are dropped).
  func flush() throws {
    if jobs <= 1 {
      if !pending.isEmpty { try handleInOrder(Self.process(takePending(), input: input, guess: guess(), from: from, work: work)) }
      return
    }
    if !pending.isEmpty { submit(takePending()) }
    try handleFinished(keeping: 0)
  }

  /// Sends the pending records off as a batch, after handling the oldest batches while too many
  /// are in flight.
  private func submitPending() throws {
    try handleFinished(keeping: 2 * jobs)
    submit(takePending())
  }

  private func submit(_ batch: [ResourceRecord]) {
    let (input, guess, from, work) = (input, guess(), from, work)
    send { Self.process(batch, input: input, guess: guess, from: from, work: work) }
  }

  /// Sends a batch off to be processed on a thread of `inFlight`, counted for ``inOrder(_:)``.
  private func send(_ process: @escaping @Sendable () -> Processed) {
    sentCount += 1
    inFlight.start(process)
  }

  /// Handles the oldest batches, waiting for each, until `count` are left in flight. What
  /// `handle` throws is rethrown once no batch is being processed any more.
  private func handleFinished(keeping count: Int) throws {
    while inFlight.count > count {
      do {
        try handleInOrder(inFlight.takeOldest())
        handledCount += 1
        for action in afterBatch.removeValue(forKey: handledCount) ?? [] { try action() }
      } catch {
        inFlight.discardAll()
        (handledCount, afterBatch) = (sentCount, [:])
        throw error
      }
    }
  }

  /// The release records of the current input that have no release-specific element are read
  /// in, as far as the batches handled so far tell.
  private func guess() -> FHIRRelease? { handled.input == input ? handled.release : nil }

  private func takePending() -> [ResourceRecord] {
    defer {
      pending.removeAll(keepingCapacity: true)
      pendingBytes = 0
    }
    return pending
  }

  /// Detects the release of each record of `batch` and runs `work` on it, the release carried
  /// over starting at `guess`; called from any thread.
  private static func process(
    _ batch: [ResourceRecord], input: Int, guess: FHIRRelease?, from: ReleaseOption,
    work: @Sendable (ResourceRecord, FHIRRelease) throws -> Output
  ) -> Processed {
    var carried = guess
    return Processed(input: input, items: batch.map { process($0, carried: &carried, from: from, work: work) })
  }

  /// Tokenizes the lines of `chunk` and processes its records as a batch; called from any thread.
  private static func process(
    _ chunk: NDJSONChunk, input: Int, guess: FHIRRelease?, from: ReleaseOption,
    work: @Sendable (ResourceRecord, FHIRRelease) throws -> Output
  ) -> Processed {
    var carried = guess
    return Processed(
      input: input,
      items: chunk.events().map { event in
        switch event {
        case .badLine(let error): return .badLine(error)
        case .record(let tokens, let line):
          let record = ResourceRecord(tokens: tokens, source: chunk.source ?? "", line: line)
          if NotAResource.matches(record) { return .notAResource(record) }
          return process(record, carried: &carried, from: from, work: work)
        }
      })
  }

  /// Detects the release of `record`, the release carried over being `carried`, and runs `work` on it.
  private static func process(
    _ record: ResourceRecord, carried: inout FHIRRelease?, from: ReleaseOption,
    work: @Sendable (ResourceRecord, FHIRRelease) throws -> Output
  ) -> Item {
    let detected = from == .auto ? from.detect(record.tokens) : nil
    let release = from.release(detected: detected, inputRelease: &carried)
    return .record(record, detected: detected, release: release, outcome: Result { try work(record, release) })
  }

  /// Hands the items of a processed batch to their handlers, in order; a record processed in a
  /// release other than the one carried over to it is processed again first.
  private func handleInOrder(_ batch: Processed) throws {
    if handled.input != batch.input { handled = (batch.input, nil) }
    for item in batch.items {
      switch item {
      case .record(let record, let detected, let release, let outcome):
        let carried = from.release(detected: detected, inputRelease: &handled.release)
        if carried == release {
          try handle(record, outcome)
        } else {
          try handle(record, Result { try work(record, carried) })
        }
      case .badLine(let error): try badLine?(error)
      case .notAResource(let record): try notAResource?(record)
      }
    }
  }
}

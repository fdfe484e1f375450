import Dispatch
import HeapModule
import Synchronization

/// Records of bytes put in order on disk: the staging index's tool for inputs larger than memory
/// (docs/pipeline.md, "The index on disk"). Records are ordered by their bytes, as
/// `lexicographicallyPrecedes` orders them, so a record is built with its sort key first
/// (``RecordBuilder``). Up to `runBytes` of records (their bytes and 8 bytes each to find them)
/// are sorted in memory; beyond that, each `runBytes` of records is sorted and written out as a
/// run (``SortedRun``) on another thread while the next are added, and the runs are merged as
/// they are read back.
final class RecordSorter {
  private let directory: String
  private let runBytes: Int
  /// Threads that may sort the records in memory (``sorted(_:of:jobs:)``).
  private let jobs: Int
  /// The records not yet in a run, back to back.
  private var buffer: [UInt8] = []
  /// Per record in `buffer`: its start (high 32 bits) and length (low 32 bits).
  private var spans: [UInt64] = []
  /// The sorted runs on disk.
  private let runs = Runs()
  /// The run being sorted on another thread, if any.
  private let pending = DispatchGroup()
  private var isSorted = false
  /// The builder of the records added by ``add(_:)-(inout RecordBuilder)``.
  private var scratch = RecordBuilder()

  /// The number of records added.
  private(set) var count = 0

  /// Creates an empty sorter whose runs go to temporary files in `directory`; records that all fit
  /// in memory are sorted on two threads when `jobs` allows it (``sorted(_:of:jobs:)``).
  init(directory: String, runBytes: Int, jobs: Int = 1) {
    self.directory = directory
    self.runBytes = max(1, runBytes)
    self.jobs = jobs
  }

  deinit { pending.wait() }

  /// Adds a record.
  /// - Throws: ``StagingError`` when an earlier run could not be written out.
  func add(_ record: [UInt8]) throws {
    precondition(!isSorted, "RecordSorter.add after the records were read")
    if !buffer.isEmpty && buffer.count + record.count + 8 * (spans.count + 1) > runBytes { try startRun() }
    spans.append(UInt64(buffer.count) << 32 | UInt64(record.count))
    buffer.append(contentsOf: record)
    count += 1
  }

  /// Adds the record `write` builds (in a builder the sorter keeps for the next record).
  /// - Throws: ``StagingError`` when an earlier run could not be written out, or what `write`
  ///   throws.
  func add(_ write: (inout RecordBuilder) throws -> Void) throws {
    scratch.removeAll()
    try write(&scratch)
    try add(scratch.bytes)
  }

  /// Calls `body` with every record, in order. It may be called again: the runs are kept until
  /// the sorter goes.
  /// - Throws: ``StagingError`` when a run cannot be written or read back, or what `body` throws.
  func forEach(_ body: (ArraySlice<UInt8>) throws -> Void) throws {
    var records = try cursor()
    while let record = try records.next() { try body(record) }
  }

  /// Lets every record go, in memory and on disk; the sorter is empty and no record can be
  /// added.
  func removeAll() {
    pending.wait()
    isSorted = true
    buffer = []
    spans = []
    runs.results.withLock { $0 = [] }
  }

  /// A reader of every record, in order; no record can be added afterwards.
  /// - Throws: ``StagingError`` when a run cannot be written out.
  func cursor() throws -> Cursor {
    if !isSorted {
      isSorted = true
      if runs.results.withLock({ $0.isEmpty }) {
        // Everything fits in memory: sorted here, no run written.
        spans = Self.sorted(spans, of: buffer, jobs: jobs)
      } else if !spans.isEmpty {
        try startRun()
      }
    }
    pending.wait()
    let written = try runs.results.withLock { try $0.map { try $0.get() } }
    return try Cursor(sorter: self, runs: written.map { $0.cursor() })
  }

  /// `spans` (of records in `buffer`) in their records' order. With `jobs` > 1 and records enough,
  /// each half is sorted on a thread of its own and the halves merged, the first half's record
  /// first of two alike, so the order is the one sorting all at once gives: `convert --to care
  /// --jobs 2` cuts its partitions on one thread, and sorting took an eighth of that
  /// (docs/benchmarks/job-2026-12-01.md, "Sorted in halves").
  static func sorted(_ spans: [UInt64], of buffer: [UInt8], jobs: Int) -> [UInt64] {
    guard jobs > 1, spans.count >= 1 << 12 else {
      var spans = spans
      SortedRun.sort(&spans, of: buffer)
      return spans
    }
    let middle = spans.count / 2
    let halves = Mutex<[[UInt64]]>([Array(spans[..<middle]), Array(spans[middle...])])
    DispatchQueue.concurrentPerform(iterations: 2) { half in
      // Taken out of the mutex, not copied, so that it is sorted in place.
      var part: [UInt64] = []
      halves.withLock { swap(&part, &$0[half]) }
      SortedRun.sort(&part, of: buffer)
      halves.withLock { swap(&part, &$0[half]) }
    }
    let (first, second) = halves.withLock { ($0[0], $0[1]) }
    var merged: [UInt64] = []
    merged.reserveCapacity(spans.count)
    var (i, j) = (0, 0)
    while i < first.count && j < second.count {
      if SortedRun.precedes(buffer, second[j], first[i]) {
        merged.append(second[j])
        j += 1
      } else {
        merged.append(first[i])
        i += 1
      }
    }
    merged += first[i...]
    merged += second[j...]
    return merged
  }

  /// Sorts and writes out the records in memory on another thread (after the run before, so
  /// that at most two runs' records are in memory), and starts a new buffer.
  private func startRun() throws {
    pending.wait()
    // A run that could not be written stops the sorter at the next one.
    for run in runs.results.withLock({ $0 }) { _ = try run.get() }
    let records = buffer
    let order = spans
    let directory = directory
    buffer = []
    spans = []
    let runs = runs
    let slot = runs.results.withLock { results -> Int in
      results.append(.failure(StagingError(path: directory, message: "a sorted run was not written")))
      return results.count - 1
    }
    DispatchQueue.global().async(group: pending) {
      let run = Result { try SortedRun(sorting: order, of: records, in: directory) }.mapError {
        $0 as? StagingError ?? StagingError(path: directory, message: "cannot write a sorted run: \($0)")
      }
      runs.results.withLock { $0[slot] = run }
    }
  }

  /// The runs of a sorter, shared with the threads that write them.
  private final class Runs: Sendable {
    /// In the order they were started: each run once written, or what stopped it.
    let results = Mutex<[Result<SortedRun, StagingError>]>([])
  }

  /// Reads a sorter's records in order: from memory, or merging its runs.
  struct Cursor {
    /// The sorter's records and their order, when they are all in memory (shared, not copied:
    /// read through the sorter, each read was checked for exclusive access).
    private let buffer: [UInt8]
    private let spans: [UInt64]
    private var index = 0
    private var runs: [RecordFile.Cursor]
    /// The next record of each run that has one, smallest first.
    private var heads = Heap<Head>()

    /// A run's next record.
    private struct Head: Comparable {
      var record: ArraySlice<UInt8>
      var run: Int

      static func < (a: Head, b: Head) -> Bool {
        a.record.lexicographicallyPrecedes(b.record) || (a.record.elementsEqual(b.record) && a.run < b.run)
      }

      static func == (a: Head, b: Head) -> Bool { a.run == b.run && a.record.elementsEqual(b.record) }
    }

    fileprivate init(sorter: RecordSorter, runs: [RecordFile.Cursor]) throws {
      buffer = runs.isEmpty ? sorter.buffer : []
      spans = runs.isEmpty ? sorter.spans : []
      self.runs = runs
      for run in self.runs.indices {
        if let record = try self.runs[run].next() { heads.insert(Head(record: record, run: run)) }
      }
    }

    /// The next record, or `nil` after the last.
    /// - Throws: ``StagingError`` when a run cannot be read back.
    mutating func next() throws -> ArraySlice<UInt8>? {
      if runs.isEmpty {
        guard index < spans.count else { return nil }
        defer { index += 1 }
        let span = spans[index]
        let start = Int(span >> 32)
        return buffer[start..<start + Int(span & 0xFFFF_FFFF)]
      }
      guard let smallest = heads.min else { return nil }
      if let record = try runs[smallest.run].next() {
        _ = heads.replaceMin(with: Head(record: record, run: smallest.run))
      } else {
        _ = heads.popMin()
      }
      return smallest.record
    }
  }
}

@available(*, unavailable)
extension RecordSorter: Sendable {}

/// Records of bytes put in order on disk: the staging index's tool for inputs larger than memory
/// (docs/pipeline.md, "The index on disk"). Records are ordered by their bytes, as
/// `lexicographicallyPrecedes` orders them, so a record is built with its sort key first
/// (``RecordBuilder``). Up to `runBytes` of records are sorted in memory; beyond that each sorted
/// run goes to a temporary file and the runs are merged as they are read back.
final class RecordSorter {
  private let directory: String
  private let runBytes: Int
  /// The records not yet in a run, back to back.
  private var buffer: [UInt8] = []
  /// Per record in `buffer`: its start (high 32 bits) and length (low 32 bits).
  private var spans: [UInt64] = []
  /// The sorted runs written out, each a file of length-prefixed records.
  private var runs: [RecordFile] = []
  private var isSorted = false

  /// The number of records added.
  private(set) var count = 0

  /// Creates an empty sorter whose runs go to temporary files in `directory`.
  init(directory: String, runBytes: Int) {
    self.directory = directory
    self.runBytes = max(1, runBytes)
  }

  /// Adds a record.
  /// - Throws: ``StagingError`` when a run cannot be written out.
  func add(_ record: [UInt8]) throws {
    precondition(!isSorted, "RecordSorter.add after the records were read")
    if !buffer.isEmpty && buffer.count + record.count > runBytes { try writeRun() }
    spans.append(UInt64(buffer.count) << 32 | UInt64(record.count))
    buffer.append(contentsOf: record)
    count += 1
  }

  /// Calls `body` with every record, in order. It may be called again: the runs are kept until
  /// the sorter goes.
  /// - Throws: ``StagingError`` when a run cannot be read back, or what `body` throws.
  func forEach(_ body: (ArraySlice<UInt8>) throws -> Void) throws {
    var records = try cursor()
    while let record = try records.next() { try body(record) }
  }

  /// Lets every record go, in memory and on disk; the sorter is empty and no record can be
  /// added.
  func removeAll() {
    isSorted = true
    buffer = []
    spans = []
    runs = []
  }

  /// A reader of every record, in order; no record can be added afterwards.
  /// - Throws: ``StagingError`` when the last run cannot be written out.
  func cursor() throws -> Cursor {
    if !isSorted {
      isSorted = true
      if runs.isEmpty {
        sortSpans()
      } else if !spans.isEmpty {
        try writeRun()
      }
    }
    return try Cursor(sorter: self, runs: runs.map { try $0.cursor() })
  }

  /// Reads a sorter's records in order: from memory, or merging its runs.
  struct Cursor {
    private let sorter: RecordSorter
    private var index = 0
    private var runs: [RecordFile.Cursor]
    private var heads: [ArraySlice<UInt8>?]

    fileprivate init(sorter: RecordSorter, runs: [RecordFile.Cursor]) throws {
      self.sorter = sorter
      self.runs = runs
      heads = []
      for i in self.runs.indices { heads.append(try self.runs[i].next()) }
    }

    /// The next record, or `nil` after the last.
    /// - Throws: ``StagingError`` when a run cannot be read back.
    mutating func next() throws -> ArraySlice<UInt8>? {
      if runs.isEmpty {
        guard index < sorter.spans.count else { return nil }
        defer { index += 1 }
        return sorter.record(sorter.spans[index])
      }
      var smallest: Int?
      for i in heads.indices {
        guard let head = heads[i] else { continue }
        if let best = smallest, let current = heads[best], !head.lexicographicallyPrecedes(current) { continue }
        smallest = i
      }
      guard let i = smallest, let head = heads[i] else { return nil }
      heads[i] = try runs[i].next()
      return head
    }
  }

  private func record(_ span: UInt64) -> ArraySlice<UInt8> {
    let start = Int(span >> 32)
    return buffer[start..<start + Int(span & 0xFFFF_FFFF)]
  }

  /// Whether the record at `a` comes before the one at `b`, both in `buffer`.
  private static func precedes(_ buffer: [UInt8], _ a: UInt64, _ b: UInt64) -> Bool {
    var i = Int(a >> 32)
    var j = Int(b >> 32)
    let endA = i + Int(a & 0xFFFF_FFFF)
    let endB = j + Int(b & 0xFFFF_FFFF)
    while i < endA && j < endB {
      if buffer[i] != buffer[j] { return buffer[i] < buffer[j] }
      i += 1
      j += 1
    }
    return i == endA && j < endB
  }

  /// Sorts `spans` by their records.
  private func sortSpans() {
    // The buffer as a local: read through `self` at each comparison, it was retained and
    // checked for exclusive access every time.
    let records = buffer
    spans.sort { Self.precedes(records, $0, $1) }
  }

  private func writeRun() throws {
    sortSpans()
    let run = try RecordFile(directory: directory)
    for span in spans { try run.append(record(span)) }
    runs.append(run)
    buffer.removeAll(keepingCapacity: true)
    spans.removeAll(keepingCapacity: true)
  }
}

@available(*, unavailable)
extension RecordSorter: Sendable {}

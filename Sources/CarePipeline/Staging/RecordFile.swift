/// A temporary file of records (each its length, four bytes big-endian, then its bytes),
/// appended in order and read back in order: the staging index's runs and tables on disk.
final class RecordFile {
  let file: StagingFile
  private var scratch = RecordBuilder()

  /// Creates an empty file in `directory`.
  /// - Throws: ``StagingError`` when it cannot be created.
  init(directory: String) throws {
    file = try StagingFile(directory: directory)
  }

  /// Where the next record will start.
  var size: Int64 { file.size }

  /// Appends a record.
  /// - Throws: ``StagingError`` when it cannot be written.
  func append(_ record: some Collection<UInt8>) throws {
    try file.appendRecord(record)
  }

  /// Appends the record `write` builds (in a builder this file keeps for the next record).
  /// - Throws: ``StagingError`` when it cannot be written, or what `write` throws.
  func append(_ write: (inout RecordBuilder) throws -> Void) throws {
    scratch.removeAll()
    try write(&scratch)
    try file.appendRecord(scratch.bytes)
  }

  /// A reader of the records from the start, once everything is appended.
  /// - Throws: ``StagingError`` when the file cannot be written out.
  func cursor() throws -> Cursor {
    try file.flush()
    return Cursor(file: file.reader, range: 0..<file.size)
  }

  /// Calls `body` with each record, in order.
  /// - Throws: ``StagingError``, or what `body` throws.
  func forEach(_ body: (ArraySlice<UInt8>) throws -> Void) throws {
    var records = try cursor()
    while let record = try records.next() { try body(record) }
  }

  /// Reads records one after the other from a byte range of a record file, a block at a time.
  struct Cursor: Sendable {
    let file: StagingFile.Reader
    let range: Range<Int64>
    private var offset: Int64
    private var block: [UInt8] = []
    private var position = 0

    init(file: StagingFile.Reader, range: Range<Int64>) {
      self.file = file
      self.range = range
      offset = range.lowerBound
    }

    /// The next record, or `nil` at the end of the range.
    /// - Throws: ``StagingError`` when the file cannot be read or ends inside a record.
    mutating func next() throws -> ArraySlice<UInt8>? {
      guard let length = try take(4) else { return nil }
      guard let record = try take(Int(RecordBuilder.length(of: length))) else {
        throw StagingError(path: file.path, message: "a record of the staging index ends early")
      }
      return record
    }

    private mutating func take(_ count: Int) throws -> ArraySlice<UInt8>? {
      if position + count > block.count {
        let left = block[position...]
        if offset >= range.upperBound && left.isEmpty { return nil }
        let read = Int(min(Int64(max(count, 1 << 16)), range.upperBound - offset))
        block = Array(left) + (read > 0 ? try file.read(at: offset, count: read) : [])
        offset += Int64(read)
        position = 0
        if count > block.count {
          throw StagingError(path: file.path, message: "a record of the staging index ends early")
        }
      }
      defer { position += count }
      return block[position..<position + count]
    }
  }
}

@available(*, unavailable)
extension RecordFile: Sendable {}

import FHIRJSON
import SystemPackage

/// One sorted run of a ``RecordSorter`` on disk: a temporary file of length-prefixed records
/// (as ``RecordFile`` writes them), written once, on whichever thread sorted it, then read back
/// in order. Closed, and so gone, when the last reference goes.
final class SortedRun: Sendable {
  private let descriptor: FileDescriptor
  private let path: String
  /// The file's size.
  let size: Int64

  /// Sorts the records of `buffer` at `spans` (start in the high 32 bits, length in the low)
  /// and writes them to a new temporary file in `directory`.
  /// - Throws: ``StagingError`` when the file cannot be created or written.
  init(sorting spans: [UInt64], of buffer: [UInt8], in directory: String) throws {
    var spans = spans
    Self.sort(&spans, of: buffer)
    var written: Int64 = 0
    let (descriptor, path) = try StagingFile.openTemporary(in: directory)
    self.descriptor = descriptor
    self.path = path
    let file = PositionedFile(descriptor: descriptor)
    var block: [UInt8] = []
    block.reserveCapacity(1 << 20)
    func write() throws {
      do {
        written += Int64(try file.write(block, at: written))
      } catch {
        throw StagingError(path: path, message: "cannot write a sorted run of the staging index: \(error)")
      }
      block.removeAll(keepingCapacity: true)
    }
    do {
      for span in spans {
        let start = Int(span >> 32)
        let length = Int(span & 0xFFFF_FFFF)
        RecordBuilder.appendLength(UInt64(length), to: &block)
        block += buffer[start..<start + length]
        if block.count >= 1 << 20 { try write() }
      }
      if !block.isEmpty { try write() }
    } catch {
      try? descriptor.close()
      throw error
    }
    size = written
  }

  deinit { try? descriptor.close() }

  /// A reader of the run's records, in order.
  func cursor() -> RecordFile.Cursor {
    RecordFile.Cursor(file: StagingFile.Reader(file: PositionedFile(descriptor: descriptor), path: path), range: 0..<size)
  }

  /// Sorts `spans` (start in the high 32 bits, length in the low) by their records' bytes in
  /// `buffer`, as ``precedes(_:_:_:)`` orders them, stably. Each record's first 16 bytes are read
  /// once, as two numbers (big-endian, zeros past its end) compared first; only records alike
  /// there are compared byte by byte. Keys share long prefixes (`Observation/`), and comparing
  /// every pair from its first byte took 2.7 % of `convert --to care`'s instructions
  /// (docs/benchmarks/job-2026-12-01.md, "Plain waste found by instructions").
  static func sort(_ spans: inout [UInt64], of buffer: [UInt8]) {
    var keyed = spans.map { span in
      Keyed(span: span, high: prefix(of: span, in: buffer, from: 0), low: prefix(of: span, in: buffer, from: 8))
    }
    keyed.sort { a, b in
      if a.high != b.high { return a.high < b.high }
      if a.low != b.low { return a.low < b.low }
      return precedes(buffer, a.span, b.span, from: 16)
    }
    for index in spans.indices { spans[index] = keyed[index].span }
  }

  /// A span with the first 16 bytes of its record (``sort(_:of:)``).
  private struct Keyed {
    var span: UInt64
    var high: UInt64
    var low: UInt64
  }

  /// The 8 bytes of the record at `span` from `offset`, as a big-endian number, zeros past its end:
  /// two records' numbers compare as those bytes do, equal when one ends where the other has zeros.
  private static func prefix(of span: UInt64, in buffer: [UInt8], from offset: Int) -> UInt64 {
    let start = Int(span >> 32)
    let length = Int(span & 0xFFFF_FFFF)
    var value: UInt64 = 0
    for index in offset..<offset + 8 {
      value <<= 8
      if index < length { value |= UInt64(buffer[start + index]) }
    }
    return value
  }

  /// Whether the record at `a` comes before the one at `b`, both in `buffer`, byte by byte.
  /// - Parameter offset: How many first bytes are known to be alike (as far as both records go).
  static func precedes(_ buffer: [UInt8], _ a: UInt64, _ b: UInt64, from offset: Int = 0) -> Bool {
    let (lengthA, lengthB) = (Int(a & 0xFFFF_FFFF), Int(b & 0xFFFF_FFFF))
    let skipped = min(offset, lengthA, lengthB)
    var i = Int(a >> 32) + skipped
    var j = Int(b >> 32) + skipped
    let endA = Int(a >> 32) + lengthA
    let endB = Int(b >> 32) + lengthB
    while i < endA && j < endB {
      if buffer[i] != buffer[j] { return buffer[i] < buffer[j] }
      i += 1
      j += 1
    }
    return i == endA && j < endB
  }
}

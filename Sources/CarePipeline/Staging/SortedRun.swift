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
    spans.sort { Self.precedes(buffer, $0, $1) }
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

  /// Whether the record at `a` comes before the one at `b`, both in `buffer`, byte by byte.
  static func precedes(_ buffer: [UInt8], _ a: UInt64, _ b: UInt64) -> Bool {
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
}

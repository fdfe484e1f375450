import Foundation

/// Reads back, in order, the fields a ``RecordBuilder`` wrote.
struct RecordReader {
  private let bytes: ArraySlice<UInt8>
  private var position: Int

  init(_ bytes: ArraySlice<UInt8>) {
    self.bytes = bytes
    position = bytes.startIndex
  }

  /// Whether every field was read.
  var isAtEnd: Bool { position >= bytes.endIndex }

  /// The bytes from here to the end of the record.
  var rest: ArraySlice<UInt8> { bytes[position...] }

  /// A string written with `appendOrdered`, as its bytes (escapes undone).
  mutating func orderedBytes() -> [UInt8] {
    Self.unescaped(orderedField())
  }

  /// A field ``orderedField()`` read, its escaped zero bytes (`0`, `255`) made one zero again.
  /// Most hold no zero byte and are taken whole: appending byte by byte to a growing array took
  /// a third of reading a staged version's record (docs/benchmarks/job-2026-12-01.md, "Plain waste
  /// found by instructions").
  private static func unescaped(_ field: ArraySlice<UInt8>) -> [UInt8] {
    guard field.contains(0) else { return Array(field) }
    var result: [UInt8] = []
    result.reserveCapacity(field.count)
    var index = field.startIndex
    while index < field.endIndex {
      result.append(field[index])
      index += field[index] == 0 ? 2 : 1
    }
    return result
  }

  /// A string written with `appendOrdered`, as it was written (escapes kept, terminator left
  /// out): two compare as the strings do, byte by byte, without making either.
  mutating func orderedField() -> ArraySlice<UInt8> {
    var from = position
    while let zero = bytes[from...].firstIndex(of: 0), zero + 1 < bytes.endIndex {
      if bytes[zero + 1] == 1 {
        defer { position = zero + 2 }
        return bytes[position..<zero]
      }
      from = zero + 2
    }
    defer { position = bytes.endIndex }
    return bytes[position...]
  }

  mutating func ordered() -> String {
    let field = orderedField()
    return field.contains(0)
      ? String(decoding: Self.unescaped(field), as: UTF8.self) : String(decoding: field, as: UTF8.self)
  }

  mutating func text() -> String {
    let count = Int(int32())
    defer { position += count }
    return String(decoding: bytes[position..<position + count], as: UTF8.self)
  }

  mutating func optionalText() -> String? { uint8() == 0 ? nil : text() }

  /// Skips a string written with `appendText`.
  mutating func skipData() {
    let count = Int(int32())
    position += count
  }

  mutating func uint8() -> UInt8 {
    defer { position += 1 }
    return bytes[position]
  }

  mutating func uuid() -> UUID {
    let b = Array(bytes[position..<position + 16])
    position += 16
    return UUID(uuid: (b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15]))
  }

  mutating func uint16() -> UInt16 { UInt16(uint8()) << 8 | UInt16(uint8()) }

  mutating func int32() -> Int32 {
    defer { position += 4 }
    return Int32(bitPattern: RecordBuilder.length(of: bytes[position..<position + 4]))
  }

  mutating func int64() -> Int64 {
    defer { position += 8 }
    return bytes[position..<position + 8].reduce(0) { $0 << 8 | Int64($1) }
  }
}

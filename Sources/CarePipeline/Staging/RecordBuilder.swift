import Foundation

/// Builds the staging index's records (see ``RecordSorter``) field by field, so that the bytes
/// of a record sort as its fields do, first field first: numbers big-endian, sort-key strings
/// with their zero bytes escaped and a terminator that sorts below every byte, so that `"a"`
/// comes before `"a\0"` and `"ab"`. Read them back with ``RecordReader``.
struct RecordBuilder {
  private(set) var bytes: [UInt8] = []

  init() { bytes.reserveCapacity(96) }

  /// Empties the builder for the next record, keeping its memory.
  mutating func removeAll() { bytes.removeAll(keepingCapacity: true) }

  /// A string that orders the record: its bytes, each `0` written `0 255`, then `0 1`.
  mutating func appendOrdered(_ text: String) {
    let start = bytes.count
    bytes += text.utf8
    if bytes[start...].contains(0) {
      bytes.removeSubrange(start...)
      for byte in text.utf8 {
        bytes.append(byte)
        if byte == 0 { bytes.append(255) }
      }
    }
    bytes += [0, 1]
  }

  /// A string as ``RecordReader/orderedField()`` read it from another record.
  mutating func appendOrdered(field: ArraySlice<UInt8>) {
    bytes += field
    bytes += [0, 1]
  }

  /// A string that does not order the record: its length, then its bytes.
  mutating func appendText(_ text: String) {
    let utf8 = Array(text.utf8)
    Self.appendLength(UInt64(utf8.count), to: &bytes)
    bytes += utf8
  }

  /// An optional string that does not order the record.
  mutating func appendText(_ text: String?) {
    append(UInt8(text == nil ? 0 : 1))
    if let text { appendText(text) }
  }

  mutating func append(_ value: UInt8) { bytes.append(value) }

  /// A UUID's 16 bytes.
  mutating func append(_ uuid: UUID) {
    let u = uuid.uuid
    bytes += [u.0, u.1, u.2, u.3, u.4, u.5, u.6, u.7, u.8, u.9, u.10, u.11, u.12, u.13, u.14, u.15]
  }

  /// Fields another builder wrote, as they are.
  mutating func append(fields: some Collection<UInt8>) { bytes += fields }

  mutating func append(_ value: UInt16) {
    bytes += [UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)]
  }

  /// A number from 0 to `Int32.max` (an ordinal or sequence number).
  mutating func append(_ value: Int32) {
    precondition(value >= 0, "RecordBuilder: negative number")
    Self.appendLength(UInt64(value), to: &bytes)
  }

  /// A number from 0 to `Int64.max` (an offset).
  mutating func append(_ value: Int64) {
    precondition(value >= 0, "RecordBuilder: negative number")
    for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: value >> shift)) }
  }

  /// Appends four bytes, big-endian.
  static func appendLength(_ value: UInt64, to bytes: inout [UInt8]) {
    bytes += [
      UInt8(truncatingIfNeeded: value >> 24), UInt8(truncatingIfNeeded: value >> 16),
      UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value),
    ]
  }

  /// Four bytes, big-endian, read back.
  static func length(of bytes: ArraySlice<UInt8>) -> UInt32 {
    bytes.reduce(0) { $0 << 8 | UInt32($1) }
  }
}

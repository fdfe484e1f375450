/// The length and first 16 bytes of a text, as two little-endian words zero past its end: equal
/// for two texts of 16 bytes or less exactly when the texts are equal; for longer ones, a first
/// test before comparing the rest. Most JSON keys of FHIR are 16 bytes or less.
///
/// Read in place by ``JSONTokens/textPrefix(at:)`` for the coders' element accounting, which
/// looks up every member key of every resource (the care benchmark; docs/benchmarks/tokenizer-and-models.md,
/// "Follow-up: a lighter walk and report").
public struct TextPrefix: Hashable, Sendable {
  /// The text's length in bytes.
  public let count: Int
  /// Bytes 0–7 of the text, the first in the lowest byte.
  public let first: UInt64
  /// Bytes 8–15 of the text, the first in the lowest byte.
  public let second: UInt64

  /// The prefix of `bytes`.
  public init(_ bytes: [UInt8]) {
    self = bytes.withUnsafeBytes { TextPrefix($0) }
  }

  /// The prefix of the bytes of `text`.
  @usableFromInline init(_ text: UnsafeRawBufferPointer) {
    var first: UInt64 = 0
    var second: UInt64 = 0
    for offset in 0..<min(text.count, 8) { first |= UInt64(text[offset]) &<< UInt64(8 &* offset) }
    for offset in min(text.count, 8)..<min(text.count, 16) { second |= UInt64(text[offset]) &<< UInt64(8 &* (offset &- 8)) }
    self.init(count: text.count, first: first, second: second)
  }

  @inlinable init(count: Int, first: UInt64, second: UInt64) {
    self.count = count
    self.first = first
    self.second = second
  }

  /// One number for the prefix, for the slot of a hash table.
  @inlinable public var mixed: UInt64 {
    let mixed = (first &* 0x9e37_79b9_7f4a_7c15) ^ (second &* 0xc2b2_ae3d_27d4_eb4f) ^ UInt64(truncatingIfNeeded: count)
    return mixed ^ (mixed >> 29)
  }
}

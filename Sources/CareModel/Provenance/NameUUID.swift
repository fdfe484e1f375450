public import Foundation

/// A name-based UUID: two FNV-1a digests of a name's bytes, with different seeds, give its 128
/// bits; the version nibble and the RFC 4122 variant are set. The same name always gives the same
/// UUID, on any machine and in any run, which is what makes FHIRKit's imports repeatable: the
/// coders derive entity uuids so (`StableUUID` in FHIRCoders) and the store its version uuids.
///
/// ```swift
/// var name = NameUUID()
/// name.add("Patient/")
/// name.add("123")
/// let uuid = name.uuid(version: 5)
/// ```
public struct NameUUID: Hashable, Sendable {
  private var a: UInt64 = 0xcbf2_9ce4_8422_2325
  private var b: UInt64 = 0x8422_2325_cbf2_9ce4

  /// An empty name.
  public init() {}

  /// Adds bytes to the name.
  public mutating func add(_ bytes: some Sequence<UInt8>) {
    for byte in bytes { add(byte: byte) }
  }

  /// Adds the UTF-8 bytes of `text` to the name.
  public mutating func add(_ text: String) {
    add(text.utf8)
  }

  /// Adds one byte to the name.
  public mutating func add(byte: UInt8) {
    a = (a ^ UInt64(byte)) &* 0x100_0000_01b3
    b = (b ^ UInt64(byte)) &* 0x100_0000_01b3
  }

  /// The UUID of the name so far: bytes 0–7 are the first digest and 8–15 the second, least
  /// significant byte first, with `version` (5 for names, 8 for content digests) and the variant set.
  public func uuid(version: UInt8) -> UUID {
    func byte(_ word: UInt64, _ index: Int) -> UInt8 { UInt8(truncatingIfNeeded: word >> (index * 8)) }
    return UUID(
      uuid: (
        byte(a, 0), byte(a, 1), byte(a, 2), byte(a, 3), byte(a, 4), byte(a, 5), byte(a, 6) & 0x0F | version << 4,
        byte(a, 7), byte(b, 0) & 0x3F | 0x80, byte(b, 1), byte(b, 2), byte(b, 3), byte(b, 4), byte(b, 5),
        byte(b, 6), byte(b, 7)
      ))
  }
}

/// The key of an object member, read in place from the tokens' text: models dispatch on
/// it without building a `String`.
///
/// A string literal makes a key too, so a model switches on it as on a string:
///
/// ```swift
/// switch decoder.key(member) {
/// case "id": …
/// case "extension": …
/// default: try decoder.keepUnknown(member, in: &unknown)
/// }
/// ```
///
/// Each `case` compares the length, then the bytes only when the lengths match, with no
/// runtime call. A key read from a decoder points into that decoder's tokens: use it while
/// the decoder is in use, and take ``string`` to keep it.
public struct MemberKey: Equatable, ExpressibleByStringLiteral {
  @usableFromInline let start: UnsafeRawPointer?
  /// The key's length in UTF-8 bytes.
  public let count: Int

  /// A key over `count` bytes at `start` (which must outlive the key).
  @inlinable init(start: UnsafeRawPointer?, count: Int) {
    self.start = start
    self.count = count
  }

  /// A key spelled in the source.
  @inlinable public init(stringLiteral value: StaticString) {
    precondition(value.hasPointerRepresentation, "a member key literal must be text")
    self.init(start: UnsafeRawPointer(value.utf8Start), count: value.utf8CodeUnitCount)
  }

  /// The key as a `String`.
  public var string: String {
    guard let start else { return "" }
    return String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
  }

  /// The key's UTF-8 bytes, valid only during the call.
  @inlinable public func withUTF8<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
    try body(UnsafeRawBufferPointer(start: start, count: count))
  }

  /// Whether both keys have the same bytes.
  @inlinable public static func == (lhs: MemberKey, rhs: MemberKey) -> Bool {
    guard lhs.count == rhs.count else { return false }
    guard lhs.count > 0, let left = lhs.start, let right = rhs.start else { return true }
    return bytesEqual(left, right, count: lhs.count)
  }

  /// Whether `count` bytes at `left` and `right` are equal, eight at a time.
  @inlinable static func bytesEqual(_ left: UnsafeRawPointer, _ right: UnsafeRawPointer, count: Int) -> Bool {
    var offset = 0
    while offset + 8 <= count {
      guard
        left.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
          == right.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      else { return false }
      offset += 8
    }
    while offset < count {
      guard left.load(fromByteOffset: offset, as: UInt8.self) == right.load(fromByteOffset: offset, as: UInt8.self)
      else { return false }
      offset += 1
    }
    return true
  }

  /// A cheap 64-bit digest of the key (length, first, middle and last bytes, or the
  /// first and last eight bytes of a long key), for finding repeated keys; equal keys
  /// have equal digests. Short keys are read with three byte loads, no loop.
  @inlinable var digest: UInt64 {
    guard let start, count > 0 else { return 0 }
    let head: UInt64
    let tail: UInt64
    if count >= 8 {
      head = start.loadUnaligned(as: UInt64.self)
      tail = start.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
    } else {
      head = UInt64(start.load(as: UInt8.self)) << 8 | UInt64(start.load(fromByteOffset: count >> 1, as: UInt8.self))
      tail = UInt64(start.load(fromByteOffset: count - 1, as: UInt8.self))
    }
    return (head &* 0x9E37_79B9_7F4A_7C15) ^ (tail &* 0xC2B2_AE3D_27D4_EB4F) ^ UInt64(count)
  }
}

/// Strict UTF-8 validation (RFC 3629): rejects overlong forms, encoded surrogates and
/// code points above U+10FFFF, which YAJL's own check lets through.
enum UTF8Validator {
  /// The index of the first byte that starts an invalid sequence, or `nil` when all
  /// of `bytes` is valid UTF-8.
  @inline(__always)
  static func firstInvalidIndex(in bytes: UnsafeRawBufferPointer) -> Int? {
    let count = bytes.count
    guard let base = bytes.baseAddress else { return nil }
    var i = 0
    // ASCII fast path, eight bytes at a time.
    while i + 8 <= count {
      if base.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 {
        break
      }
      i += 8
    }
    while i < count {
      if base.load(fromByteOffset: i, as: UInt8.self) < 0x80 { i += 1; continue }
      return validateMultibyte(base, count: count, from: i)
    }
    return nil
  }

  /// Whether every byte of `bytes` is ASCII, 32 bytes at a time.
  static func isASCII(_ bytes: UnsafeRawBufferPointer) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    let count = bytes.count
    var i = 0
    var bits: UInt64 = 0
    while i + 32 <= count {
      bits |= base.loadUnaligned(fromByteOffset: i, as: UInt64.self)
        | base.loadUnaligned(fromByteOffset: i + 8, as: UInt64.self)
        | base.loadUnaligned(fromByteOffset: i + 16, as: UInt64.self)
        | base.loadUnaligned(fromByteOffset: i + 24, as: UInt64.self)
      i += 32
    }
    while i < count {
      bits |= UInt64(base.load(fromByteOffset: i, as: UInt8.self))
      i += 1
    }
    return bits & 0x8080_8080_8080_8080 == 0
  }

  private static func validateMultibyte(_ base: UnsafeRawPointer, count: Int, from start: Int) -> Int? {
    var i = start
    @inline(__always) func byte(_ k: Int) -> UInt8? { k < count ? base.load(fromByteOffset: k, as: UInt8.self) : nil }
    @inline(__always) func isContinuation(_ b: UInt8?) -> Bool { b.map { $0 & 0xC0 == 0x80 } ?? false }
    while i < count {
      let lead = base.load(fromByteOffset: i, as: UInt8.self)
      switch lead {
      case 0x00...0x7F:
        i += 1
      case 0xC2...0xDF:
        guard isContinuation(byte(i + 1)) else { return i }
        i += 2
      case 0xE0...0xEF:
        guard let second = byte(i + 1), isContinuation(second), isContinuation(byte(i + 2)) else { return i }
        if lead == 0xE0 && second < 0xA0 { return i }  // overlong
        if lead == 0xED && second >= 0xA0 { return i }  // UTF-16 surrogate
        i += 3
      case 0xF0...0xF4:
        guard let second = byte(i + 1), isContinuation(second), isContinuation(byte(i + 2)),
          isContinuation(byte(i + 3))
        else { return i }
        if lead == 0xF0 && second < 0x90 { return i }  // overlong
        if lead == 0xF4 && second >= 0x90 { return i }  // above U+10FFFF
        i += 4
      default:
        return i  // continuation byte without a lead, C0/C1 overlong leads, F5...FF
      }
    }
    return nil
  }
}

/// Strict UTF-8 validation (RFC 3629): rejects overlong forms, encoded surrogates and
/// code points above U+10FFFF, which YAJL's own check lets through.
enum UTF8Validator {
  /// The outcome of checking a run of bytes.
  enum Outcome: Equatable {
    case valid
    /// The sequence starting at this index is invalid.
    case invalid(at: Int)
    /// The bytes end inside a sequence, valid so far, that starts at this index.
    case incomplete(at: Int)
  }

  /// Checks `bytes`, skipping ASCII runs 32 bytes at a time.
  static func check(_ bytes: UnsafeRawBufferPointer) -> Outcome {
    let count = bytes.count
    guard let base = bytes.baseAddress else { return .valid }
    var i = 0
    while i < count {
      // Skip ASCII in blocks.
      while i + 32 <= count {
        let bits =
          base.loadUnaligned(fromByteOffset: i, as: UInt64.self)
          | base.loadUnaligned(fromByteOffset: i + 8, as: UInt64.self)
          | base.loadUnaligned(fromByteOffset: i + 16, as: UInt64.self)
          | base.loadUnaligned(fromByteOffset: i + 24, as: UInt64.self)
        if bits & 0x8080_8080_8080_8080 != 0 { break }
        i += 32
      }
      if i == count { break }
      let lead = base.load(fromByteOffset: i, as: UInt8.self)
      if lead < 0x80 {
        i += 1
        continue
      }
      let length: Int
      switch lead {
      case 0xC2...0xDF: length = 2
      case 0xE0...0xEF: length = 3
      case 0xF0...0xF4: length = 4
      default: return .invalid(at: i)  // a continuation byte without a lead, C0/C1, F5...FF
      }
      for k in 1..<length {
        guard i + k < count else { return .incomplete(at: i) }
        let byte = base.load(fromByteOffset: i + k, as: UInt8.self)
        guard byte & 0xC0 == 0x80 else { return .invalid(at: i) }
        if k == 1 {
          if lead == 0xE0 && byte < 0xA0 { return .invalid(at: i) }  // overlong
          if lead == 0xED && byte >= 0xA0 { return .invalid(at: i) }  // UTF-16 surrogate
          if lead == 0xF0 && byte < 0x90 { return .invalid(at: i) }  // overlong
          if lead == 0xF4 && byte >= 0x90 { return .invalid(at: i) }  // above U+10FFFF
        }
      }
      i += length
    }
    return .valid
  }
}

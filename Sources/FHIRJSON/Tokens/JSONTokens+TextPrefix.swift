// Reading a token's text in place, for the element accounting of the coders (FHIRCoders'
// `AccountingWalk`), which looks up every member key of every resource: making a `String` of each
// cost it half the care benchmark's figure, and reading keys a byte at a time (a digest, then a
// comparison) 9 M of the 56 M instructions accounting still cost there (docs/benchmarks/tokenizer-and-models.md,
// "Follow-up: a lighter walk and report").

extension JSONTokens {
  /// The ``TextPrefix`` of the text of the key, string or number at `index` (of an empty text
  /// for other tokens), read a word at a time where the value's text goes on for 16 bytes more.
  @inlinable public func textPrefix(at index: Int) -> TextPrefix {
    let token = self[index]
    guard token.hasText else { return TextPrefix(count: 0, first: 0, second: 0) }
    let start = Int(token.payloadStart)
    let count = Int(token.payloadCount)
    guard start + 16 <= textByteCount else {
      return withText(at: index) { TextPrefix($0) }
    }
    return withExtendedLifetime(block) {
      let text = textBase + start
      var first = UInt64(littleEndian: text.loadUnaligned(as: UInt64.self))
      var second = UInt64(littleEndian: text.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
      if count < 8 {
        first &= (1 &<< UInt64(8 &* count)) &- 1
        second = 0
      } else if count < 16 {
        second &= (1 &<< UInt64(8 &* (count &- 8))) &- 1
      }
      return TextPrefix(count: count, first: first, second: second)
    }
  }

  /// Whether the text at `index` is exactly `bytes[range]` (no allocation): a key compared
  /// with one of many keys stored one after another in one array.
  @inlinable public func text(at index: Int, equals bytes: [UInt8], in range: Range<Int>) -> Bool {
    precondition(range.lowerBound >= 0 && range.upperBound <= bytes.count, "range out of bounds")
    return withText(at: index) { text in
      guard text.count == range.count else { return false }
      return bytes.withUnsafeBufferPointer { stored in
        var offset = 0
        while offset < text.count {
          if stored[range.lowerBound &+ offset] != text[offset] { return false }
          offset &+= 1
        }
        return true
      }
    }
  }

  /// Whether the text at `index` starts with `prefix` (no allocation).
  @inlinable public func text(at index: Int, startsWith prefix: some Collection<UInt8>) -> Bool {
    withText(at: index) { $0.starts(with: prefix) }
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The tokens of one JSON value, with the unescaped text of its keys, strings and
/// numbers stored side by side in one byte buffer.
///
/// This is what the tokenizer hands out for each top-level value (or each streamed
/// Bundle entry). It is a flat, compact form: no tree of values, no per-string
/// allocation, 16 bytes a token. Readers walk it by index; object and array starts
/// know the index of their matching end, so skipping a subtree is O(1). Copies share
/// the same immutable storage.
public struct JSONTokens: Hashable, Sendable {
  @usableFromInline let storage: Storage

  /// Takes ownership of `malloc`ed token and text memory (used by the tokenizer).
  init(
    tokens: UnsafeMutablePointer<JSONToken>, count: Int, text: UnsafeMutableRawPointer, textCount: Int,
    startOffset: Int
  ) {
    storage = Storage(tokens: tokens, count: count, text: text, textCount: textCount, startOffset: startOffset)
  }

  /// The number of tokens.
  @inlinable public var count: Int { storage.count }

  /// Whether there are no tokens.
  @inlinable public var isEmpty: Bool { storage.count == 0 }

  /// The number of text bytes held.
  public var textByteCount: Int { storage.textCount }

  /// Byte offset of the value's first token in the source input.
  public var startOffset: Int { storage.startOffset }

  /// The token at `index`.
  @inlinable public subscript(index: Int) -> JSONToken {
    precondition(index >= 0 && index < storage.count, "token index out of range")
    return storage.tokens[index]
  }

  /// Byte offset in the source input of the token at `index`.
  @inlinable public func offset(at index: Int) -> Int {
    storage.startOffset + Int(self[index].relativeOffset)
  }

  /// For an object or array start at `index`, the index of its matching end;
  /// for any other token, `index` itself.
  @inlinable public func endIndex(ofValueAt index: Int) -> Int {
    let token = self[index]
    switch token.kind {
    case .objectStart, .arrayStart: return Int(token.payloadStart)
    default: return index
    }
  }

  /// Calls `body` with the raw UTF-8 text of the key, string or number at `index`
  /// (empty for other tokens). The buffer is valid only during the call.
  @inlinable public func withText<R>(at index: Int, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
    let token = self[index]
    guard token.hasText else { return try body(UnsafeRawBufferPointer(start: nil, count: 0)) }
    return try withExtendedLifetime(storage) {
      try body(UnsafeRawBufferPointer(start: storage.text + Int(token.payloadStart), count: Int(token.payloadCount)))
    }
  }

  /// The text of the key, string or number at `index` as a `String`.
  public func string(at index: Int) -> String {
    withText(at: index) { String(decoding: $0, as: UTF8.self) }
  }

  /// Whether the text at `index` is exactly `utf8` (no allocation).
  @inlinable public func text(at index: Int, equals utf8: some Collection<UInt8>) -> Bool {
    withText(at: index) { $0.elementsEqual(utf8) }
  }

  /// Equal when the tokens, their text and their source offsets are the same.
  public static func == (lhs: JSONTokens, rhs: JSONTokens) -> Bool {
    if lhs.storage === rhs.storage { return true }
    guard lhs.count == rhs.count, lhs.textByteCount == rhs.textByteCount, lhs.startOffset == rhs.startOffset
    else { return false }
    for index in 0..<lhs.count where lhs.storage.tokens[index] != rhs.storage.tokens[index] {
      return false
    }
    return memcmp(lhs.storage.text, rhs.storage.text, lhs.textByteCount) == 0
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    hasher.combine(startOffset)
    hasher.combine(bytes: UnsafeRawBufferPointer(start: storage.text, count: storage.textCount))
  }

  /// Owns the memory of one value's tokens and text; never mutated after creation.
  @usableFromInline final class Storage: @unchecked Sendable {
    @usableFromInline let tokens: UnsafeMutablePointer<JSONToken>
    @usableFromInline let count: Int
    @usableFromInline let text: UnsafeMutableRawPointer
    @usableFromInline let textCount: Int
    @usableFromInline let startOffset: Int

    init(
      tokens: UnsafeMutablePointer<JSONToken>, count: Int, text: UnsafeMutableRawPointer, textCount: Int,
      startOffset: Int
    ) {
      self.tokens = tokens
      self.count = count
      self.text = text
      self.textCount = textCount
      self.startOffset = startOffset
    }

    deinit {
      free(tokens)
      free(text)
    }
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The tokens of one JSON value, with the unescaped text of its keys, strings and
/// numbers stored side by side.
///
/// This is what the tokenizer hands out for each top-level value (or each streamed
/// Bundle entry). It is a flat, compact form: no tree of values, no per-string
/// allocation, 16 bytes a token. Readers walk it by index; object and array starts
/// know the index of their matching end, so skipping a subtree is O(1).
///
/// The memory is never mutated once the value is handed out (hence
/// `@unchecked Sendable`). Small values share a block of memory with their neighbours
/// in the input, so that tokenizing costs no allocation per value; keeping one value
/// keeps its block (at most ``TokenBlock/defaultSize`` bytes) alive. Decode tokens into
/// models rather than holding many of them.
public struct JSONTokens: Hashable, @unchecked Sendable {
  @usableFromInline let block: TokenBlock
  @usableFromInline let tokenBase: UnsafePointer<JSONToken>
  @usableFromInline let textBase: UnsafeRawPointer
  /// The number of tokens.
  public let count: Int
  /// The number of text bytes held.
  public let textByteCount: Int
  /// Byte offset of the value's first token in the source input.
  public let startOffset: Int
  /// How many of the text's first bytes are the value's source bytes, from its first token on
  /// (``sourceBytes(ofValueAt:)``); 0 when the text is not its source: a copy
  /// (``value(at:)``), packed tokens, a Bundle shell streamed around its entries.
  let sourceByteCount: Int

  /// The memory the value's tokens and text take (16 bytes a token plus the text), what a
  /// reader holding many values bounds.
  public var byteCount: Int { count * MemoryLayout<JSONToken>.stride + textByteCount }

  init(
    block: TokenBlock, tokens: UnsafePointer<JSONToken>, count: Int, text: UnsafeRawPointer, textCount: Int,
    startOffset: Int, sourceByteCount: Int = 0
  ) {
    self.block = block
    tokenBase = tokens
    self.count = count
    textBase = text
    textByteCount = textCount
    self.startOffset = startOffset
    self.sourceByteCount = sourceByteCount
  }

  /// Whether there are no tokens.
  @inlinable public var isEmpty: Bool { count == 0 }

  /// The token at `index`.
  @inlinable public subscript(index: Int) -> JSONToken {
    precondition(index >= 0 && index < count, "token index out of range")
    return tokenBase[index]
  }

  /// Byte offset in the source input of the token at `index`.
  @inlinable public func offset(at index: Int) -> Int {
    startOffset + Int(self[index].relativeOffset)
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
    return try withExtendedLifetime(block) {
      try body(UnsafeRawBufferPointer(start: textBase + Int(token.payloadStart), count: Int(token.payloadCount)))
    }
  }

  /// The bytes the object or array at `index` was read from, exactly as they were in the input
  /// (whitespace and escapes too), when these tokens hold them: the tokens a tokenizer hands
  /// out keep their value's source bytes as the text their keys and strings point into, except
  /// a Bundle shell streamed around its entries; copies (``value(at:)``) and packed tokens do
  /// not. One copy of a range, where ``packed(valueAt:)`` writes token by token: the care
  /// pipeline stages a resource no model reads so (docs/benchmarks/job-2026-12-01.md, "Unmodelled resources
  /// staged as read").
  /// - Returns: The bytes, or `nil` when they are not held or the value at `index` is not an
  ///   object or array.
  public func sourceBytes(ofValueAt index: Int) -> [UInt8]? {
    let kind = self[index].kind
    guard sourceByteCount > 0, kind == .objectStart || kind == .arrayStart else { return nil }
    let start = Int(self[index].relativeOffset)
    // A container ends with its one-byte `}` or `]`.
    let end = Int(self[endIndex(ofValueAt: index)].relativeOffset) + 1
    guard start < end, end <= sourceByteCount else { return nil }
    return withExtendedLifetime(block) { Array(UnsafeRawBufferPointer(start: textBase + start, count: end - start)) }
  }

  /// The text of the key, string or number at `index` as a `String`.
  public func string(at index: Int) -> String {
    withText(at: index) { String(decoding: $0, as: UTF8.self) }
  }

  /// The number token at `index` as a ``JSONNumber`` (its text was checked when it was
  /// tokenized), or `nil` if the token is not a number.
  public func number(at index: Int) -> JSONNumber? {
    guard self[index].kind == .number else { return nil }
    return JSONNumber(unchecked: string(at: index))
  }

  /// Whether the text at `index` is exactly `utf8` (no allocation).
  @inlinable public func text(at index: Int, equals utf8: some Collection<UInt8>) -> Bool {
    // The lengths first: most texts compared differ in length, and counting an array is free.
    withText(at: index) { $0.count == utf8.count && $0.elementsEqual(utf8) }
  }

  /// Equal when the tokens, their text and their source offsets are the same.
  public static func == (lhs: JSONTokens, rhs: JSONTokens) -> Bool {
    guard lhs.count == rhs.count, lhs.textByteCount == rhs.textByteCount, lhs.startOffset == rhs.startOffset
    else { return false }
    for index in 0..<lhs.count where lhs.tokenBase[index] != rhs.tokenBase[index] {
      return false
    }
    return withExtendedLifetime((lhs.block, rhs.block)) {
      memcmp(lhs.textBase, rhs.textBase, lhs.textByteCount) == 0
    }
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    hasher.combine(startOffset)
    withExtendedLifetime(block) {
      hasher.combine(bytes: UnsafeRawBufferPointer(start: textBase, count: textByteCount))
    }
  }
}

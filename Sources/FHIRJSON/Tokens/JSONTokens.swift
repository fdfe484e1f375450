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
/// the same storage, which is never mutated after creation (hence `@unchecked Sendable`).
public struct JSONTokens: Hashable, @unchecked Sendable {
  @usableFromInline let storage: Storage

  /// Copies a value built by the tokenizer into new storage: its tokens, then as text
  /// its source bytes (in two parts) followed by its decoded strings.
  init(
    copying tokens: UnsafePointer<JSONToken>, count: Int,
    source: (UnsafeRawBufferPointer, UnsafeRawBufferPointer), decoded: UnsafeRawBufferPointer,
    decodedTokens: [Int], startOffset: Int
  ) {
    storage = Storage.make(
      copying: tokens, count: count, source: source, decoded: decoded, decodedTokens: decodedTokens,
      startOffset: startOffset)
  }

  /// The number of tokens.
  @inlinable public var count: Int { storage.header.count }

  /// Whether there are no tokens.
  @inlinable public var isEmpty: Bool { storage.header.count == 0 }

  /// The number of text bytes held.
  public var textByteCount: Int { storage.header.textCount }

  /// Byte offset of the value's first token in the source input.
  public var startOffset: Int { storage.header.startOffset }

  /// The token at `index`.
  @inlinable public subscript(index: Int) -> JSONToken {
    let header = storage.header
    precondition(index >= 0 && index < header.count, "token index out of range")
    return header.tokens[index]
  }

  /// Byte offset in the source input of the token at `index`.
  @inlinable public func offset(at index: Int) -> Int {
    storage.header.startOffset + Int(self[index].relativeOffset)
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
      try body(
        UnsafeRawBufferPointer(start: storage.header.text + Int(token.payloadStart), count: Int(token.payloadCount)))
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
    let a = lhs.storage.header
    let b = rhs.storage.header
    guard a.count == b.count, a.textCount == b.textCount, a.startOffset == b.startOffset else { return false }
    for index in 0..<a.count where a.tokens[index] != b.tokens[index] {
      return false
    }
    return memcmp(a.text, b.text, a.textCount) == 0
  }

  public func hash(into hasher: inout Hasher) {
    let header = storage.header
    hasher.combine(header.count)
    hasher.combine(header.startOffset)
    hasher.combine(bytes: UnsafeRawBufferPointer(start: header.text, count: header.textCount))
  }

  /// One allocation holding a value's tokens followed by its text; never mutated
  /// after creation.
  @usableFromInline final class Storage: ManagedBuffer<Storage.Header, JSONToken> {
    @usableFromInline struct Header {
      @usableFromInline var count: Int
      @usableFromInline var textCount: Int
      @usableFromInline var startOffset: Int
      /// Where the tokens and the text live inside this object (stable for its lifetime).
      @usableFromInline var tokens: UnsafeMutablePointer<JSONToken>
      @usableFromInline var text: UnsafeMutableRawPointer
    }

    static func make(
      copying tokens: UnsafePointer<JSONToken>, count: Int,
      source: (UnsafeRawBufferPointer, UnsafeRawBufferPointer), decoded: UnsafeRawBufferPointer,
      decodedTokens: [Int], startOffset: Int
    ) -> Storage {
      let stride = MemoryLayout<JSONToken>.stride
      let sourceCount = source.0.count + source.1.count
      let textCount = sourceCount + decoded.count
      let capacity = count + (textCount + stride - 1) / stride
      let buffer = Storage.create(minimumCapacity: max(capacity, 1)) { buffer in
        buffer.withUnsafeMutablePointerToElements { elements in
          Header(
            count: count, textCount: textCount, startOffset: startOffset, tokens: elements,
            text: UnsafeMutableRawPointer(elements + count))
        }
      }
      let storage = unsafeDowncast(buffer, to: Storage.self)
      let header = storage.header
      header.tokens.initialize(from: tokens, count: count)
      var text = header.text
      func append(_ part: UnsafeRawBufferPointer) {
        guard let base = part.baseAddress else { return }
        text.copyMemory(from: base, byteCount: part.count)
        text += part.count
      }
      append(source.0)
      append(source.1)
      append(decoded)
      // Decoded strings now follow the source bytes.
      for index in decodedTokens {
        header.tokens[index].payloadStart &+= UInt32(truncatingIfNeeded: sourceCount)
        header.tokens[index].payloadCount &= ~TokenBuilder.decodedFlag
      }
      return storage
    }
  }
}

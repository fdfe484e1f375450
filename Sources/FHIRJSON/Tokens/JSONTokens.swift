/// The tokens of one JSON value, with the unescaped text of its keys, strings and
/// numbers stored side by side in one byte buffer.
///
/// This is what the tokenizer hands out for each top-level value (or each streamed
/// Bundle entry). It is a flat, compact form: no tree of values, no per-string
/// allocation. Readers walk it by index; object and array starts know the index of
/// their matching end, so skipping a subtree is O(1).
public struct JSONTokens: Hashable, Sendable {
  @usableFromInline var records: [JSONToken]
  @usableFromInline var text: [UInt8]

  /// An empty buffer, with room reserved for about `tokenCapacity` tokens and
  /// `textCapacity` bytes of text.
  public init(tokenCapacity: Int = 0, textCapacity: Int = 0) {
    records = []
    text = []
    records.reserveCapacity(tokenCapacity)
    text.reserveCapacity(textCapacity)
  }

  /// The number of tokens.
  @inlinable public var count: Int { records.count }

  /// Whether there are no tokens.
  @inlinable public var isEmpty: Bool { records.isEmpty }

  /// The number of text bytes held.
  public var textByteCount: Int { text.count }

  /// The token at `index`.
  @inlinable public subscript(index: Int) -> JSONToken { records[index] }

  /// All tokens, in document order.
  public var tokens: [JSONToken] { records }

  /// For an object or array start at `index`, the index of its matching end;
  /// for any other token, `index` itself.
  @inlinable public func endIndex(ofValueAt index: Int) -> Int {
    let token = records[index]
    switch token.kind {
    case .objectStart, .arrayStart: return Int(token.payloadStart)
    default: return index
    }
  }

  /// Calls `body` with the raw UTF-8 text of the key, string or number at `index`.
  @inlinable public func withText<R>(at index: Int, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
    let token = records[index]
    let start = Int(token.payloadStart)
    let end = start + Int(token.payloadCount)
    return try text.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[start..<end])) }
  }

  /// The text of the key, string or number at `index` as a `String`.
  public func string(at index: Int) -> String {
    withText(at: index) { String(decoding: $0, as: UTF8.self) }
  }

  /// Whether the key or string at `index` is exactly `utf8` (no allocation).
  @inlinable public func text(at index: Int, equals utf8: some Collection<UInt8>) -> Bool {
    withText(at: index) { $0.elementsEqual(utf8) }
  }

  /// Wraps token records and their text (used by the tokenizer).
  init(records: [JSONToken], text: [UInt8]) {
    self.records = records
    self.text = text
  }
}

/// One token of a JSON value: a 16-byte record of its kind, where its text lies in
/// the owning ``JSONTokens`` buffer, and where it stood in the source.
///
/// Tokens do not own text; read it through the buffer that holds them
/// (``JSONTokens/string(at:)``, ``JSONTokens/withText(at:_:)``,
/// ``JSONTokens/offset(at:)``).
public struct JSONToken: Hashable, Sendable {
  /// The kind of a token.
  public enum Kind: UInt8, Hashable, Sendable {
    case objectStart, objectEnd, arrayStart, arrayEnd
    /// An object member's key (unescaped text).
    case key
    /// A string value (unescaped text).
    case string
    /// A number, kept as its exact source text.
    case number
    case `true`, `false`, null
  }

  /// What this token is.
  public var kind: Kind
  /// For keys, strings and numbers: where the text starts in the buffer's text storage.
  /// For object and array starts: the index of the matching end token.
  @usableFromInline var payloadStart: UInt32
  /// For keys, strings and numbers: the text's length in bytes.
  @usableFromInline var payloadCount: UInt32
  /// Byte offset of the token's first character, relative to the value's first token
  /// (saturating at `UInt32.max` in values over 4 GiB).
  @usableFromInline var relativeOffset: UInt32

  @inlinable init(kind: Kind, payloadStart: UInt32, payloadCount: UInt32, relativeOffset: UInt32) {
    self.kind = kind
    self.payloadStart = payloadStart
    self.payloadCount = payloadCount
    self.relativeOffset = relativeOffset
  }

  /// Whether this token carries text (a key, string or number).
  @inlinable public var hasText: Bool {
    // `key`, `string` and `number` are consecutive cases: one comparison, always inlined.
    @inline(__always) get { kind.rawValue &- Kind.key.rawValue <= Kind.number.rawValue &- Kind.key.rawValue }
  }
}

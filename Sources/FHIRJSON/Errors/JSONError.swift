/// An error in JSON input, carrying where it happened and what went wrong.
///
/// The message never quotes the input's values (this is health data); it names
/// the place by byte offset, line, column and ``JSONPath``, and the source file
/// when the reader knows it.
public struct JSONError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What kind of problem the input has.
  public enum Kind: String, Hashable, Sendable {
    /// The input ended inside a value (a truncated file or line).
    case unexpectedEnd
    /// There was no value at all: empty input or only whitespace.
    case emptyInput
    /// A character that JSON does not allow at this point.
    case unexpectedCharacter
    /// A malformed string: a bad escape or an unescaped control character.
    case invalidString
    /// Bytes in a string that are not valid UTF-8.
    case invalidUTF8
    /// A `\u` escape of a UTF-16 surrogate that is not part of a valid pair.
    case loneSurrogate
    /// A malformed number, such as `01`, `1.` or `-`.
    case invalidNumber
    /// Something other than whitespace after the value.
    case trailingData
    /// A UTF-8 byte order mark before the value (RFC 8259 forbids sending one).
    case byteOrderMark
    /// Objects and arrays nested deeper than the configured limit.
    case depthLimitExceeded
    /// A string or number longer than the configured limit.
    case stringTooLong
    /// One value (not streamed) larger than the tokenizer can address (2 GiB).
    case valueTooLarge
    /// A value of the wrong JSON type for where it stands.
    case typeMismatch
    /// The input could not be read (a missing file, a read failure).
    case readFailed
  }

  /// What kind of problem this is.
  public var kind: Kind
  /// A short explanation that never contains the input's values.
  public var message: String
  /// Byte offset from the start of the input (0-based).
  public var offset: Int
  /// Line of the input (1-based).
  public var line: Int
  /// Column in that line, in bytes (1-based).
  public var column: Int
  /// Where in the value the problem is.
  public var path: JSONPath
  /// The file or stream the input came from, when known.
  public var source: String?

  /// Creates an error.
  public init(
    _ kind: Kind, _ message: String, offset: Int = 0, line: Int = 1, column: Int = 1,
    path: JSONPath = .root, source: String? = nil
  ) {
    self.kind = kind
    self.message = message
    self.offset = offset
    self.line = line
    self.column = column
    self.path = path
    self.source = source
  }

  /// `file:line:column: message at path (kind, byte offset)`, the path as
  /// ``JSONPath/shortDescription`` shows it (``path`` has every level).
  public var description: String {
    let place = source.map { "\($0):" } ?? ""
    return "\(place)\(line):\(column): \(message) at \(path.shortDescription) (\(kind.rawValue), byte \(offset))"
  }
}

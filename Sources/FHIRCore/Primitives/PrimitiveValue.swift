public import FHIRJSON

/// The value of a FHIR primitive type (`string`, `date`, `decimal`, …), without the
/// `id` and `extension` that ``Primitive`` adds.
public protocol PrimitiveValue: Hashable, Sendable {
  /// The FHIR type name, as in choice keys: `String` in `valueString`.
  static var typeName: String { get }
  /// Decodes the value at token `index`, recording issues. A value of the right JSON
  /// type whose text breaks the type's rules is kept (nothing is lost) with an error.
  static func decode(from decoder: inout FHIRDecoder, at index: Int) throws -> Self?
  /// Writes the value as JSON.
  func encode(to writer: inout JSONWriter)
}

/// A primitive whose JSON form is a string, with a lexical rule checked on decode.
public protocol StringPrimitiveValue: PrimitiveValue, ExpressibleByStringLiteral, CustomStringConvertible {
  /// The text as written.
  var string: String { get }
  /// Wraps text without checking it.
  init(uncheckedString: String)
  /// What is wrong with `string` for this type (without quoting it), or `nil`.
  static func problem(with string: String) -> String?
}

extension StringPrimitiveValue {
  public init(stringLiteral value: String) {
    self.init(uncheckedString: value)
  }

  /// Text checked against the type's rule; `nil` if it breaks it.
  public init?(validating string: String) {
    guard Self.problem(with: string) == nil else { return nil }
    self.init(uncheckedString: string)
  }

  public var description: String { string }

  @inlinable

  public static func decode(from decoder: inout FHIRDecoder, at index: Int) throws -> Self? {
    guard try decoder.expect(.string, at: index, "a \(typeName) string") else { return nil }
    let string = decoder.tokens.string(at: index)
    if string.isEmpty {
      try decoder.record(.warning, .empty, "empty \(typeName)", at: index)
    } else if let problem = problem(with: string) {
      try decoder.record(.error, .invalidValue, "invalid \(typeName): \(problem)", at: index)
    }
    return Self(uncheckedString: string)
  }

  @inlinable

  public func encode(to writer: inout JSONWriter) {
    writer.string(string)
  }
}

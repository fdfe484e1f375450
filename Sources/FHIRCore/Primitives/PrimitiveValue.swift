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
  /// ``problem(with:)`` for text given as UTF-8 bytes (the decoder checks token text
  /// this way, before it makes a `String`). The default makes a `String` and asks
  /// ``problem(with:)``.
  static func problem(utf8: UnsafeRawBufferPointer) -> String?
}

extension StringPrimitiveValue {
  /// A value from a string literal, unchecked: `let code: FHIRCode = "final"`.
  public init(stringLiteral value: String) {
    self.init(uncheckedString: value)
  }

  /// Text checked against the type's rule; `nil` if it breaks it.
  public init?(validating string: String) {
    guard Self.problem(with: string) == nil else { return nil }
    self.init(uncheckedString: string)
  }

  /// The text as written.
  public var description: String { string }

  /// Makes a `String` from `utf8` and asks ``problem(with:)``; types override it to check the bytes directly.
  public static func problem(utf8: UnsafeRawBufferPointer) -> String? {
    problem(with: String(decoding: utf8, as: UTF8.self))
  }

  @inlinable

  /// Decodes the JSON string at token `index`. Text that breaks the type's rule is kept, with an `invalidValue` error;
  /// an empty string is kept with an `empty` warning; anything but a string gives `nil` with an issue.
  public static func decode(from decoder: inout FHIRDecoder, at index: Int) throws -> Self? {
    guard try decoder.expect(.string, at: index, "a \(typeName) string") else { return nil }
    // The text is checked as bytes and made into a string through the thread's cache,
    // so repeated text (systems, codes, units) costs no allocation.
    let text: (string: String, problem: String?) = decoder.tokens.withText(at: index) { bytes in
      let problem: String? = bytes.isEmpty ? nil : Self.problem(utf8: bytes)
      return (StringCache.string(bytes), problem)
    }
    let string = text.string
    if string.isEmpty {
      try decoder.record(.warning, .empty, "empty \(typeName)", at: index)
    } else if let problem = text.problem {
      try decoder.record(.error, .invalidValue, "invalid \(typeName): \(problem)", at: index)
    }
    return Self(uncheckedString: string)
  }

  @inlinable

  /// Writes the text as a JSON string.
  public func encode(to writer: inout JSONWriter) {
    writer.string(string)
  }
}

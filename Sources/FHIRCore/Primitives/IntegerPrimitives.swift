public import FHIRJSON

/// The rule shared by FHIR's integer types: a JSON number without fraction or
/// exponent, within a range.
public protocol IntegerPrimitiveValue: PrimitiveValue, ExpressibleByIntegerLiteral, CustomStringConvertible {
  /// The value (FHIR integers are 32-bit).
  var int: Int32 { get }
  /// Wraps a value without checking it against ``minimum``.
  init(uncheckedInt: Int32)
  /// The smallest value allowed.
  static var minimum: Int32 { get }
}

extension IntegerPrimitiveValue {
  /// A value from a literal, unchecked: `let rank: FHIRPositiveInt = 1`.
  public init(integerLiteral value: Int32) { self.init(uncheckedInt: value) }
  /// The value in decimal digits.
  public var description: String { String(int) }

  @inlinable

  /// Decodes a whole JSON number in 32-bit range at token `index`; a value below ``minimum`` is kept with an error, one
  /// out of range or with a fraction gives `nil` with an error.
  public static func decode(from decoder: inout FHIRDecoder, at index: Int) throws -> Self? {
    guard try decoder.expect(.number, at: index, "an integer") else { return nil }
    let text = decoder.tokens.string(at: index)
    guard let value = Int32(text) else {
      try decoder.record(.error, .invalidValue, "\(typeName) must be a whole number in 32-bit range", at: index)
      return nil
    }
    if value < minimum {
      try decoder.record(.error, .invalidValue, "\(typeName) must be at least \(minimum)", at: index)
    }
    if value == 0 && text.utf8.first == UInt8(ascii: "-") {
      // FHIR's integer rule (`[0]|[-+]?[1-9][0-9]*`) has no `-0`: the same number is written `0`.
      try decoder.record(.warning, .invalidValue, "\(typeName) -0 is not a FHIR integer; it is written 0", at: index)
    }
    return Self(uncheckedInt: value)
  }

  /// Whether number text is too large in magnitude for a FHIR integer type, which is 32-bit
  /// (a 400-digit integer, `1e400`, `3e9`): a number that does not fit, rather than one that
  /// breaks the type's rule by its form (`1.5`, `0` for a `positiveInt`). Such a number is
  /// kept as given even when repairing (see ``FHIRDecoder/primitive(_:at:)``), so that a reader
  /// reports it instead of defaulting what it stood for.
  public static func isTooLarge(_ text: String) -> Bool {
    guard let number = JSONNumber(text) else { return false }
    guard let x = number.doubleValue, x.isFinite else { return true }
    return x.magnitude > Double(Int32.max)
  }

  @inlinable

  /// Writes the value as a JSON number.
  public func encode(to writer: inout JSONWriter) {
    writer.number(JSONNumber(Int(int)))
  }
}

/// FHIR `integer`.
public struct FHIRInteger: IntegerPrimitiveValue {
  /// `"integer"`, the FHIR type name (as in `valueInteger`).
  public static let typeName = "integer"
  /// The smallest value allowed: `Int32.min`.
  public static let minimum = Int32.min
  /// The value.
  public let int: Int32
  /// Wraps a value without checking it against ``minimum``.
  public init(uncheckedInt: Int32) { int = uncheckedInt }
}

/// FHIR `positiveInt` (1 and up).
public struct FHIRPositiveInt: IntegerPrimitiveValue {
  /// `"positiveInt"`, the FHIR type name (as in `valuePositiveInt`).
  public static let typeName = "positiveInt"
  /// The smallest value allowed: `1`.
  public static let minimum: Int32 = 1
  /// The value.
  public let int: Int32
  /// Wraps a value without checking it against ``minimum``.
  public init(uncheckedInt: Int32) { int = uncheckedInt }
}

/// FHIR `unsignedInt` (0 and up).
public struct FHIRUnsignedInt: IntegerPrimitiveValue {
  /// `"unsignedInt"`, the FHIR type name (as in `valueUnsignedInt`).
  public static let typeName = "unsignedInt"
  /// The smallest value allowed: `0`.
  public static let minimum: Int32 = 0
  /// The value.
  public let int: Int32
  /// Wraps a value without checking it against ``minimum``.
  public init(uncheckedInt: Int32) { int = uncheckedInt }
}

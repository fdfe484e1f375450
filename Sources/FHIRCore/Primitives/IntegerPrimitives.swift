public import FHIRJSON

/// The rule shared by FHIR's integer types: a JSON number without fraction or
/// exponent, within a range.
public protocol IntegerPrimitiveValue: PrimitiveValue, ExpressibleByIntegerLiteral, CustomStringConvertible {
  var int: Int32 { get }
  init(uncheckedInt: Int32)
  /// The smallest value allowed.
  static var minimum: Int32 { get }
}

extension IntegerPrimitiveValue {
  public init(integerLiteral value: Int32) { self.init(uncheckedInt: value) }
  public var description: String { String(int) }

  @inlinable

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
    return Self(uncheckedInt: value)
  }

  @inlinable

  public func encode(to writer: inout JSONWriter) {
    writer.number(JSONNumber(Int(int)))
  }
}

/// FHIR `integer`.
public struct FHIRInteger: IntegerPrimitiveValue {
  public static let typeName = "integer"
  public static let minimum = Int32.min
  public let int: Int32
  public init(uncheckedInt: Int32) { int = uncheckedInt }
}

/// FHIR `positiveInt` (1 and up).
public struct FHIRPositiveInt: IntegerPrimitiveValue {
  public static let typeName = "positiveInt"
  public static let minimum: Int32 = 1
  public let int: Int32
  public init(uncheckedInt: Int32) { int = uncheckedInt }
}

/// FHIR `unsignedInt` (0 and up).
public struct FHIRUnsignedInt: IntegerPrimitiveValue {
  public static let typeName = "unsignedInt"
  public static let minimum: Int32 = 0
  public let int: Int32
  public init(uncheckedInt: Int32) { int = uncheckedInt }
}

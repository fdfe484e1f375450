public import FHIRJSON

/// FHIR `decimal`, kept as its exact text so that `1.50` stays `1.50` and precision
/// is never lost; ``doubleValue`` gives a `Double` view.
public struct FHIRDecimal: PrimitiveValue, CustomStringConvertible {
  public static let typeName = "decimal"
  /// The number as written.
  public let number: JSONNumber

  public init(_ number: JSONNumber) { self.number = number }

  /// A decimal from text in JSON number syntax, or `nil`.
  public init?(_ text: String) {
    guard let number = JSONNumber(text) else { return nil }
    self.number = number
  }

  /// A decimal from a finite `Double`, written in its shortest form; `nil` for NaN and infinities.
  public init?(_ value: Double) {
    guard value.isFinite, let number = JSONNumber(String(value)) else { return nil }
    self.number = number
  }

  /// The text as written.
  public var text: String { number.text }
  /// The value as a `Double` (may round), as `Double(text)` reads it; NaN for text it does not
  /// read (which the decoder never produces). Plain decimals are read without `strtod`.
  public var doubleValue: Double { number.doubleValue ?? .nan }
  public var description: String { number.text }

  public static func decode(from decoder: inout FHIRDecoder, at index: Int) throws -> FHIRDecimal? {
    guard try decoder.expect(.number, at: index, "a decimal number") else { return nil }
    guard let number = decoder.tokens.number(at: index) else { return nil }
    return FHIRDecimal(number)
  }

  public func encode(to writer: inout JSONWriter) {
    writer.number(number)
  }
}

public import FHIRJSON

/// FHIR `decimal`, kept as its exact text so that `1.50` stays `1.50` and precision
/// is never lost; ``doubleValue`` gives a `Double` view.
public struct FHIRDecimal: PrimitiveValue, CustomStringConvertible {
  /// `"decimal"`, the FHIR type name (as in `valueDecimal`).
  public static let typeName = "decimal"
  /// The number as written.
  public let number: JSONNumber

  /// A decimal from a parsed JSON number, its text kept.
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
  /// The text as written (`1.50`).
  public var description: String { number.text }

  /// Decodes the JSON number at token `index`, keeping its text; anything but a number is recorded as an issue and
  /// gives `nil`.
  public static func decode(from decoder: inout FHIRDecoder, at index: Int) throws -> FHIRDecimal? {
    guard try decoder.expect(.number, at: index, "a decimal number") else { return nil }
    guard let number = decoder.tokens.number(at: index) else { return nil }
    return FHIRDecimal(number)
  }

  /// Writes the number exactly as it was written.
  public func encode(to writer: inout JSONWriter) {
    writer.number(number)
  }
}

public import FHIRJSON

/// FHIR `boolean`.
public struct FHIRBoolean: PrimitiveValue, ExpressibleByBooleanLiteral {
  /// `"boolean"`, the FHIR type name (as in `valueBoolean`).
  public static let typeName = "boolean"
  /// The value.
  public var bool: Bool

  /// Wraps a Swift `Bool`.
  public init(_ bool: Bool) { self.bool = bool }
  /// A boolean from a literal: `let active: FHIRBoolean = true`.
  public init(booleanLiteral value: Bool) { bool = value }

  /// Decodes a JSON `true` or `false` at token `index`; anything else is recorded as a `wrongType` error and gives
  /// `nil`.
  public static func decode(from decoder: inout FHIRDecoder, at index: Int) throws -> FHIRBoolean? {
    switch decoder.tokens[index].kind {
    case .true: return FHIRBoolean(true)
    case .false: return FHIRBoolean(false)
    default:
      try decoder.record(
        .error, .wrongType, "expected a boolean, found \(FHIRDecoder.describe(decoder.tokens[index].kind))",
        at: index)
      return nil
    }
  }

  /// Writes `true` or `false`.
  public func encode(to writer: inout JSONWriter) {
    writer.bool(bool)
  }
}

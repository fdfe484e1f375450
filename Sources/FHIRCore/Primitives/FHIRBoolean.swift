public import FHIRJSON

/// FHIR `boolean`.
public struct FHIRBoolean: PrimitiveValue, ExpressibleByBooleanLiteral {
  public static let typeName = "boolean"
  public var bool: Bool

  public init(_ bool: Bool) { self.bool = bool }
  public init(booleanLiteral value: Bool) { bool = value }

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

  public func encode(to writer: inout JSONWriter) {
    writer.bool(bool)
  }
}

public import FHIRCore
public import FHIRJSON

/// Any R4 resource, decoded by its `resourceType` (which may stand anywhere in the
/// object). Types FHIRKit does not model pass through as JSON, untouched.
public enum AnyResource: FHIRCodable {
  case patient(Patient)
  /// A resource type FHIRKit does not model, kept as it came.
  case other(JSONValue)

  /// The resource types decoded into models; others pass through as JSON.
  public static let modelledTypes: Set<String> = [Patient.resourceType]

  /// The `resourceType`, if the resource has one.
  public var resourceType: String? {
    switch self {
    case .patient: Patient.resourceType
    case .other(let json): json["resourceType"]?.stringValue
    }
  }

  public init?(from decoder: inout FHIRDecoder, at index: Int) throws {
    guard try decoder.expect(.objectStart, at: index, "a resource object") else { return nil }
    switch decoder.peekString("resourceType", inObjectAt: index) {
    case Patient.resourceType?:
      guard let patient = try Patient(from: &decoder, at: index) else { return nil }
      self = .patient(patient)
    case nil:
      try decoder.record(.error, .required, "resource without a resourceType", at: index)
      self = .other(JSONValue(tokens: decoder.tokens, at: index))
    default:
      self = .other(JSONValue(tokens: decoder.tokens, at: index))
    }
  }

  public func encode(to writer: inout JSONWriter) {
    switch self {
    case .patient(let patient): patient.encode(to: &writer)
    case .other(let json): writer.value(json)
    }
  }
}

public import FHIRCore
public import FHIRJSON

/// Any DSTU2 resource, decoded by its `resourceType` (which may stand anywhere in the
/// object). Types FHIRKit does not model pass through as JSON, untouched.
///
/// A value costs one pointer whatever the resource's type, as in R4: `Patient`,
/// `Observation`, `MedicationOrder` and `CarePlan` are one reference to their
/// copy-on-write storage, held in place (a `switch` borrows it); the other cases are
/// stored out of line (`indirect`).
public enum AnyResource: FHIRCodable {
  /// A `Bundle` resource.
  indirect case bundle(Bundle)
  /// A `CarePlan` resource.
  case carePlan(CarePlan)
  /// A `Medication` resource.
  indirect case medication(Medication)
  /// A `MedicationOrder` resource.
  case medicationOrder(MedicationOrder)
  /// An `Observation` resource.
  case observation(Observation)
  /// A `Patient` resource.
  case patient(Patient)
  /// A resource type FHIRKit does not model, kept as it came.
  indirect case other(JSONValue)

  /// The `resourceType`, if the resource has one.
  public var resourceType: String? {
    switch self {
    case .bundle: Bundle.resourceType
    case .carePlan: CarePlan.resourceType
    case .medication: Medication.resourceType
    case .medicationOrder: MedicationOrder.resourceType
    case .observation: Observation.resourceType
    case .patient: Patient.resourceType
    case .other(let json): json["resourceType"]?.stringValue
    }
  }

  /// Decodes an `AnyResource` from the tokens at `index`, recording issues in `decoder`; `nil` if nothing decodes.
  public init?(from decoder: inout FHIRDecoder, at index: Int) throws {
    guard try decoder.expect(.objectStart, at: index, "a resource object") else { return nil }
    switch decoder.peekString("resourceType", inObjectAt: index) {
    case Bundle.resourceType?:
      guard let resource = try Bundle(from: &decoder, at: index) else { return nil }
      self = .bundle(consume resource)
    case CarePlan.resourceType?:
      guard let resource = try CarePlan(from: &decoder, at: index) else { return nil }
      self = .carePlan(consume resource)
    case Medication.resourceType?:
      guard let resource = try Medication(from: &decoder, at: index) else { return nil }
      self = .medication(consume resource)
    case MedicationOrder.resourceType?:
      guard let resource = try MedicationOrder(from: &decoder, at: index) else { return nil }
      self = .medicationOrder(consume resource)
    case Observation.resourceType?:
      guard let resource = try Observation(from: &decoder, at: index) else { return nil }
      self = .observation(consume resource)
    case Patient.resourceType?:
      guard let resource = try Patient(from: &decoder, at: index) else { return nil }
      self = .patient(consume resource)
    case nil:
      try decoder.record(.error, .required, "resource without a resourceType", at: index)
      self = .other(JSONValue(tokens: decoder.tokens, at: index))
    case let type?:
      if !Self.resourceTypes.contains(type) { try Self.reportUnknownType(type, &decoder, inObjectAt: index) }
      self = .other(JSONValue(tokens: decoder.tokens, at: index))
    }
  }

  /// Writes the `AnyResource` as one JSON object, members in the specification's order, unknown members last.
  public func encode(to writer: inout JSONWriter) {
    switch self {
    case .bundle(let resource): resource.encode(to: &writer)
    case .carePlan(let resource): resource.encode(to: &writer)
    case .medication(let resource): resource.encode(to: &writer)
    case .medicationOrder(let resource): resource.encode(to: &writer)
    case .observation(let resource): resource.encode(to: &writer)
    case .patient(let resource): resource.encode(to: &writer)
    case .other(let json): writer.value(json)
    }
  }
}

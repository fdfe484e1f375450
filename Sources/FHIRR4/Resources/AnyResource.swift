public import FHIRCore
public import FHIRJSON

/// Any R4 resource, decoded by its `resourceType` (which may stand anywhere in the
/// object). Types FHIRKit does not model pass through as JSON, untouched.
///
/// A value costs one pointer whatever the resource's type, so a Bundle entry or a
/// contained resource is small. `Patient`, `Observation`, `MedicationRequest` and
/// `CarePlan` are one reference to their copy-on-write storage already, so their cases
/// hold it in place: a `switch` borrows it, where an `indirect` case's payload is copied
/// out (every member retained and released) when passed to code in another module. The
/// other cases are stored out of line (`indirect`), which also lets a `Bundle` hold
/// resources that hold `Bundle`s.
public enum AnyResource: FHIRCodable {
  /// A `Bundle` resource.
  indirect case bundle(Bundle)
  /// A `CarePlan` resource.
  case carePlan(CarePlan)
  /// A `Medication` resource.
  indirect case medication(Medication)
  /// A `MedicationRequest` resource.
  case medicationRequest(MedicationRequest)
  /// An `Observation` resource.
  case observation(Observation)
  /// A `Patient` resource.
  case patient(Patient)
  /// A resource type FHIRKit does not model, kept as it came.
  indirect case other(JSONValue)

  /// The resource types decoded into models; others pass through as JSON.
  public static let modelledTypes: Set<String> = [
    Bundle.resourceType, CarePlan.resourceType, Medication.resourceType, MedicationRequest.resourceType,
    Observation.resourceType, Patient.resourceType,
  ]

  /// The `resourceType`, if the resource has one.
  public var resourceType: String? {
    switch self {
    case .bundle: Bundle.resourceType
    case .carePlan: CarePlan.resourceType
    case .medication: Medication.resourceType
    case .medicationRequest: MedicationRequest.resourceType
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
      guard let bundle = try Bundle(from: &decoder, at: index) else { return nil }
      self = .bundle(consume bundle)
    case CarePlan.resourceType?:
      guard let carePlan = try CarePlan(from: &decoder, at: index) else { return nil }
      self = .carePlan(consume carePlan)
    case Medication.resourceType?:
      guard let medication = try Medication(from: &decoder, at: index) else { return nil }
      self = .medication(consume medication)
    case MedicationRequest.resourceType?:
      guard let request = try MedicationRequest(from: &decoder, at: index) else { return nil }
      self = .medicationRequest(consume request)
    case Observation.resourceType?:
      guard let observation = try Observation(from: &decoder, at: index) else { return nil }
      self = .observation(consume observation)
    case Patient.resourceType?:
      guard let patient = try Patient(from: &decoder, at: index) else { return nil }
      self = .patient(consume patient)
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
    case .bundle(let bundle): bundle.encode(to: &writer)
    case .carePlan(let carePlan): carePlan.encode(to: &writer)
    case .medication(let medication): medication.encode(to: &writer)
    case .medicationRequest(let request): request.encode(to: &writer)
    case .observation(let observation): observation.encode(to: &writer)
    case .patient(let patient): patient.encode(to: &writer)
    case .other(let json): writer.value(json)
    }
  }
}

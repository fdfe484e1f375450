import FHIRJSON

extension Pipeline.Coders {
  /// Where each R4 event type names the requests it carries out, and the types each allows.
  static let r4EventRequests: [String: (element: String, types: Set<String>)] = [
    "MedicationAdministration": ("request", ["MedicationRequest"]),
    "MedicationDispense": ("authorizingPrescription", ["MedicationRequest"]),
    "MedicationStatement": ("basedOn", ["MedicationRequest", "CarePlan", "ServiceRequest"]),
    "Procedure": ("basedOn", ["CarePlan", "ServiceRequest"]),
    "ImagingStudy": ("basedOn", ["CarePlan", "ServiceRequest", "Appointment", "AppointmentResponse", "Task"]),
  ]

  /// The merge facts of an R4 resource the models do not know: an event resource an Observation
  /// may be `partOf` (with the requests it carries out), else nothing.
  func r4EventFacts(_ json: JSONValue) -> ResourceFacts {
    guard let type = json["resourceType"]?.stringValue, R4Targets.events.contains(type) else { return .notConverted }
    guard let (element, types) = Self.r4EventRequests[type], let value = json[element] else {
      return .event(ResourceFacts.Event(requests: []))  // Immunization names no request
    }
    let list = value.arrayValue
    let requests = (list ?? [value]).enumerated().compactMap { k, reference in
      let path = list == nil ? "\(type).\(element)" : "\(type).\(element)[\(k)]"
      return Site.make(
        reference: reference["reference"]?.stringValue,
        identifier: LogicalIdentifier(json: reference["identifier"]), type: reference["type"]?.stringValue, path,
        allowing: types)
    }
    return .event(ResourceFacts.Event(requests: requests))
  }
}

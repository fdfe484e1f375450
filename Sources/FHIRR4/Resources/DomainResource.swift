public import FHIRCore

/// The elements that every R4 resource but `Bundle` has (`DomainResource` and
/// `Resource` in the specification): code that treats them alike for any resource (the
/// release converter) is written once against this protocol.
public protocol DomainResource: FHIRResource {
  var id: Primitive<FHIRID>? { get set }
  var meta: Meta? { get set }
  var implicitRules: Primitive<FHIRURI>? { get set }
  var language: Primitive<FHIRCode>? { get set }
  var text: Narrative? { get set }
  var contained: [AnyResource] { get set }
  var `extension`: [Extension] { get set }
  var modifierExtension: [Extension] { get set }
}

extension Patient: DomainResource {}
extension MedicationRequest: DomainResource {}
extension CarePlan: DomainResource {}
extension Observation: DomainResource {}
extension Medication: DomainResource {}

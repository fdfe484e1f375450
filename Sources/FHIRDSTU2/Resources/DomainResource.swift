public import FHIRCore

/// The elements that every DSTU2 resource but `Bundle` has (`DomainResource` and
/// `Resource` in the specification): code that treats them alike for any resource (the
/// release converter) is written once against this protocol.
public protocol DomainResource: FHIRResource {
  /// Logical id of the resource, as used in its URL (`Resource.id`).
  var id: Primitive<FHIRID>? { get set }
  /// Metadata about the resource: version, last update, profiles, tags (`Resource.meta`).
  var meta: Meta? { get set }
  /// Rules the content was created under, which a reader must understand (`Resource.implicitRules`).
  var implicitRules: Primitive<FHIRURI>? { get set }
  /// Base language of the resource content, as a BCP-47 code (`Resource.language`).
  var language: Primitive<FHIRCode>? { get set }
  /// Text summary of the resource, for human interpretation (`DomainResource.text`).
  var text: Narrative? { get set }
  /// Resources contained inline, without identity of their own (`DomainResource.contained`, 0..*).
  var contained: [AnyResource] { get set }
  /// Additional content defined by implementations (`extension`, 0..*).
  var `extension`: [Extension] { get set }
  /// Extensions a reader must understand: they change the meaning of this element (`modifierExtension`, 0..*).
  var modifierExtension: [Extension] { get set }
}

extension Patient: DomainResource {}
extension MedicationOrder: DomainResource {}
extension CarePlan: DomainResource {}
extension Observation: DomainResource {}
extension Medication: DomainResource {}

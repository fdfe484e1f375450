import FHIRCore
import FHIRDSTU2
import FHIRR4

/// The backbones of R4 `MedicationRequest` → DSTU2 `MedicationOrder`: dispense request
/// and substitution.
extension R4ToDSTU2 {
  /// `dispenseRequest`: `initialFill` is dropped; `dispenseInterval`, `performer` and a
  /// `numberOfRepeatsAllowed` of 0 (DSTU2 wants a positive number) become extensions;
  /// a carried DSTU2 `medication[x]` is put back.
  mutating func dispenseRequest(
    _ source: FHIRR4.MedicationRequest.DispenseRequest, _ path: String
  ) -> FHIRDSTU2.MedicationOrder.DispenseRequest {
    var target = FHIRDSTU2.MedicationOrder.DispenseRequest()
    target.id = source.id
    var extensions = self.extensions(source.extension, Self.join(path, "extension"))
    target.modifierExtension = self.extensions(source.modifierExtension, Self.join(path, "modifierExtension"))
    target.medication = conversion.restore(&extensions, element: "MedicationOrder.dispenseRequest.medication").first
      .flatMap { restoredConceptOrReference($0, Self.join(path, "extension")) }
    conversion.drop(source.initialFill, Self.join(path, "initialFill"), "no home in DSTU2")
    target.validityPeriod = period(source.validityPeriod, path, "validityPeriod")
    if source.numberOfRepeatsAllowed?.value?.int == 0 {
      carry(
        source.numberOfRepeatsAllowed, Extension.Value.unsignedInt,
        element: "MedicationRequest.dispenseRequest.numberOfRepeatsAllowed", path: path, key: "numberOfRepeatsAllowed",
        into: &extensions)
    } else {
      target.numberOfRepeatsAllowed = keep(Self.retype(source.numberOfRepeatsAllowed))
    }
    carry(
      source.dispenseInterval, type: "Duration", element: "MedicationRequest.dispenseRequest.dispenseInterval",
      path: path,
      key: "dispenseInterval", into: &extensions)
    carry(
      source.performer, type: "Reference", element: "MedicationRequest.dispenseRequest.performer", path: path,
      key: "performer", into: &extensions)
    target.quantity = quantity(source.quantity, path, "quantity")
    target.expectedSupplyDuration = quantity(source.expectedSupplyDuration, path, "expectedSupplyDuration")
    target.extension = extensions
    target.unknown = conversion.unknown(source.unknown, path)
    return target
  }

  /// `substitution`: `allowedCodeableConcept` becomes `type`; `allowedBoolean` true is
  /// implied, false becomes an extension; a missing `type` (required in DSTU2) defaults
  /// to a data-absent-reason.
  mutating func substitution(
    _ source: FHIRR4.MedicationRequest.Substitution, _ path: String
  ) -> FHIRDSTU2.MedicationOrder.Substitution {
    var target = FHIRDSTU2.MedicationOrder.Substitution()
    target.id = source.id
    var extensions = self.extensions(source.extension, Self.join(path, "extension"))
    target.modifierExtension = self.extensions(source.modifierExtension, Self.join(path, "modifierExtension"))
    switch source.allowed {
    case .boolean(let allowed)? where allowed.value?.bool == true && !allowed.hasExtras:
      conversion.implied(Self.join(path, "allowedBoolean"))
    case .boolean(let allowed)?:
      carry(
        allowed, Extension.Value.boolean, element: "MedicationRequest.substitution.allowed", path: path,
        key: "allowedBoolean", into: &extensions)
    case .codeableConcept(let type)?:
      target.type = codeableConcept(type, Self.join(path, "allowedCodeableConcept"))
    case nil: break
    }
    if target.type == nil {
      var absent = FHIRDSTU2.CodeableConcept()
      absent.extension = Self.absentExtensions
      target.type = absent
      conversion.defaulted(Self.join(path, "type"), "required in the target; data-absent-reason unknown")
    }
    target.reason = codeableConcept(source.reason, path, "reason")
    target.extension = extensions
    target.unknown = conversion.unknown(source.unknown, path)
    return target
  }
}

public import FHIRCore

/// The HL7 cross-version extension that carries a DSTU2 `MedicationOrder.dateEnded` in an R4
/// MedicationRequest (what `ReleaseConverter` writes, as HL7's version conversion rules name it):
/// R4 has no such element, and an order converted from DSTU2 must not lose the day it ended.
public enum CarriedDateEnded {
  /// `http://hl7.org/fhir/1.0/StructureDefinition/extension-MedicationOrder.dateEnded`.
  public static let url = "http://hl7.org/fhir/1.0/StructureDefinition/extension-MedicationOrder.dateEnded"

  /// The `valueDateTime` of the first such extension in `extensions`, if any.
  public static func value(in extensions: [Extension]) -> Primitive<FHIRDateTime>? {
    for e in extensions where e.url?.string == url {
      if case .dateTime(let date)? = e.value { return date }
    }
    return nil
  }
}

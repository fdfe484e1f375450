public import FHIRCore
public import FHIRJSON

/// A choice element of type `CodeableConcept | Reference(…)`, frequent in DSTU2:
/// `MedicationOrder.medication[x]` and `reason[x]`, `dosageInstruction.site[x]`,
/// `CarePlan.activity.detail.product[x]`.
public enum ConceptOrReference: ChoiceType {
  /// A code for the concept (`…CodeableConcept`).
  case codeableConcept(CodeableConcept)
  /// A reference to a resource that stands for the concept (`…Reference`).
  case reference(Reference)

  /// The types this choice allows, by the suffix their key carries.
  public static let choices = ChoiceTable<ConceptOrReference>([
    ChoiceTable.complex("CodeableConcept", ConceptOrReference.codeableConcept),
    ChoiceTable.complex("Reference", ConceptOrReference.reference),
  ])

  /// The suffix of the chosen type in the JSON key (`Quantity` in `valueQuantity`).
  public var typeSuffix: String {
    switch self {
    case .codeableConcept: "CodeableConcept"
    case .reference: "Reference"
    }
  }

  /// Writes `name` plus the chosen type's suffix (and `_name…` for a primitive with extensions).
  public func encode(name: String, to writer: inout JSONWriter) {
    switch self {
    case .codeableConcept(let value): writer.member(name + typeSuffix, value)
    case .reference(let value): writer.member(name + typeSuffix, value)
    }
  }
}

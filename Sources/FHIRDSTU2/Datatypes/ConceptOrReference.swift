public import FHIRCore
public import FHIRJSON

/// A choice element of type `CodeableConcept | Reference(…)`, frequent in DSTU2:
/// `MedicationOrder.medication[x]` and `reason[x]`, `dosageInstruction.site[x]`,
/// `CarePlan.activity.detail.product[x]`.
public enum ConceptOrReference: ChoiceType {
  case codeableConcept(CodeableConcept)
  case reference(Reference)

  public static let choices = ChoiceTable<ConceptOrReference>([
    ChoiceTable.complex("CodeableConcept", ConceptOrReference.codeableConcept),
    ChoiceTable.complex("Reference", ConceptOrReference.reference),
  ])

  public var typeSuffix: String {
    switch self {
    case .codeableConcept: "CodeableConcept"
    case .reference: "Reference"
    }
  }

  public func encode(name: String, to writer: inout JSONWriter) {
    switch self {
    case .codeableConcept(let value): writer.member(name + typeSuffix, value)
    case .reference(let value): writer.member(name + typeSuffix, value)
    }
  }
}

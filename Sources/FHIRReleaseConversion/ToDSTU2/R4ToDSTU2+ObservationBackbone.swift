import FHIRCore
import FHIRDSTU2
import FHIRR4

/// The backbones of R4 `Observation` → DSTU2: reference range and component.
extension R4ToDSTU2 {
  /// A reference range: `type` becomes `meaning`, `appliesTo` becomes extensions.
  mutating func referenceRange(
    _ source: FHIRR4.Observation.ReferenceRange, _ path: String
  ) -> FHIRDSTU2.Observation.ReferenceRange {
    var target = FHIRDSTU2.Observation.ReferenceRange()
    target.id = source.id
    var extensions = self.extensions(source.extension, Self.join(path, "extension"))
    target.modifierExtension = self.extensions(source.modifierExtension, Self.join(path, "modifierExtension"))
    target.low = quantity(source.low, path, "low")
    target.high = quantity(source.high, path, "high")
    target.meaning = codeableConcept(source.type, path, "type")
    carry(
      source.appliesTo, type: "CodeableConcept", element: "Observation.referenceRange.appliesTo", path: path,
      key: "appliesTo", into: &extensions)
    target.age = source.age.map { range($0, Self.join(path, "age")) }
    target.text = keep(source.text, path, "text")
    target.extension = extensions
    target.unknown = conversion.unknown(source.unknown, path)
    return target
  }

  /// A component: its value as the Observation's; `interpretation` becomes extensions.
  mutating func component(_ source: FHIRR4.Observation.Component, _ path: String) -> FHIRDSTU2.Observation.Component {
    var target = FHIRDSTU2.Observation.Component(code: codeableConcept(source.code, path, "code"))
    target.id = source.id
    var extensions = self.extensions(source.extension, Self.join(path, "extension"))
    target.modifierExtension = self.extensions(source.modifierExtension, Self.join(path, "modifierExtension"))
    target.value = value(source.value, element: "Observation.component.value", path, &extensions)
    carry(
      source.interpretation, type: "CodeableConcept", element: "Observation.component.interpretation", path: path,
      key: "interpretation", into: &extensions)
    target.dataAbsentReason = codeableConcept(source.dataAbsentReason, path, "dataAbsentReason")
    target.referenceRange = source.referenceRange.enumerated().map {
      referenceRange($1, Self.join(path, "referenceRange", $0))
    }
    target.extension = extensions
    target.unknown = conversion.unknown(source.unknown, path)
    return target
  }
}

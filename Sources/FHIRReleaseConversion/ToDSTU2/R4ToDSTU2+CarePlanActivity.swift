import FHIRCore
import FHIRDSTU2
import FHIRR4

/// R4 `CarePlan.activity` → DSTU2: `outcomeReference` becomes `actionResulting`,
/// `outcomeCodeableConcept` becomes extensions; in `detail`, `doNotPerform` becomes
/// `prohibited` (default `false`, which DSTU2 requires), status `unknown` is implied,
/// `kind` and `instantiates*` become extensions and a carried `category` comes back.
extension R4ToDSTU2 {
  mutating func activity(_ source: FHIRR4.CarePlan.Activity, _ path: String) -> FHIRDSTU2.CarePlan.Activity {
    var target = FHIRDSTU2.CarePlan.Activity()
    target.id = source.id
    var extensions = self.extensions(source.extension, Self.join(path, "extension"))
    target.modifierExtension = self.extensions(source.modifierExtension, Self.join(path, "modifierExtension"))
    target.actionResulting = references(source.outcomeReference, path, "outcomeReference")
    carry(
      source.outcomeCodeableConcept, type: "CodeableConcept", element: "CarePlan.activity.outcomeCodeableConcept",
      path: path, key: "outcomeCodeableConcept", into: &extensions)
    target.progress = annotations(source.progress, path, "progress")
    target.reference = reference(source.reference, path, "reference")
    target.detail = source.detail.map { detail($0, Self.join(path, "detail")) }
    target.extension = extensions
    target.unknown = conversion.unknown(source.unknown, path)
    return target
  }

  mutating func detail(_ source: FHIRR4.CarePlan.Detail, _ path: String) -> FHIRDSTU2.CarePlan.Activity.Detail {
    var target = FHIRDSTU2.CarePlan.Activity.Detail(prohibited: keep(source.doNotPerform, path, "doNotPerform"))
    target.id = source.id
    var extensions = self.extensions(source.extension, Self.join(path, "extension"))
    target.modifierExtension = self.extensions(source.modifierExtension, Self.join(path, "modifierExtension"))
    target.category = conversion.restore(&extensions, element: "CarePlan.activity.detail.category").first
      .flatMap { restoredConcept($0, Self.join(path, "extension")) }
    if target.prohibited?.value == nil {
      target.prohibited = Primitive(
        FHIRBoolean(false), id: source.doNotPerform?.id, extension: source.doNotPerform?.extension ?? [])
      conversion.defaulted(Self.join(path, "prohibited"), "required in DSTU2; default false")
    }
    target.status = keep(
      conversion.mapCode(
        source.status, element: "CarePlan.activity.detail.status", map: ReleaseConverter.activityStatusToDSTU2,
        reverse: ReleaseConverter.activityStatusToR4, path: Self.join(path, "status"), extensions: &extensions,
        implied: ReleaseConverter.defaultActivityStatus))
    carry(
      source.kind, Extension.Value.code, element: "CarePlan.activity.detail.kind", path: path, key: "kind",
      into: &extensions)
    carry(
      source.instantiatesCanonical, Extension.Value.canonical,
      element: "CarePlan.activity.detail.instantiatesCanonical",
      path: path, key: "instantiatesCanonical", into: &extensions)
    carry(
      source.instantiatesUri, Extension.Value.uri, element: "CarePlan.activity.detail.instantiatesUri", path: path,
      key: "instantiatesUri", into: &extensions)
    target.code = codeableConcept(source.code, path, "code")
    target.reasonCode = codeableConcepts(source.reasonCode, path, "reasonCode")
    target.reasonReference = references(source.reasonReference, path, "reasonReference")
    target.goal = references(source.goal, path, "goal")
    target.statusReason = codeableConcept(source.statusReason, path, "statusReason")
    switch source.scheduled {
    case .timing(let timing)?: target.scheduled = .timing(self.timing(timing, Self.join(path, "scheduledTiming")))
    case .period(let period)?: target.scheduled = .period(self.period(period, Self.join(path, "scheduledPeriod")))
    case .string(let text)?: target.scheduled = .string(keep(one: text))
    case nil: break
    }
    target.location = reference(source.location, path, "location")
    target.performer = references(source.performer, path, "performer")
    switch source.product {
    case .codeableConcept(let product)?:
      target.product = .codeableConcept(codeableConcept(product, Self.join(path, "productCodeableConcept")))
    case .reference(let product)?: target.product = .reference(reference(product, Self.join(path, "productReference")))
    case nil: break
    }
    target.dailyAmount = quantity(source.dailyAmount, path, "dailyAmount")
    target.quantity = quantity(source.quantity, path, "quantity")
    target.description = keep(source.description, path, "description")
    target.extension = extensions
    target.unknown = conversion.unknown(source.unknown, path)
    return target
  }
}

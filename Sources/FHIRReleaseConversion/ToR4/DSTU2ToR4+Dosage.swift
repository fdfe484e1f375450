import FHIRCore
import FHIRDSTU2
import FHIRR4

/// `MedicationOrder.dosageInstruction` → R4 `Dosage`: `additionalInstructions` becomes a
/// list, `dose[x]` and `rate[x]` move into `doseAndRate[0]`, `siteCodeableConcept` becomes
/// `site` and `siteReference` an extension. `sequence`, `patientInstruction`,
/// `maxDosePerAdministration`, `maxDosePerLifetime`, further `additionalInstruction`s,
/// `doseAndRate.type` and a `rateQuantity` carried by the R4 → DSTU2 conversion come back.
extension DSTU2ToR4 {
  /// Converts one DSTU2 `dosageInstruction` at `path`.
  mutating func dosage(_ source: FHIRDSTU2.MedicationOrder.DosageInstruction, _ path: String) -> FHIRR4.Dosage {
    var target = FHIRR4.Dosage()
    target.id = source.id
    var extensions = extensionList(source.extension, Self.at(path, "extension"))
    target.modifierExtension = extensionList(source.modifierExtension, Self.at(path, "modifierExtension"))
    target.sequence = restore(&extensions, "Dosage.sequence", Self.integer).first
    target.text = primitive(source.text, path, "text")
    if let instructions = codeableConcept(source.additionalInstructions, path, "additionalInstructions") {
      target.additionalInstruction = [instructions]
    }
    target.additionalInstruction += restore(&extensions, "Dosage.additionalInstruction", as: FHIRR4.CodeableConcept.self)
    target.patientInstruction = restore(&extensions, "Dosage.patientInstruction", Self.string).first
    target.timing = one(source.timing, path, "timing") { $0.timing($1, $2) }
    switch source.asNeeded {
    case .boolean(let value)?: target.asNeeded = .boolean(primitive(value, path, "asNeededBoolean") ?? value)
    case .codeableConcept(let value)?: target.asNeeded = .codeableConcept(codeableConcept(value, Self.at(path, "asNeededCodeableConcept")))
    case nil: break
    }
    switch source.site {
    case .codeableConcept(let site)?:
      target.site = codeableConcept(site, Self.at(path, "siteCodeableConcept"))
    case .reference(let site)?:
      let sitePath = Self.at(path, "siteReference")
      conversion.carry(
        complex(reference(site, sitePath), "Reference"), element: "MedicationOrder.dosageInstruction.site", path: sitePath,
        into: &extensions)
    case nil: break
    }
    target.route = codeableConcept(source.route, path, "route")
    target.method = codeableConcept(source.method, path, "method")
    if let doseAndRate = doseAndRate(source, path, &extensions) { target.doseAndRate = [doseAndRate] }
    target.maxDosePerPeriod = one(source.maxDosePerPeriod, path, "maxDosePerPeriod") { $0.ratio($1, $2) }
    target.maxDosePerAdministration = restore(&extensions, "Dosage.maxDosePerAdministration", as: FHIRR4.Quantity.self).first
    target.maxDosePerLifetime = restore(&extensions, "Dosage.maxDosePerLifetime", as: FHIRR4.Quantity.self).first
    target.extension = extensions
    target.unknown = conversion.unknown(source.unknown, path)
    return target
  }

  /// The one `doseAndRate` of a DSTU2 dosage: its `dose[x]` and `rate[x]`, and the `type`
  /// and `rateQuantity` carried by the R4 → DSTU2 conversion; `nil` if there is none.
  mutating func doseAndRate(
    _ source: FHIRDSTU2.MedicationOrder.DosageInstruction, _ path: String, _ extensions: inout [Extension]
  ) -> FHIRR4.Dosage.DoseAndRate? {
    var target = FHIRR4.Dosage.DoseAndRate()
    switch source.dose {
    case .quantity(let dose)?: target.dose = .quantity(quantity(dose, Self.at(path, "doseQuantity")))
    case .range(let dose)?: target.dose = .range(range(dose, Self.at(path, "doseRange")))
    case nil: break
    }
    switch source.rate {
    case .ratio(let rate)?: target.rate = .ratio(ratio(rate, Self.at(path, "rateRatio")))
    case .range(let rate)?: target.rate = .range(range(rate, Self.at(path, "rateRange")))
    case nil: break
    }
    target.type = restore(&extensions, "Dosage.doseAndRate.type", as: FHIRR4.CodeableConcept.self).first
    if let rate = restore(&extensions, "Dosage.doseAndRate.rate", as: FHIRR4.Quantity.self).first {
      target.rate = .quantity(rate)
    }
    guard target.dose != nil || target.rate != nil || target.type != nil else { return nil }
    return target
  }
}

import FHIRCore
import FHIRDSTU2
import FHIRR4

/// R4 `Dosage` → DSTU2 `MedicationOrder.dosageInstruction`: the first
/// `additionalInstruction` becomes `additionalInstructions`, the first `doseAndRate` gives
/// `dose[x]` and `rate[x]` (its `type` and a `rateQuantity` become extensions, further
/// entries are dropped), `site` becomes `siteCodeableConcept`; `sequence`,
/// `patientInstruction`, `maxDosePerAdministration`, `maxDosePerLifetime` and further
/// additional instructions become extensions.
extension R4ToDSTU2 {
  mutating func dosage(_ source: FHIRR4.Dosage, _ path: String) -> FHIRDSTU2.MedicationOrder.DosageInstruction {
    var target = FHIRDSTU2.MedicationOrder.DosageInstruction()
    target.id = source.id
    var extensions = self.extensions(source.extension, Self.join(path, "extension"))
    target.modifierExtension = self.extensions(source.modifierExtension, Self.join(path, "modifierExtension"))
    target.text = keep(source.text, path, "text")
    let instructions = codeableConcepts(source.additionalInstruction, path, "additionalInstruction")
    target.additionalInstructions = instructions.first
    carry(
      source.sequence, Extension.Value.integer, element: "Dosage.sequence", path: path, key: "sequence",
      into: &extensions)
    carry(
      source.patientInstruction, Extension.Value.string, element: "Dosage.patientInstruction", path: path,
      key: "patientInstruction", into: &extensions)
    for key in ["maxDosePerAdministration", "maxDosePerLifetime"] {
      let value = key == "maxDosePerAdministration" ? source.maxDosePerAdministration : source.maxDosePerLifetime
      carry(value, type: "Quantity", element: "Dosage.\(key)", path: path, key: key, into: &extensions)
    }
    carry(
      Array(source.additionalInstruction.dropFirst()), type: "CodeableConcept", element: "Dosage.additionalInstruction",
      path: path, key: "additionalInstruction", into: &extensions)
    target.timing = source.timing.map { timing($0, Self.join(path, "timing")) }
    switch source.asNeeded {
    case .boolean(let value)?: target.asNeeded = .boolean(keep(one: value))
    case .codeableConcept(let concept)?:
      target.asNeeded = .codeableConcept(codeableConcept(concept, Self.join(path, "asNeededCodeableConcept")))
    case nil: break
    }
    target.site = site(source.site, path, &extensions)
    target.route = codeableConcept(source.route, path, "route")
    target.method = codeableConcept(source.method, path, "method")
    target.unknown = conversion.unknown(source.unknown, path)
    doseAndRate(source.doseAndRate, path, into: &target, &extensions)
    target.maxDosePerPeriod = source.maxDosePerPeriod.map { ratio($0, Self.join(path, "maxDosePerPeriod")) }
    target.extension = extensions
    return target
  }

  /// `site`: the R4 CodeableConcept, or the DSTU2 `siteReference` the reverse conversion carried.
  mutating func site(
    _ site: FHIRR4.CodeableConcept?, _ path: String, _ extensions: inout [Extension]
  ) -> FHIRDSTU2.ConceptOrReference? {
    let carried = conversion.restore(&extensions, element: "MedicationOrder.dosageInstruction.site")
    if let site { return .codeableConcept(codeableConcept(site, Self.join(path, "site"))) }
    return carried.first.flatMap { restoredConceptOrReference($0, Self.join(path, "extension")) }
  }

  /// The first `doseAndRate` entry into `dose[x]` and `rate[x]`; its `type` and a
  /// `rateQuantity` carried; its own `id` and extensions, and further entries, dropped; its unknown members join the dosage's.
  mutating func doseAndRate(
    _ entries: [FHIRR4.Dosage.DoseAndRate], _ path: String,
    into target: inout FHIRDSTU2.MedicationOrder.DosageInstruction,
    _ extensions: inout [Extension]
  ) {
    for (index, entry) in entries.enumerated() {
      let entryPath = Self.join(path, "doseAndRate", index)
      guard index == 0 else {
        conversion.dropped(entryPath, "DSTU2 has one dose and rate")
        continue
      }
      conversion.drop(entry.id, Self.join(entryPath, "id"), "no home in DSTU2")
      conversion.drop(entry.extension, Self.join(entryPath, "extension"), "no home in DSTU2")
      carry(
        entry.type, type: "CodeableConcept", element: "Dosage.doseAndRate.type", path: entryPath, key: "type",
        into: &extensions)
      switch entry.dose {
      case .quantity(let dose)?: target.dose = .quantity(quantity(dose, Self.join(entryPath, "doseQuantity")))
      case .range(let dose)?: target.dose = .range(range(dose, Self.join(entryPath, "doseRange")))
      case nil: break
      }
      switch entry.rate {
      case .ratio(let rate)?: target.rate = .ratio(ratio(rate, Self.join(entryPath, "rateRatio")))
      case .range(let rate)?: target.rate = .range(range(rate, Self.join(entryPath, "rateRange")))
      case .quantity(let rate)?:
        carry(
          rate, type: "Quantity", element: "Dosage.doseAndRate.rate", path: entryPath, key: "rateQuantity",
          into: &extensions)
      case nil: break
      }
      for member in conversion.unknown(entry.unknown, entryPath).members {
        target.unknown.append(key: member.key, value: member.value)
      }
    }
  }
}

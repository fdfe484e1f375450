import FHIRJSON

extension ReleaseConverter {
  /// R4 `Timing.repeat` elements with no DSTU2 home, and their types.
  static let repeatR4Only = [("countMax", "PositiveInt"), ("dayOfWeek", "Code"), ("timeOfDay", "Time"), ("offset", "UnsignedInt")]

  /// DSTU2 `Timing` → R4: `durationUnits` / `periodUnits` become `durationUnit` /
  /// `periodUnit`, `when` becomes a list, `boundsQuantity` becomes `boundsDuration`.
  static func timingToR4(_ timing: inout JSONObject, _ path: String, _ context: inout ConversionContext) {
    context.each(&timing, "repeat", path: path) { context, rep, _ in
      context.rename(&rep, "durationUnits", "durationUnit")
      context.rename(&rep, "periodUnits", "periodUnit")
      context.rename(&rep, "boundsQuantity", "boundsDuration")
      if let when = rep["when"], when.arrayValue == nil { rep["when"] = [when] }
      if let when = rep["_when"], when.arrayValue == nil { rep["_when"] = [when] }
      for (key, _) in repeatR4Only {
        context.restore(&rep, key, element: "Timing.repeat.\(key)", array: key == "dayOfWeek" || key == "timeOfDay")
      }
      context.restore(&rep, "when", element: "Timing.repeat.when", array: true)
    }
  }

  /// R4 `Timing` → DSTU2: the reverse of ``timingToR4(_:_:_:)``; a second and further
  /// `when`, `countMax`, `dayOfWeek`, `timeOfDay` and `offset` become extensions.
  static func timingToDSTU2(_ timing: inout JSONObject, _ path: String, _ context: inout ConversionContext) {
    context.each(&timing, "repeat", path: path) { context, rep, repPath in
      context.rename(&rep, "durationUnit", "durationUnits")
      context.rename(&rep, "periodUnit", "periodUnits")
      context.rename(&rep, "boundsDuration", "boundsQuantity")
      for (key, type) in repeatR4Only {
        context.carry(&rep, key, element: "Timing.repeat.\(key)", type: type, path: repPath)
      }
      whenToDSTU2(&rep, repPath, &context)
    }
  }


  /// R4 `Timing.repeat.when` (a list) → DSTU2 (one code): the first code DSTU2 knows stays;
  /// the other codes become extensions `Timing.repeat.when` (their `_when` data is
  /// dropped). When the code that stays was not the first, the round trip reorders the list.
  static func whenToDSTU2(_ rep: inout JSONObject, _ path: String, _ context: inout ConversionContext) {
    guard let when = rep["when"]?.arrayValue else { return }
    let twin = rep["_when"]?.arrayValue ?? []
    let kept = when.firstIndex { $0.stringValue.map(dstu2EventTimings.contains) ?? false }
    let rest = when.indices.filter { $0 != kept }
    rep["when"] = nil
    rep["_when"] = nil
    if !rest.isEmpty {
      rep["when"] = .array(rest.map { when[$0] })
      if rest.contains(where: { $0 < twin.count && twin[$0] != .null }) { rep["_when"] = .array(rest.map { _ in .null }) }
      context.carry(&rep, "when", element: "Timing.repeat.when", type: "Code", path: path)
    }
    guard let kept else { return }
    rep["when"] = when[kept]
    if kept < twin.count, twin[kept] != .null { rep["_when"] = twin[kept] }
    if kept != 0 {
      context.report.record(.reordered, path: ConversionContext.join(path, "when"), note: "the code DSTU2 knows comes first")
    }
  }

  /// DSTU2 `MedicationOrder.dosageInstruction` → R4 `Dosage`: `additionalInstructions`
  /// becomes a list, `dose[x]` and `rate[x]` move into `doseAndRate`, `siteReference`
  /// becomes an extension.
  static func dosageToR4(_ dosage: inout JSONObject, _ path: String, _ context: inout ConversionContext) {
    if let instructions = context.take(&dosage, "additionalInstructions") {
      dosage["additionalInstruction"] = instructions.arrayValue.map { .array($0) } ?? [instructions]
    }
    context.each(&dosage, "timing", path: path) { context, timing, timingPath in
      timingToR4(&timing, timingPath, &context)
    }
    context.rename(&dosage, "siteCodeableConcept", "site")
    context.carry(&dosage, "siteReference", element: "MedicationOrder.dosageInstruction.site", type: "Reference", path: path)
    var doseAndRate = JSONObject()
    for name in ["dose", "rate"] {
      if let (key, _) = context.choiceKey(dosage, name), let value = context.take(&dosage, key) { doseAndRate[key] = value }
    }
    if let (_, value) = takeCarried(&dosage, "Dosage.doseAndRate.type", &context) { doseAndRate["type"] = value }
    if let (type, value) = takeCarried(&dosage, "Dosage.doseAndRate.rate", &context) { doseAndRate["rate" + type] = value }
    if !doseAndRate.isEmpty { dosage["doseAndRate"] = [.object(doseAndRate)] }
    for (key, _) in dosageR4Only {
      context.restore(&dosage, key, element: "Dosage.\(key)", array: key == "additionalInstruction")
    }
  }

  /// R4 `Dosage` elements with no DSTU2 home, and their types.
  static let dosageR4Only = [
    ("sequence", "Integer"), ("patientInstruction", "String"), ("maxDosePerAdministration", "Quantity"),
    ("maxDosePerLifetime", "Quantity"), ("additionalInstruction", "CodeableConcept"),
  ]

  /// R4 `Dosage` → DSTU2 `dosageInstruction`: the reverse of ``dosageToR4(_:_:_:)``; the
  /// first `doseAndRate` gives `dose[x]` and `rate[x]` (a `rateQuantity` and the `type`
  /// become extensions, further entries are dropped).
  static func dosageToDSTU2(_ dosage: inout JSONObject, _ path: String, _ context: inout ConversionContext) {
    if let instructions = dosage["additionalInstruction"]?.arrayValue, let first = instructions.first {
      dosage["additionalInstruction"] = instructions.count > 1 ? .array(Array(instructions.dropFirst())) : nil
      dosage["additionalInstructions"] = first
    }
    for (key, type) in dosageR4Only {
      context.carry(&dosage, key, element: "Dosage.\(key)", type: type, path: path)
    }
    context.each(&dosage, "timing", path: path) { context, timing, timingPath in
      timingToDSTU2(&timing, timingPath, &context)
    }
    context.rename(&dosage, "site", "siteCodeableConcept")
    context.restoreChoice(&dosage, "site", element: "MedicationOrder.dosageInstruction.site")
    if let entries = context.take(&dosage, "doseAndRate")?.arrayValue {
      let listPath = ConversionContext.join(path, "doseAndRate")
      for (index, entry) in entries.enumerated() {
        guard var entry = entry.objectValue else { continue }
        let entryPath = ConversionContext.join(listPath, index)
        if index > 0 {
          context.report.record(.dropped, path: entryPath, note: "DSTU2 has one dose and rate")
          continue
        }
        if let type = context.take(&entry, "type") {
          context.appendExtension(&dosage, url: context.direction.carryPrefix + "Dosage.doseAndRate.type", value: ("valueCodeableConcept", type))
          context.report.record(.carriedAsExtension, path: ConversionContext.join(entryPath, "type"), note: "no home in DSTU2; extension-Dosage.doseAndRate.type")
        }
        if let rate = context.take(&entry, "rateQuantity") {
          context.appendExtension(&dosage, url: context.direction.carryPrefix + "Dosage.doseAndRate.rate", value: ("valueQuantity", rate))
          context.report.record(.carriedAsExtension, path: ConversionContext.join(entryPath, "rateQuantity"), note: "no home in DSTU2; extension-Dosage.doseAndRate.rate")
        }
        for member in entry.members { dosage[member.key] = member.value }
      }
    }
  }

  /// Takes the value of a cross-version extension the reverse conversion wrote.
  static func takeCarried(_ object: inout JSONObject, _ element: String, _ context: inout ConversionContext) -> (String, JSONValue)? {
    let taken = context.takeExtensions(&object, url: context.direction.restorePrefix + element)
    return taken.first.flatMap { context.extensionValue($0) }
  }
}

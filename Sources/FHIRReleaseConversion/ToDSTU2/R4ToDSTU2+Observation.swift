import FHIRCore
import FHIRDSTU2
import FHIRR4

/// R4 `Observation` → DSTU2: the first `category` and `interpretation` stay (further
/// ones become extensions), a plain first note becomes `comments`, `hasMember` and
/// `derivedFrom` become `related`, `referenceRange.type` becomes `meaning`; value and
/// effective types DSTU2 lacks, `basedOn`, `partOf`, `focus`, `referenceRange.appliesTo`
/// and `component.interpretation` become extensions; status `corrected` becomes `amended`.
extension R4ToDSTU2 {
  mutating func observation(_ source: FHIRR4.Observation, _ path: String) -> FHIRDSTU2.Observation {
    var target = FHIRDSTU2.Observation()
    var extensions = domainResource(source, path, into: &target)
    target.identifier = identifiers(source.identifier, path, "identifier")
    target.category = first(source.category, element: "Observation.category", path, "category", &extensions)
    target.interpretation = first(
      source.interpretation, element: "Observation.interpretation", path, "interpretation", &extensions)
    target.comments = note(source.note, path, element: "Observation.note", &extensions)
    target.related = related(source, path, &extensions)
    for (key, references) in [("basedOn", source.basedOn), ("partOf", source.partOf), ("focus", source.focus)] {
      carry(references, type: "Reference", element: "Observation.\(key)", path: path, key: key, into: &extensions)
    }
    switch source.effective {
    case .dateTime(let effective)?: target.effective = .dateTime(keep(one: effective))
    case .period(let effective)?: target.effective = .period(period(effective, Self.join(path, "effectivePeriod")))
    case .timing(let effective)?:
      carry(
        effective, type: "Timing", element: "Observation.effective", path: path, key: "effectiveTiming",
        into: &extensions)
    case .instant(let effective)?:
      carry(
        effective, Extension.Value.instant, element: "Observation.effective", path: path, key: "effectiveInstant",
        into: &extensions)
    case nil: break
    }
    target.value = value(source.value, element: "Observation.value", path, &extensions)
    target.status = keep(
      conversion.mapCode(
        source.status, element: "Observation.status", map: ReleaseConverter.observationStatusToDSTU2,
        reverse: ReleaseConverter.observationStatusToR4, path: Self.join(path, "status"), extensions: &extensions))
    target.code = Self.isAbsent(source.code) ? nil : codeableConcept(source.code, path, "code")
    target.subject = reference(source.subject, path, "subject")
    target.encounter = reference(source.encounter, path, "encounter")
    target.issued = keep(source.issued, path, "issued")
    target.performer = references(source.performer, path, "performer")
    target.dataAbsentReason = codeableConcept(source.dataAbsentReason, path, "dataAbsentReason")
    target.bodySite = codeableConcept(source.bodySite, path, "bodySite")
    target.method = codeableConcept(source.method, path, "method")
    target.specimen = reference(source.specimen, path, "specimen")
    target.device = reference(source.device, path, "device")
    target.referenceRange = source.referenceRange.enumerated().map {
      referenceRange($1, Self.join(path, "referenceRange", $0))
    }
    target.component = source.component.enumerated().map { component($1, Self.join(path, "component", $0)) }
    target.extension = extensions
    target.unknown = conversion.unknown(source.unknown, path)
    return target
  }

  /// The first of a CodeableConcept list; the others become extensions `element`.
  mutating func first(
    _ list: [FHIRR4.CodeableConcept], element: String, _ path: String, _ key: String, _ extensions: inout [Extension]
  ) -> FHIRDSTU2.CodeableConcept? {
    guard let first = list.first else { return nil }
    carry(Array(list.dropFirst()), type: "CodeableConcept", element: element, path: path, key: key, into: &extensions)
    return codeableConcept(first, Self.join(path, key, 0))
  }

  /// `related` from `hasMember` and `derivedFrom`, then the items of other types the
  /// reverse conversion carried.
  mutating func related(
    _ source: FHIRR4.Observation, _ path: String, _ extensions: inout [Extension]
  ) -> [FHIRDSTU2.Observation.Related] {
    var related: [FHIRDSTU2.Observation.Related] = []
    for (key, type) in [("hasMember", "has-member"), ("derivedFrom", "derived-from")] {
      let targets = key == "hasMember" ? source.hasMember : source.derivedFrom
      for (index, target) in targets.enumerated() {
        related.append(
          FHIRDSTU2.Observation.Related(
            type: Primitive(FHIRCode(uncheckedString: type)), target: reference(target, Self.join(path, key, index))))
      }
    }
    let extensionPath = Self.join(path, "extension")
    for children in conversion.restoreBackbones(&extensions, url: conversion.restoreURL("Observation.related")) {
      var item = FHIRDSTU2.Observation.Related()
      for (name, value) in children {
        switch (name, value) {
        case ("type", .code(let type)): item.type = type
        case ("target", _): item.target = restoredReference(value, extensionPath)
        default: conversion.dropped(extensionPath, "Observation.related member without a DSTU2 home")
        }
      }
      related.append(item)
    }
    return related
  }

  /// A value: the types DSTU2 has map over, `Boolean` and `Integer` become extensions
  /// `element`; a DSTU2 value the reverse conversion carried (`valueAttachment`) is put back.
  mutating func value(
    _ source: FHIRR4.Observation.Value?, element: String, _ path: String, _ extensions: inout [Extension]
  ) -> FHIRDSTU2.Observation.Value? {
    let carried = conversion.restore(&extensions, element: element).first
    var target: FHIRDSTU2.Observation.Value?
    switch source {
    case .quantity(let value)?: target = .quantity(quantity(value, Self.join(path, "valueQuantity")))
    case .codeableConcept(let value)?:
      target = .codeableConcept(codeableConcept(value, Self.join(path, "valueCodeableConcept")))
    case .string(let value)?: target = .string(keep(one: value))
    case .range(let value)?: target = .range(range(value, Self.join(path, "valueRange")))
    case .ratio(let value)?: target = .ratio(ratio(value, Self.join(path, "valueRatio")))
    case .sampledData(let value)?: target = .sampledData(sampledData(value, Self.join(path, "valueSampledData")))
    case .time(let value)?: target = .time(keep(one: value))
    case .dateTime(let value)?: target = .dateTime(keep(one: value))
    case .period(let value)?: target = .period(period(value, Self.join(path, "valuePeriod")))
    case .boolean(let value)?:
      carry(value, Extension.Value.boolean, element: element, path: path, key: "valueBoolean", into: &extensions)
    case .integer(let value)?:
      carry(value, Extension.Value.integer, element: element, path: path, key: "valueInteger", into: &extensions)
    case nil: break
    }
    guard let carried else { return target }
    guard target == nil, let attachment = restored(FHIRR4.Attachment.self, carried), carried.typeSuffix == "Attachment"
    else {
      conversion.dropped(Self.join(path, "extension"), "a carried value beside a value")
      return target
    }
    return .attachment(self.attachment(attachment, Self.join(path, "extension")))
  }
}

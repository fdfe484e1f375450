import FHIRCore
import FHIRDSTU2
import FHIRR4

/// `Observation`, DSTU2 → R4: `category` and `interpretation` become lists, `comments` a
/// note, `related` becomes `hasMember` / `derivedFrom` (other types an extension),
/// `referenceRange.meaning` becomes `type`, `valueAttachment` an extension; `status` and
/// `code` get defaults when missing. The R4-only elements carried by the R4 → DSTU2
/// conversion come back.
extension DSTU2ToR4 {
  /// Converts a DSTU2 `Observation` at `path`.
  mutating func observation(_ source: FHIRDSTU2.Observation, _ path: String) -> FHIRR4.Observation {
    var target = FHIRR4.Observation()
    var extensions = domainResource(source, path, into: &target)
    target.identifier = identifiers(source.identifier, path, "identifier")
    let concept = FHIRR4.CodeableConcept.self
    target.category = codeableConcept(source.category, path, "category").map { [$0] } ?? []
    target.category += restore(&extensions, "Observation.category", as: concept)
    target.interpretation = codeableConcept(source.interpretation, path, "interpretation").map { [$0] } ?? []
    target.interpretation += restore(&extensions, "Observation.interpretation", as: concept)
    if let comments = text(source.comments, path, "comments", as: FHIRMarkdown.self) {
      target.note = [FHIRR4.Annotation(text: comments)]
    }
    target.note += restore(&extensions, "Observation.note", as: FHIRR4.Annotation.self)
    related(source.related, path, into: &target, &extensions)
    target.basedOn = restore(&extensions, "Observation.basedOn", as: FHIRR4.Reference.self)
    target.partOf = restore(&extensions, "Observation.partOf", as: FHIRR4.Reference.self)
    target.focus = restore(&extensions, "Observation.focus", as: FHIRR4.Reference.self)
    switch source.effective {
    case .dateTime(let value)?: target.effective = .dateTime(primitive(value, path, "effectiveDateTime") ?? value)
    case .period(let value)?: target.effective = .period(period(value, Self.at(path, "effectivePeriod")))
    case nil: break
    }
    if let effective = conversion.restore(&extensions, element: "Observation.effective").first {
      if let value = Self.instant(effective) {
        target.effective = .instant(value)
      } else if let value = Self.dateTime(effective) {
        target.effective = .dateTime(value)
      } else if case .complex(let type, _) = effective, type == "Timing",
        let value = ModelConversion.model(FHIRR4.Timing.self, from: effective)
      {
        target.effective = .timing(value)
      } else if let value = ModelConversion.model(FHIRR4.Period.self, from: effective) {
        target.effective = .period(value)
      }
    }
    target.value = value(source.value, path, element: "Observation.value", &extensions)
    target.status = conversion.mapCode(
      primitive(source.status, path, "status"), element: "Observation.status",
      map: ReleaseConverter.observationStatusToR4, reverse: ReleaseConverter.observationStatusToDSTU2,
      path: Self.at(path, "status"), extensions: &extensions)
    target.status = required(target.status, default: "unknown", path, "status")
    target.code = required(codeableConcept(source.code, path, "code"), path, "code")
    target.subject = reference(source.subject, path, "subject")
    target.encounter = reference(source.encounter, path, "encounter")
    target.issued = primitive(source.issued, path, "issued")
    target.performer = references(source.performer, path, "performer")
    target.dataAbsentReason = codeableConcept(source.dataAbsentReason, path, "dataAbsentReason")
    target.bodySite = codeableConcept(source.bodySite, path, "bodySite")
    target.method = codeableConcept(source.method, path, "method")
    target.specimen = reference(source.specimen, path, "specimen")
    target.device = reference(source.device, path, "device")
    target.referenceRange = each(source.referenceRange, path, "referenceRange") { $0.referenceRange($1, $2) }
    target.component = each(source.component, path, "component") { $0.component($1, $2) }
    target.extension = extensions
    target.unknown = conversion.unknown(source.unknown, path)
    return target
  }

  /// `Observation.related`: `has-member` and `derived-from` items become `hasMember` and
  /// `derivedFrom` (their other members dropped), other items the extension
  /// `Observation.related`. When that regroups the list, it is reported as reordered.
  mutating func related(
    _ items: [FHIRDSTU2.Observation.Related], _ path: String, into target: inout FHIRR4.Observation,
    _ extensions: inout [Extension]
  ) {
    guard !items.isEmpty else { return }
    var groups: [Int] = []
    var carried: [(Int, FHIRDSTU2.Observation.Related)] = []
    for (index, item) in items.enumerated() {
      let itemPath = Self.at(path, "related", index)
      let type = item.type?.value?.string
      guard type == "has-member" || type == "derived-from", let reference = item.target else {
        carried.append((index, item))
        groups.append(2)
        continue
      }
      let converted = self.reference(reference, Self.at(itemPath, "target"))
      if type == "has-member" {
        groups.append(0)
        target.hasMember.append(converted)
      } else {
        groups.append(1)
        target.derivedFrom.append(converted)
      }
      var members = Self.backboneMembers(item.id, item.extension, item.modifierExtension, item.unknown)
      if item.type?.hasElementData == true { members.append("_type") }
      for member in members {
        conversion.dropped(Self.at(itemPath, member), "no home in R4")
      }
    }
    if groups != groups.sorted() {
      conversion.reordered(Self.at(path, "related"), "grouped by type")
    }
    for (index, item) in carried {
      let itemPath = Self.at(path, "related", index)
      var children: [(String, Extension.Value)] = []
      if let type = primitive(item.type, itemPath, "type") { children.append(("type", .code(type))) }
      if let reference = item.target {
        children.append(("target", complex(self.reference(reference, Self.at(itemPath, "target")), "Reference")))
      }
      conversion.carryBackbone(
        children, dropping: Self.backboneMembers(item.id, item.extension, item.modifierExtension, item.unknown),
        url: conversion.carryURL("Observation.related"), reportAs: "extension-Observation.related", path: itemPath,
        into: &extensions)
    }
  }

  /// `Observation.value[x]` (or `component.value[x]`) at `path`: `valueAttachment` (no R4
  /// home) is carried as the extension `element`; a value carried by the R4 → DSTU2
  /// conversion (`valueBoolean`, `valueInteger`) comes back.
  mutating func value(
    _ source: FHIRDSTU2.Observation.Value?, _ path: String, element: String, _ extensions: inout [Extension]
  ) -> FHIRR4.Observation.Value? {
    var target: FHIRR4.Observation.Value?
    switch source {
    case .quantity(let value)?: target = .quantity(quantity(value, Self.at(path, "valueQuantity")))
    case .codeableConcept(let value)?: target = .codeableConcept(codeableConcept(value, Self.at(path, "valueCodeableConcept")))
    case .string(let value)?: target = .string(primitive(value, path, "valueString") ?? value)
    case .range(let value)?: target = .range(range(value, Self.at(path, "valueRange")))
    case .ratio(let value)?: target = .ratio(ratio(value, Self.at(path, "valueRatio")))
    case .sampledData(let value)?: target = .sampledData(sampledData(value, Self.at(path, "valueSampledData")))
    case .time(let value)?: target = .time(primitive(value, path, "valueTime") ?? value)
    case .dateTime(let value)?: target = .dateTime(primitive(value, path, "valueDateTime") ?? value)
    case .period(let value)?: target = .period(period(value, Self.at(path, "valuePeriod")))
    case .attachment(let value)?:
      let valuePath = Self.at(path, "valueAttachment")
      conversion.carry(complex(attachment(value, valuePath), "Attachment"), element: element, path: valuePath, into: &extensions)
    case nil: break
    }
    if let carried = conversion.restore(&extensions, element: element).first, let value = Self.observationValue(carried) {
      target = value
    }
    return target
  }

  /// An R4 `Observation.value[x]` carried in an extension value.
  static func observationValue(_ value: Extension.Value) -> FHIRR4.Observation.Value? {
    switch value {
    case .boolean(let value): return .boolean(value)
    case .integer(let value): return .integer(value)
    case .string(let value): return .string(value)
    case .time(let value): return .time(value)
    case .dateTime(let value): return .dateTime(value)
    case .complex(let type, _):
      switch type {
      case "Quantity": return ModelConversion.model(FHIRR4.Quantity.self, from: value).map { .quantity($0) }
      case "CodeableConcept": return ModelConversion.model(FHIRR4.CodeableConcept.self, from: value).map { .codeableConcept($0) }
      case "Range": return ModelConversion.model(FHIRR4.Range.self, from: value).map { .range($0) }
      case "Ratio": return ModelConversion.model(FHIRR4.Ratio.self, from: value).map { .ratio($0) }
      case "SampledData": return ModelConversion.model(FHIRR4.SampledData.self, from: value).map { .sampledData($0) }
      case "Period": return ModelConversion.model(FHIRR4.Period.self, from: value).map { .period($0) }
      default: return nil
      }
    default: return nil
    }
  }

  /// `Observation.referenceRange`: `meaning` becomes `type`; `appliesTo` carried by the R4
  /// → DSTU2 conversion comes back.
  mutating func referenceRange(
    _ source: FHIRDSTU2.Observation.ReferenceRange, _ path: String
  ) -> FHIRR4.Observation.ReferenceRange {
    var target = FHIRR4.Observation.ReferenceRange()
    target.id = source.id
    var extensions = extensionList(source.extension, Self.at(path, "extension"))
    target.modifierExtension = extensionList(source.modifierExtension, Self.at(path, "modifierExtension"))
    target.low = quantity(source.low, path, "low")
    target.high = quantity(source.high, path, "high")
    target.type = codeableConcept(source.meaning, path, "meaning")
    target.appliesTo = restore(&extensions, "Observation.referenceRange.appliesTo", as: FHIRR4.CodeableConcept.self)
    target.age = one(source.age, path, "age") { $0.range($1, $2) }
    target.text = primitive(source.text, path, "text")
    target.extension = extensions
    target.unknown = conversion.unknown(source.unknown, path)
    return target
  }

  /// `Observation.component`: its value as ``value(_:_:element:_:)``; `interpretation`
  /// carried by the R4 → DSTU2 conversion comes back.
  mutating func component(_ source: FHIRDSTU2.Observation.Component, _ path: String) -> FHIRR4.Observation.Component {
    var target = FHIRR4.Observation.Component()
    target.id = source.id
    var extensions = extensionList(source.extension, Self.at(path, "extension"))
    target.modifierExtension = extensionList(source.modifierExtension, Self.at(path, "modifierExtension"))
    target.code = codeableConcept(source.code, path, "code")
    target.value = value(source.value, path, element: "Observation.component.value", &extensions)
    target.dataAbsentReason = codeableConcept(source.dataAbsentReason, path, "dataAbsentReason")
    target.interpretation = restore(&extensions, "Observation.component.interpretation", as: FHIRR4.CodeableConcept.self)
    target.referenceRange = each(source.referenceRange, path, "referenceRange") { $0.referenceRange($1, $2) }
    target.extension = extensions
    target.unknown = conversion.unknown(source.unknown, path)
    return target
  }
}

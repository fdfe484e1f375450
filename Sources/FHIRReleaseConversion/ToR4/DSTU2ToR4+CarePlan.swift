import FHIRCore
import FHIRDSTU2
import FHIRR4

/// `CarePlan`, DSTU2 → R4: `status` codes change (`proposed` → `draft`, `cancelled` →
/// `revoked`), `intent` defaults to `plan`, `context` becomes `encounter`, the first
/// `author` stays and the others become `contributor`, `support` becomes
/// `supportingInfo`, `relatedPlan` of code `replaces` becomes `replaces`; `modified`,
/// other related plans and `participant` become extensions. The R4-only elements carried
/// by the R4 → DSTU2 conversion come back.
extension DSTU2ToR4 {
  /// Converts a DSTU2 `CarePlan` at `path`.
  mutating func carePlan(_ source: FHIRDSTU2.CarePlan, _ path: String) -> FHIRR4.CarePlan {
    var target = FHIRR4.CarePlan()
    var extensions = domainResource(source, path, into: &target)
    target.identifier = identifiers(source.identifier, path, "identifier")
    target.status = conversion.mapCode(
      primitive(source.status, path, "status"), element: "CarePlan.status", map: ReleaseConverter.carePlanStatusToR4,
      reverse: ReleaseConverter.carePlanStatusToDSTU2, path: Self.at(path, "status"), extensions: &extensions)
    target.status = required(target.status, default: "unknown", path, "status")
    target.intent = restore(&extensions, "CarePlan.intent", Self.code).first
      ?? required(nil, default: ReleaseConverter.defaultCarePlanIntent, path, "intent")
    target.subject = required(reference(source.subject, path, "subject"), path, "subject")
    target.encounter = reference(source.context, path, "context")
    target.period = period(source.period, path, "period")
    let authors = references(source.author, path, "author")
    target.author = authors.first
    target.contributor = Array(authors.dropFirst())
    if let modified = primitive(source.modified, path, "modified") {
      conversion.carry(.dateTime(modified), element: "CarePlan.modified", path: Self.at(path, "modified"), into: &extensions)
    }
    target.category = codeableConcepts(source.category, path, "category")
    target.description = primitive(source.description, path, "description")
    target.addresses = references(source.addresses, path, "addresses")
    target.supportingInfo = references(source.support, path, "support")
    relatedPlans(source.relatedPlan, path, into: &target, &extensions)
    for (index, participant) in source.participant.enumerated() {
      self.participant(participant, Self.at(path, "participant", index), into: &extensions)
    }
    target.goal = references(source.goal, path, "goal")
    target.activity = each(source.activity, path, "activity") { $0.activity($1, $2) }
    if let note = one(source.note, path, "note", { $0.annotation($1, $2) }) { target.note = [note] }
    target.note += restore(&extensions, "CarePlan.note", as: FHIRR4.Annotation.self)
    let reference = FHIRR4.Reference.self
    target.instantiatesCanonical = restore(&extensions, "CarePlan.instantiatesCanonical", Self.uri)
    target.instantiatesUri = restore(&extensions, "CarePlan.instantiatesUri", Self.uri)
    target.basedOn = restore(&extensions, "CarePlan.basedOn", as: reference)
    target.partOf = restore(&extensions, "CarePlan.partOf", as: reference)
    target.title = restore(&extensions, "CarePlan.title", Self.string).first
    target.created = restore(&extensions, "CarePlan.created", Self.dateTime).first
    target.careTeam = restore(&extensions, "CarePlan.careTeam", as: reference)
    target.extension = extensions
    target.unknown = conversion.unknown(source.unknown, path)
    return target
  }

  /// `CarePlan.relatedPlan`: an item of code `replaces` with a plan and nothing else
  /// becomes `replaces`; the others become the extension `CarePlan.relatedPlan`.
  mutating func relatedPlans(
    _ items: [FHIRDSTU2.CarePlan.RelatedPlan], _ path: String, into target: inout FHIRR4.CarePlan,
    _ extensions: inout [Extension]
  ) {
    for (index, item) in items.enumerated() {
      let itemPath = Self.at(path, "relatedPlan", index)
      let plainReplaces =
        item.code?.value?.string == "replaces" && item.code?.hasElementData == false && item.plan != nil
        && Self.backboneMembers(item.id, item.extension, item.modifierExtension, item.unknown).isEmpty
      if plainReplaces, let plan = item.plan {
        target.replaces.append(reference(plan, Self.at(itemPath, "plan")))
        continue
      }
      var children: [(String, Extension.Value)] = []
      if let code = primitive(item.code, itemPath, "code") { children.append(("code", .code(code))) }
      if let plan = item.plan { children.append(("plan", complex(reference(plan, Self.at(itemPath, "plan")), "Reference"))) }
      conversion.carryBackbone(
        children, dropping: Self.backboneMembers(item.id, item.extension, item.modifierExtension, item.unknown),
        url: conversion.carryURL("CarePlan.relatedPlan"), reportAs: "extension-CarePlan.relatedPlan", path: itemPath,
        into: &extensions)
    }
  }

  /// `CarePlan.participant` (no R4 home) → the extension `CarePlan.participant`.
  mutating func participant(_ item: FHIRDSTU2.CarePlan.Participant, _ path: String, into extensions: inout [Extension]) {
    var children: [(String, Extension.Value)] = []
    if let role = item.role { children.append(("role", complex(codeableConcept(role, Self.at(path, "role")), "CodeableConcept"))) }
    if let member = item.member { children.append(("member", complex(reference(member, Self.at(path, "member")), "Reference"))) }
    conversion.carryBackbone(
      children, dropping: Self.backboneMembers(item.id, item.extension, item.modifierExtension, item.unknown),
      url: conversion.carryURL("CarePlan.participant"), reportAs: "extension-CarePlan.participant", path: path,
      into: &extensions)
  }

  /// `CarePlan.activity`: `actionResulting` becomes `outcomeReference`;
  /// `outcomeCodeableConcept` carried by the R4 → DSTU2 conversion comes back.
  mutating func activity(_ source: FHIRDSTU2.CarePlan.Activity, _ path: String) -> FHIRR4.CarePlan.Activity {
    var target = FHIRR4.CarePlan.Activity()
    target.id = source.id
    var extensions = extensionList(source.extension, Self.at(path, "extension"))
    target.modifierExtension = extensionList(source.modifierExtension, Self.at(path, "modifierExtension"))
    target.outcomeCodeableConcept = restore(&extensions, "CarePlan.activity.outcomeCodeableConcept", as: FHIRR4.CodeableConcept.self)
    target.outcomeReference = references(source.actionResulting, path, "actionResulting")
    target.progress = each(source.progress, path, "progress") { $0.annotation($1, $2) }
    target.reference = reference(source.reference, path, "reference")
    target.detail = one(source.detail, path, "detail") { $0.detail($1, $2) }
    target.extension = extensions
    target.unknown = conversion.unknown(source.unknown, path)
    return target
  }

  /// `CarePlan.activity.detail`: `category` becomes an extension, `prohibited` becomes
  /// `doNotPerform` (left out when `false`, its meaning when absent), `status` is required
  /// in R4 (default `unknown`); `kind`, `instantiatesCanonical` and `instantiatesUri`
  /// carried by the R4 → DSTU2 conversion come back.
  mutating func detail(_ source: FHIRDSTU2.CarePlan.Activity.Detail, _ path: String) -> FHIRR4.CarePlan.Detail {
    var target = FHIRR4.CarePlan.Detail()
    target.id = source.id
    var extensions = extensionList(source.extension, Self.at(path, "extension"))
    target.modifierExtension = extensionList(source.modifierExtension, Self.at(path, "modifierExtension"))
    if let category = codeableConcept(source.category, path, "category") {
      conversion.carry(
        complex(category, "CodeableConcept"), element: "CarePlan.activity.detail.category",
        path: Self.at(path, "category"), into: &extensions)
    }
    target.kind = restore(&extensions, "CarePlan.activity.detail.kind", Self.code).first
    target.instantiatesCanonical = restore(&extensions, "CarePlan.activity.detail.instantiatesCanonical", Self.uri)
    target.instantiatesUri = restore(&extensions, "CarePlan.activity.detail.instantiatesUri", Self.uri)
    target.code = codeableConcept(source.code, path, "code")
    target.reasonCode = codeableConcepts(source.reasonCode, path, "reasonCode")
    target.reasonReference = references(source.reasonReference, path, "reasonReference")
    target.goal = references(source.goal, path, "goal")
    target.status = conversion.mapCode(
      primitive(source.status, path, "status"), element: "CarePlan.activity.detail.status",
      map: ReleaseConverter.activityStatusToR4, reverse: ReleaseConverter.activityStatusToDSTU2,
      path: Self.at(path, "status"), extensions: &extensions)
    target.status = required(target.status, default: ReleaseConverter.defaultActivityStatus, path, "status")
    target.statusReason = codeableConcept(source.statusReason, path, "statusReason")
    if let prohibited = source.prohibited, prohibited.value?.bool == false, !prohibited.hasElementData {
      conversion.report.record(
        .implied, path: Self.at(path, "doNotPerform"), note: "false is the meaning of an absent doNotPerform")
    } else {
      target.doNotPerform = primitive(source.prohibited, path, "prohibited")
    }
    switch source.scheduled {
    case .timing(let value)?: target.scheduled = .timing(timing(value, Self.at(path, "scheduledTiming")))
    case .period(let value)?: target.scheduled = .period(period(value, Self.at(path, "scheduledPeriod")))
    case .string(let value)?: target.scheduled = .string(primitive(value, path, "scheduledString") ?? value)
    case nil: break
    }
    target.location = reference(source.location, path, "location")
    target.performer = references(source.performer, path, "performer")
    switch source.product {
    case .codeableConcept(let value)?: target.product = .codeableConcept(codeableConcept(value, Self.at(path, "productCodeableConcept")))
    case .reference(let value)?: target.product = .reference(reference(value, Self.at(path, "productReference")))
    case nil: break
    }
    target.dailyAmount = quantity(source.dailyAmount, path, "dailyAmount")
    target.quantity = quantity(source.quantity, path, "quantity")
    target.description = primitive(source.description, path, "description")
    target.extension = extensions
    target.unknown = conversion.unknown(source.unknown, path)
    return target
  }
}

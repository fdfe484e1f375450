import FHIRCore
import FHIRDSTU2
import FHIRR4

/// R4 `CarePlan` → DSTU2: status through ``ReleaseConverter/carePlanStatusToDSTU2``,
/// intent `plan` implied (others carried), `encounter` → `context`, `author` and
/// `contributor` → `author`, `supportingInfo` → `support`, `replaces` → `relatedPlan`;
/// the first note stays; elements DSTU2 lacks become extensions, and the DSTU2 elements
/// the reverse conversion carried (`modified`, `relatedPlan`, `participant`) come back.
extension R4ToDSTU2 {
  mutating func carePlan(_ source: FHIRR4.CarePlan, _ path: String) -> FHIRDSTU2.CarePlan {
    var target = FHIRDSTU2.CarePlan()
    var extensions = domainResource(source, path, into: &target)
    target.identifier = identifiers(source.identifier, path, "identifier")
    target.status = keep(
      conversion.mapCode(
        source.status, element: "CarePlan.status", map: ReleaseConverter.carePlanStatusToDSTU2,
        reverse: ReleaseConverter.carePlanStatusToR4, path: Self.join(path, "status"), extensions: &extensions))
    if source.intent?.value?.string == ReleaseConverter.defaultCarePlanIntent {
      conversion.implied(Self.join(path, "intent"))
    } else {
      carry(
        source.intent, Extension.Value.code, element: "CarePlan.intent", path: path, key: "intent", into: &extensions)
    }
    target.subject = Self.isAbsent(source.subject) ? nil : reference(source.subject, path, "subject")
    target.context = reference(source.encounter, path, "encounter")
    target.period = period(source.period, path, "period")
    target.author =
      (reference(source.author, path, "author").map { [$0] } ?? [])
      + references(source.contributor, path, "contributor")
    if case .dateTime(let modified)? = conversion.restore(&extensions, element: "CarePlan.modified").first {
      target.modified = modified
    }
    target.category = codeableConcepts(source.category, path, "category")
    target.description = keep(source.description, path, "description")
    target.addresses = references(source.addresses, path, "addresses")
    target.support = references(source.supportingInfo, path, "supportingInfo")
    target.relatedPlan = relatedPlans(source.replaces, path, &extensions)
    target.participant = participants(path, &extensions)
    target.goal = references(source.goal, path, "goal")
    target.activity = source.activity.enumerated().map { activity($1, Self.join(path, "activity", $0)) }
    target.note = source.note.first.map { annotation($0, Self.join(path, "note", 0)) }
    carry(
      Array(source.note.dropFirst()), type: "Annotation", element: "CarePlan.note", path: path, key: "note",
      into: &extensions)
    carePlanOnly(source, path, &extensions)
    target.extension = extensions
    target.unknown = conversion.unknown(source.unknown, path)
    return target
  }

  /// The CarePlan elements DSTU2 lacks, as extensions `CarePlan.<name>`.
  mutating func carePlanOnly(_ source: FHIRR4.CarePlan, _ path: String, _ extensions: inout [Extension]) {
    carry(
      source.instantiatesCanonical, Extension.Value.canonical, element: "CarePlan.instantiatesCanonical", path: path,
      key: "instantiatesCanonical", into: &extensions)
    carry(
      source.instantiatesUri, Extension.Value.uri, element: "CarePlan.instantiatesUri", path: path,
      key: "instantiatesUri",
      into: &extensions)
    carry(source.basedOn, type: "Reference", element: "CarePlan.basedOn", path: path, key: "basedOn", into: &extensions)
    carry(source.partOf, type: "Reference", element: "CarePlan.partOf", path: path, key: "partOf", into: &extensions)
    carry(source.title, Extension.Value.string, element: "CarePlan.title", path: path, key: "title", into: &extensions)
    carry(
      source.created, Extension.Value.dateTime, element: "CarePlan.created", path: path, key: "created",
      into: &extensions)
    carry(
      source.careTeam, type: "Reference", element: "CarePlan.careTeam", path: path, key: "careTeam", into: &extensions)
  }

  /// `relatedPlan`: the `replaces` references, then the plans of other codes the
  /// reverse conversion carried.
  mutating func relatedPlans(
    _ replaces: [FHIRR4.Reference], _ path: String, _ extensions: inout [Extension]
  ) -> [FHIRDSTU2.CarePlan.RelatedPlan] {
    var plans = replaces.enumerated().map { index, plan in
      FHIRDSTU2.CarePlan.RelatedPlan(
        code: Primitive(FHIRCode(uncheckedString: "replaces")),
        plan: reference(plan, Self.join(path, "replaces", index)))
    }
    let extensionPath = Self.join(path, "extension")
    for children in conversion.restoreBackbones(&extensions, url: conversion.restoreURL("CarePlan.relatedPlan")) {
      var plan = FHIRDSTU2.CarePlan.RelatedPlan()
      for (name, value) in children {
        switch (name, value) {
        case ("code", .code(let code)): plan.code = code
        case ("plan", _): plan.plan = restoredReference(value, extensionPath)
        default: conversion.dropped(extensionPath, "CarePlan.relatedPlan member without a DSTU2 home")
        }
      }
      plans.append(plan)
    }
    return plans
  }

  /// `participant`, carried by the reverse conversion.
  mutating func participants(_ path: String, _ extensions: inout [Extension]) -> [FHIRDSTU2.CarePlan.Participant] {
    let extensionPath = Self.join(path, "extension")
    return conversion.restoreBackbones(&extensions, url: conversion.restoreURL("CarePlan.participant")).map {
      children in
      var participant = FHIRDSTU2.CarePlan.Participant()
      for (name, value) in children {
        switch name {
        case "role": participant.role = restoredConcept(value, extensionPath)
        case "member": participant.member = restoredReference(value, extensionPath)
        default: conversion.dropped(extensionPath, "CarePlan.participant member without a DSTU2 home")
        }
      }
      return participant
    }
  }
}

import FHIRJSON

extension ReleaseConverter {


  static let carePlanR4Only = [
    ("instantiatesCanonical", "Canonical"), ("instantiatesUri", "Uri"), ("basedOn", "Reference"), ("partOf", "Reference"),
    ("title", "String"), ("created", "DateTime"), ("careTeam", "Reference"),
  ]
  static let carePlanR4Lists: Set<String> = ["instantiatesCanonical", "instantiatesUri", "basedOn", "partOf", "careTeam"]
  static let relatedPlanChildren = [("code", "Code"), ("plan", "Reference")]
  static let participantChildren = [("role", "CodeableConcept"), ("member", "Reference")]

  /// DSTU2 `CarePlan` → R4.
  static func carePlanToR4(_ object: inout JSONObject, _ path: String, _ context: inout ConversionContext) {
    context.mapCode(
      &object, "status", element: "CarePlan.status", map: carePlanStatusToR4, reverse: carePlanStatusToDSTU2, path: path)
    defaultCode(&object, "status", "unknown", path, &context)
    if !context.restore(&object, "intent", element: "CarePlan.intent") {
      defaultCode(&object, "intent", defaultCarePlanIntent, path, &context)
    }
    defaultAbsent(&object, "subject", path, &context)
    context.rename(&object, "context", "encounter")
    if let authors = object["author"]?.arrayValue, let first = authors.first {
      object["author"] = first
      if authors.count > 1 { object["contributor"] = .array(Array(authors.dropFirst())) }
    }
    context.carry(&object, "modified", element: "CarePlan.modified", type: "DateTime", path: path)
    context.rename(&object, "support", "supportingInfo")
    if let plans = context.take(&object, "relatedPlan")?.arrayValue {
      var carried: [(Int?, JSONObject)] = []
      for (index, plan) in plans.enumerated() {
        guard let plan = plan.objectValue else { continue }
        if plan["code"]?.stringValue == "replaces", let target = plan["plan"], plan.count == 2 {
          object["replaces"] = .array((object["replaces"]?.arrayValue ?? []) + [target])
        } else {
          carried.append((index, plan))
        }
      }
      context.carryBackbone(
        &object, items: carried, url: context.direction.carryPrefix + "CarePlan.relatedPlan", children: relatedPlanChildren,
        path: path, key: "relatedPlan", reportAs: "extension-CarePlan.relatedPlan")
    }
    if let participants = context.take(&object, "participant")?.arrayValue {
      context.carryBackbone(
        &object, items: participants.enumerated().compactMap { index, item in item.objectValue.map { (index, $0) } },
        url: context.direction.carryPrefix + "CarePlan.participant", children: participantChildren, path: path,
        key: "participant", reportAs: "extension-CarePlan.participant")
    }
    if let note = object["note"], note.arrayValue == nil { object["note"] = [note] }
    context.restore(&object, "note", element: "CarePlan.note", array: true)
    for (key, _) in carePlanR4Only {
      context.restore(&object, key, element: "CarePlan.\(key)", array: carePlanR4Lists.contains(key))
    }
    context.each(&object, "activity", path: path) { context, activity, activityPath in
      context.rename(&activity, "actionResulting", "outcomeReference")
      context.restore(&activity, "outcomeCodeableConcept", element: "CarePlan.activity.outcomeCodeableConcept", array: true)
      context.each(&activity, "detail", path: activityPath) { context, detail, detailPath in
        context.carry(&detail, "category", element: "CarePlan.activity.detail.category", type: "CodeableConcept", path: detailPath)
        if detail["prohibited"] == false, detail["_prohibited"] == nil {
          detail["prohibited"] = nil
          context.report.record(.implied, path: ConversionContext.join(detailPath, "doNotPerform"), note: "false is the meaning of an absent doNotPerform")
        }
        context.rename(&detail, "prohibited", "doNotPerform")
        context.mapCode(
          &detail, "status", element: "CarePlan.activity.detail.status", map: activityStatusToR4,
          reverse: activityStatusToDSTU2, path: detailPath)
        defaultCode(&detail, "status", defaultActivityStatus, detailPath, &context)
        context.restore(&detail, "kind", element: "CarePlan.activity.detail.kind")
        context.restore(&detail, "instantiatesCanonical", element: "CarePlan.activity.detail.instantiatesCanonical", array: true)
        context.restore(&detail, "instantiatesUri", element: "CarePlan.activity.detail.instantiatesUri", array: true)
        context.each(&detail, "scheduledTiming", path: detailPath) { context, timing, timingPath in
          timingToR4(&timing, timingPath, &context)
        }
      }
    }
  }

  /// R4 `CarePlan` → DSTU2: the reverse of ``carePlanToR4(_:_:_:)``.
  static func carePlanToDSTU2(_ object: inout JSONObject, _ path: String, _ context: inout ConversionContext) {
    context.mapCode(
      &object, "status", element: "CarePlan.status", map: carePlanStatusToDSTU2, reverse: carePlanStatusToR4, path: path)
    if object["intent"]?.stringValue == defaultCarePlanIntent {
      object["intent"] = nil
      object["_intent"] = nil
      context.report.record(.implied, path: ConversionContext.join(path, "intent"), note: "the default the reverse conversion sets")
    }
    context.carry(&object, "intent", element: "CarePlan.intent", type: "Code", path: path)
    removeAbsent(&object, "subject")
    context.rename(&object, "encounter", "context")
    var authors: [JSONValue] = []
    if let author = context.take(&object, "author") { authors.append(author) }
    authors += context.take(&object, "contributor")?.arrayValue ?? []
    if !authors.isEmpty { object["author"] = .array(authors) }
    context.restore(&object, "modified", element: "CarePlan.modified")
    context.rename(&object, "supportingInfo", "support")
    var plans: [JSONValue] = (context.take(&object, "replaces")?.arrayValue ?? []).map { .object(["code": "replaces", "plan": $0]) }
    plans += context.restoreBackbone(&object, url: context.direction.restorePrefix + "CarePlan.relatedPlan").map { .object($0) }
    if !plans.isEmpty { object["relatedPlan"] = .array(plans) }
    let participants = context.restoreBackbone(&object, url: context.direction.restorePrefix + "CarePlan.participant")
    if !participants.isEmpty { object["participant"] = .array(participants.map { .object($0) }) }
    firstOfList(&object, "note", element: "CarePlan.note", type: "Annotation", path, &context)
    for (key, type) in carePlanR4Only {
      context.carry(&object, key, element: "CarePlan.\(key)", type: type, path: path)
    }
    context.each(&object, "activity", path: path) { context, activity, activityPath in
      context.rename(&activity, "outcomeReference", "actionResulting")
      context.carry(&activity, "outcomeCodeableConcept", element: "CarePlan.activity.outcomeCodeableConcept", type: "CodeableConcept", path: activityPath)
      context.each(&activity, "detail", path: activityPath) { context, detail, detailPath in
        context.restore(&detail, "category", element: "CarePlan.activity.detail.category")
        context.rename(&detail, "doNotPerform", "prohibited")
        if detail["prohibited"] == nil {
          detail["prohibited"] = false
          context.report.record(.defaulted, path: ConversionContext.join(detailPath, "prohibited"), note: "required in DSTU2; default false")
        }
        context.mapCode(
          &detail, "status", element: "CarePlan.activity.detail.status", map: activityStatusToDSTU2,
          reverse: activityStatusToR4, path: detailPath, implied: defaultActivityStatus)
        context.carry(&detail, "kind", element: "CarePlan.activity.detail.kind", type: "Code", path: detailPath)
        context.carry(&detail, "instantiatesCanonical", element: "CarePlan.activity.detail.instantiatesCanonical", type: "Canonical", path: detailPath)
        context.carry(&detail, "instantiatesUri", element: "CarePlan.activity.detail.instantiatesUri", type: "Uri", path: detailPath)
        context.each(&detail, "scheduledTiming", path: detailPath) { context, timing, timingPath in
          timingToDSTU2(&timing, timingPath, &context)
        }
      }
    }
  }
}

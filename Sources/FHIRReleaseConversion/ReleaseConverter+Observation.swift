import FHIRJSON

extension ReleaseConverter {

  static let relatedChildren = [("type", "Code"), ("target", "Reference")]
  static let observationValueTypesDSTU2: Set<String> = [
    "Quantity", "CodeableConcept", "String", "Range", "Ratio", "SampledData", "Attachment", "Time", "DateTime", "Period",
  ]
  static let observationValueTypesR4: Set<String> = [
    "Quantity", "CodeableConcept", "String", "Boolean", "Integer", "Range", "Ratio", "SampledData", "Time", "DateTime", "Period",
  ]

  /// DSTU2 `Observation` → R4: `category`, `interpretation` become lists, `comments` a
  /// note, `related` becomes `hasMember` / `derivedFrom` (other types an extension),
  /// `referenceRange.meaning` becomes `type`, `valueAttachment` an extension.
  static func observationToR4(_ object: inout JSONObject, _ path: String, _ context: inout ConversionContext) {
    for key in ["category", "interpretation"] {
      if let value = object[key], value.arrayValue == nil { object[key] = [value] }
      context.restore(&object, key, element: "Observation.\(key)", array: true)
    }
    let twin = object["_comments"]
    if let comments = context.take(&object, "comments") {
      var annotation: JSONObject = ["text": comments]
      if let twin { annotation["_text"] = twin }
      object["note"] = [.object(annotation)]
    }
    context.restore(&object, "note", element: "Observation.note", array: true)
    if let related = context.take(&object, "related")?.arrayValue {
      var groups: [Int] = []
      var carried: [(Int?, JSONObject)] = []
      for (index, item) in related.enumerated() {
        guard var item = item.objectValue else { continue }
        let type = item["type"]?.stringValue
        let key = type == "has-member" ? "hasMember" : type == "derived-from" ? "derivedFrom" : nil
        guard let key, let target = item["target"] else {
          carried.append((index, item))
          groups.append(2)
          continue
        }
        groups.append(key == "hasMember" ? 0 : 1)
        object[key] = .array((object[key]?.arrayValue ?? []) + [target])
        item["type"] = nil
        item["target"] = nil
        let itemPath = ConversionContext.join(ConversionContext.join(path, "related"), index)
        for member in item.members {
          context.report.record(.dropped, path: ConversionContext.join(itemPath, member.key), note: "no home in R4")
        }
      }
      if groups != groups.sorted() {
        context.report.record(.reordered, path: ConversionContext.join(path, "related"), note: "grouped by type")
      }
      context.carryBackbone(
        &object, items: carried, url: context.direction.carryPrefix + "Observation.related", children: relatedChildren,
        path: path, key: "related", reportAs: "extension-Observation.related")
    }
    for key in ["basedOn", "partOf", "focus"] {
      context.restore(&object, key, element: "Observation.\(key)", array: true)
    }
    context.restoreChoice(&object, "effective", element: "Observation.effective")
    context.carryChoice(&object, "value", element: "Observation.value", allowedTypes: observationValueTypesR4, path: path)
    context.restoreChoice(&object, "value", element: "Observation.value")
    context.mapCode(
      &object, "status", element: "Observation.status", map: observationStatusToR4, reverse: observationStatusToDSTU2, path: path)
    defaultCode(&object, "status", "unknown", path, &context)
    defaultAbsent(&object, "code", path, &context)
    context.each(&object, "referenceRange", path: path) { context, range, rangePath in
      referenceRangeToR4(&range, rangePath, &context)
    }
    context.each(&object, "component", path: path) { context, component, componentPath in
      context.carryChoice(
        &component, "value", element: "Observation.component.value", allowedTypes: observationValueTypesR4, path: componentPath)
      context.restoreChoice(&component, "value", element: "Observation.component.value")
      context.restore(&component, "interpretation", element: "Observation.component.interpretation", array: true)
      context.each(&component, "referenceRange", path: componentPath) { context, range, rangePath in
        referenceRangeToR4(&range, rangePath, &context)
      }
    }
  }

  static func referenceRangeToR4(_ range: inout JSONObject, _ path: String, _ context: inout ConversionContext) {
    context.rename(&range, "meaning", "type")
    context.restore(&range, "appliesTo", element: "Observation.referenceRange.appliesTo", array: true)
  }

  static func referenceRangeToDSTU2(_ range: inout JSONObject, _ path: String, _ context: inout ConversionContext) {
    context.rename(&range, "type", "meaning")
    context.carry(&range, "appliesTo", element: "Observation.referenceRange.appliesTo", type: "CodeableConcept", path: path)
  }

  /// Moves all but the first element of the list `key` into extensions and makes the first the single value.
  static func firstOfList(_ object: inout JSONObject, _ key: String, element: String, type: String, _ path: String, _ context: inout ConversionContext) {
    guard let list = object[key]?.arrayValue, let first = list.first else { return }
    let rest = Array(list.dropFirst())
    if !rest.isEmpty {
      object[key] = .array(rest)
      context.carry(&object, key, element: element, type: type, path: path)
    }
    object[key] = first
  }

  /// R4 `Observation` → DSTU2: the reverse of ``observationToR4(_:_:_:)``.
  static func observationToDSTU2(_ object: inout JSONObject, _ path: String, _ context: inout ConversionContext) {
    for key in ["category", "interpretation"] {
      firstOfList(&object, key, element: "Observation.\(key)", type: "CodeableConcept", path, &context)
    }
    if let notes = object["note"]?.arrayValue, let first = notes.first?.objectValue,
      Set(first.keys).isSubset(of: ["text", "_text"])
    {
      object["note"] = notes.count > 1 ? .array(Array(notes.dropFirst())) : nil
      object["comments"] = first["text"]
      object["_comments"] = first["_text"]
    }
    context.carry(&object, "note", element: "Observation.note", type: "Annotation", path: path)
    var related: [JSONValue] = []
    for (key, type) in [("hasMember", "has-member"), ("derivedFrom", "derived-from")] {
      for target in context.take(&object, key)?.arrayValue ?? [] {
        related.append(.object(["type": .string(type), "target": target]))
      }
    }
    related += context.restoreBackbone(&object, url: context.direction.restorePrefix + "Observation.related").map { .object($0) }
    if !related.isEmpty { object["related"] = .array(related) }
    for key in ["basedOn", "partOf", "focus"] {
      context.carry(&object, key, element: "Observation.\(key)", type: "Reference", path: path)
    }
    context.carryChoice(&object, "effective", element: "Observation.effective", allowedTypes: ["DateTime", "Period"], path: path)
    context.carryChoice(&object, "value", element: "Observation.value", allowedTypes: observationValueTypesDSTU2, path: path)
    context.restoreChoice(&object, "value", element: "Observation.value")
    context.mapCode(
      &object, "status", element: "Observation.status", map: observationStatusToDSTU2, reverse: observationStatusToR4, path: path)
    removeAbsent(&object, "code")
    context.each(&object, "referenceRange", path: path) { context, range, rangePath in
      referenceRangeToDSTU2(&range, rangePath, &context)
    }
    context.each(&object, "component", path: path) { context, component, componentPath in
      context.carryChoice(
        &component, "value", element: "Observation.component.value", allowedTypes: observationValueTypesDSTU2, path: componentPath)
      context.restoreChoice(&component, "value", element: "Observation.component.value")
      context.carry(&component, "interpretation", element: "Observation.component.interpretation", type: "CodeableConcept", path: componentPath)
      context.each(&component, "referenceRange", path: componentPath) { context, range, rangePath in
        referenceRangeToDSTU2(&range, rangePath, &context)
      }
    }
  }
}

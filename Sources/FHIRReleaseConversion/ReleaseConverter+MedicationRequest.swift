import FHIRJSON

extension ReleaseConverter {


  /// R4 `MedicationRequest` elements with no DSTU2 home, and their types.
  static let medicationRequestR4Only = [
    ("category", "CodeableConcept"), ("priority", "Code"), ("doNotPerform", "Boolean"),
    ("supportingInformation", "Reference"), ("performer", "Reference"), ("performerType", "CodeableConcept"),
    ("recorder", "Reference"), ("instantiatesCanonical", "Canonical"), ("instantiatesUri", "Uri"),
    ("basedOn", "Reference"), ("groupIdentifier", "Identifier"), ("courseOfTherapyType", "CodeableConcept"),
    ("insurance", "Reference"), ("detectedIssue", "Reference"), ("eventHistory", "Reference"),
  ]
  static let medicationRequestR4Lists: Set<String> = [
    "category", "supportingInformation", "instantiatesCanonical", "instantiatesUri", "basedOn", "insurance",
    "detectedIssue", "eventHistory", "reasonCode", "reasonReference", "note",
  ]

  /// DSTU2 `MedicationOrder` → R4 `MedicationRequest`.
  static func medicationOrderToR4(_ object: inout JSONObject, _ path: String, _ context: inout ConversionContext) {
    object["resourceType"] = "MedicationRequest"
    context.rename(&object, "dateWritten", "authoredOn")
    context.rename(&object, "patient", "subject")
    context.rename(&object, "prescriber", "requester")
    context.rename(&object, "reasonEnded", "statusReason")
    context.carry(&object, "dateEnded", element: "MedicationOrder.dateEnded", type: "DateTime", path: path)
    if let reason = context.take(&object, "reasonCodeableConcept") { object["reasonCode"] = [reason] }
    if let reason = context.take(&object, "reasonReference") { object["reasonReference"] = [reason] }
    let noteTwin = object["_note"]
    if let note = context.take(&object, "note") {
      var annotation: JSONObject = ["text": note]
      if let noteTwin { annotation["_text"] = noteTwin }
      object["note"] = [.object(annotation)]
    }
    for (key, _) in medicationRequestR4Only {
      context.restore(&object, key, element: "MedicationRequest.\(key)", array: medicationRequestR4Lists.contains(key))
    }
    for key in ["reasonCode", "reasonReference", "note"] {
      context.restore(&object, key, element: "MedicationRequest.\(key)", array: true)
    }
    context.restoreChoice(&object, "reported", element: "MedicationRequest.reported")
    context.mapCode(
      &object, "status", element: "MedicationOrder.status", map: medicationStatusToR4, reverse: medicationStatusToDSTU2,
      path: path)
    defaultCode(&object, "status", "unknown", path, &context)
    if !context.restore(&object, "intent", element: "MedicationRequest.intent") {
      defaultCode(&object, "intent", defaultMedicationIntent, path, &context)
    }
    defaultAbsent(&object, "subject", path, &context)
    if context.choiceKey(object, "medication") == nil {
      object["medicationCodeableConcept"] = absent
      context.report.record(.defaulted, path: ConversionContext.join(path, "medicationCodeableConcept"), note: "required in R4; data-absent-reason unknown")
    }
    context.each(&object, "dosageInstruction", path: path) { context, dosage, dosagePath in
      dosageToR4(&dosage, dosagePath, &context)
    }
    context.each(&object, "dispenseRequest", path: path) { context, request, requestPath in
      context.carryChoice(&request, "medication", element: "MedicationOrder.dispenseRequest.medication", allowedTypes: nil, path: requestPath)
      for (key, _) in [("dispenseInterval", "Duration"), ("performer", "Reference"), ("numberOfRepeatsAllowed", "UnsignedInt")] {
        context.restore(&request, key, element: "MedicationRequest.dispenseRequest.\(key)")
      }
    }
    context.each(&object, "substitution", path: path) { context, substitution, substitutionPath in
      removeAbsent(&substitution, "type")
      context.rename(&substitution, "type", "allowedCodeableConcept")
      context.restoreChoice(&substitution, "allowed", element: "MedicationRequest.substitution.allowed")
      if context.choiceKey(substitution, "allowed") == nil {
        substitution["allowedBoolean"] = true
        context.report.record(.defaulted, path: ConversionContext.join(substitutionPath, "allowedBoolean"), note: "required in R4; true")
      }
    }
  }

  /// R4 `MedicationRequest` → DSTU2 `MedicationOrder`.
  static func medicationRequestToDSTU2(_ object: inout JSONObject, _ path: String, _ context: inout ConversionContext) {
    object["resourceType"] = "MedicationOrder"
    context.rename(&object, "authoredOn", "dateWritten")
    context.rename(&object, "subject", "patient")
    context.rename(&object, "requester", "prescriber")
    context.rename(&object, "statusReason", "reasonEnded")
    context.restore(&object, "dateEnded", element: "MedicationOrder.dateEnded")
    if object["intent"]?.stringValue == defaultMedicationIntent {
      object["intent"] = nil
      object["_intent"] = nil
      context.report.record(.implied, path: ConversionContext.join(path, "intent"), note: "a MedicationOrder is an order")
    }
    context.carry(&object, "intent", element: "MedicationRequest.intent", type: "Code", path: path)
    context.carryChoice(&object, "reported", element: "MedicationRequest.reported", allowedTypes: nil, path: path)
    context.mapCode(
      &object, "status", element: "MedicationOrder.status", map: medicationStatusToDSTU2, reverse: medicationStatusToR4,
      path: path)
    // reason[x] is one value in DSTU2: the first code, else the first reference.
    if let codes = object["reasonCode"]?.arrayValue, let first = codes.first {
      object["reasonCode"] = codes.count > 1 ? .array(Array(codes.dropFirst())) : nil
      object["reasonCodeableConcept"] = first
    } else if let references = object["reasonReference"]?.arrayValue, let first = references.first {
      object["reasonReference"] = references.count > 1 ? .array(Array(references.dropFirst())) : nil
      object["reasonReferenceSingle"] = first
    }
    context.carry(&object, "reasonCode", element: "MedicationRequest.reasonCode", type: "CodeableConcept", path: path)
    if object["reasonCodeableConcept"] != nil || object["reasonReferenceSingle"] != nil {
      context.carry(&object, "reasonReference", element: "MedicationRequest.reasonReference", type: "Reference", path: path)
    }
    context.rename(&object, "reasonReferenceSingle", "reasonReference")
    // note is a string in DSTU2: the first note's text, when it has nothing else.
    if let notes = object["note"]?.arrayValue, let first = notes.first?.objectValue,
      Set(first.keys).isSubset(of: ["text", "_text"])
    {
      object["note"] = notes.count > 1 ? .array(Array(notes.dropFirst())) : nil
      object["noteText"] = first["text"]
      object["_noteText"] = first["_text"]
    }
    context.carry(&object, "note", element: "MedicationRequest.note", type: "Annotation", path: path)
    context.rename(&object, "noteText", "note")
    for (key, type) in medicationRequestR4Only {
      context.carry(&object, key, element: "MedicationRequest.\(key)", type: type, path: path)
    }
    removeAbsent(&object, "patient")
    removeAbsent(&object, "medicationCodeableConcept")
    context.each(&object, "dosageInstruction", path: path) { context, dosage, dosagePath in
      dosageToDSTU2(&dosage, dosagePath, &context)
    }
    context.each(&object, "dispenseRequest", path: path) { context, request, requestPath in
      context.restoreChoice(&request, "medication", element: "MedicationOrder.dispenseRequest.medication")
      context.drop(&request, "initialFill", path: requestPath, note: "no home in DSTU2")
      if request["numberOfRepeatsAllowed"] == 0 {
        context.carry(&request, "numberOfRepeatsAllowed", element: "MedicationRequest.dispenseRequest.numberOfRepeatsAllowed", type: "UnsignedInt", path: requestPath)
      }
      for (key, type) in [("dispenseInterval", "Duration"), ("performer", "Reference")] {
        context.carry(&request, key, element: "MedicationRequest.dispenseRequest.\(key)", type: type, path: requestPath)
      }
    }
    context.each(&object, "substitution", path: path) { context, substitution, substitutionPath in
      if substitution["allowedBoolean"] == true, substitution["_allowedBoolean"] == nil {
        substitution["allowedBoolean"] = nil
        context.report.record(.implied, path: ConversionContext.join(substitutionPath, "allowedBoolean"), note: "the default the reverse conversion sets")
      }
      context.rename(&substitution, "allowedCodeableConcept", "type")
      context.carryChoice(&substitution, "allowed", element: "MedicationRequest.substitution.allowed", allowedTypes: nil, path: substitutionPath)
      defaultAbsent(&substitution, "type", substitutionPath, &context)
    }
  }

  /// Sets the code `key` to `value` if it is missing, reporting the default.
  static func defaultCode(_ object: inout JSONObject, _ key: String, _ value: String, _ path: String, _ context: inout ConversionContext) {
    guard object[key] == nil else { return }
    object[key] = .string(value)
    context.report.record(.defaulted, path: ConversionContext.join(path, key), note: "required in the target; default \(value)")
  }

  /// Sets the complex element `key` to a data-absent-reason if it is missing, reporting the default.
  static func defaultAbsent(_ object: inout JSONObject, _ key: String, _ path: String, _ context: inout ConversionContext) {
    guard object[key] == nil else { return }
    object[key] = absent
    context.report.record(.defaulted, path: ConversionContext.join(path, key), note: "required in the target; data-absent-reason unknown")
  }

  /// Removes `key` if it holds only the data-absent-reason default.
  static func removeAbsent(_ object: inout JSONObject, _ key: String) {
    if object[key] == absent { object[key] = nil }
  }
}

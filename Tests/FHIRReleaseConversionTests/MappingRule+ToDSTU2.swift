/// The R4 → DSTU2 rules, defaults and drops of the datatypes, Patient, Medication and
/// MedicationRequest, one case each.
extension MappingRule {
  /// The cross-version extension URL of an R4 element carried into DSTU2.
  static func r4Extension(_ element: String) -> String {
    "\"http://hl7.org/fhir/4.0/StructureDefinition/extension-\(element)\""
  }

  /// An R4 MedicationRequest with status, intent order, subject and medication, plus `members`.
  static func request(_ members: String = "", status: String = "active", intent: String = "order") -> String {
    #"{"resourceType":"MedicationRequest","status":""# + status + #"","intent":""# + intent
      + #"","subject":{"reference":"Patient/p"},"medicationCodeableConcept":{"text":"m"}"#
      + (members.isEmpty ? "" : "," + members) + "}"
  }

  /// An R4 MedicationRequest whose first dosage's `timing.repeat` is `element`.
  static func repeating(_ element: String) -> String {
    request(#""dosageInstruction":[{"timing":{"repeat":"# + element + "}}]")
  }

  static let toDSTU2: [MappingRule] = datatypesToDSTU2 + patientAndMedicationToDSTU2 + requestToDSTU2
    + requestOnlyToDSTU2 + observationToDSTU2 + carePlanToDSTU2 + bundleToDSTU2 + modelToDSTU2

  static let datatypesToDSTU2: [MappingRule] = [
    MappingRule(
      name: "Coding.system: terminology.hl7.org code systems move back", from: .r4,
      source: #"{"resourceType":"Patient","maritalStatus":{"coding":[{"system":"http://terminology.hl7.org/CodeSystem/v3-MaritalStatus","code":"M"}]}}"#,
      expect: ["maritalStatus.coding[0].system": #""http://hl7.org/fhir/v3/MaritalStatus""#], report: []),
    MappingRule(
      name: "Reference.identifier and Reference.type are carried as extensions", from: .r4,
      source: #"{"resourceType":"Observation","status":"final","code":{"text":"c"},"subject":{"identifier":{"value":"x"},"type":"Patient"}}"#,
      expect: [
        "subject.extension[0].url": r4Extension("Reference.identifier"), "subject.extension[1].url": r4Extension("Reference.type"),
        "subject.identifier": nil,
      ], report: ["carriedAsExtension subject.identifier", "carriedAsExtension subject.type"]),
    MappingRule(
      name: "Timing.repeat: units renamed; countMax, dayOfWeek, timeOfDay, offset and further when codes carried", from: .r4,
      source: repeating(
        #"{"countMax":3,"dayOfWeek":["mon"],"timeOfDay":["08:00:00"],"frequency":1,"period":1,"periodUnit":"d","offset":30,"when":["HS","WAKE"]}"#
      ),
      expect: ["dosageInstruction[0].timing.repeat.periodUnits": #""d""#, "dosageInstruction[0].timing.repeat.when": #""HS""#],
      report: [
        "implied intent", "carriedAsExtension dosageInstruction[0].timing.repeat.countMax",
        "carriedAsExtension dosageInstruction[0].timing.repeat.dayOfWeek",
        "carriedAsExtension dosageInstruction[0].timing.repeat.timeOfDay",
        "carriedAsExtension dosageInstruction[0].timing.repeat.offset",
        "carriedAsExtension dosageInstruction[0].timing.repeat.when",
      ]),
    MappingRule(
      name: "Timing.repeat.when: a code DSTU2 lacks is carried as an extension", from: .r4,
      source: repeating(#"{"frequency":1,"period":1,"periodUnit":"d","when":["MORN"]}"#),
      expect: [
        "dosageInstruction[0].timing.repeat.when": nil,
        "dosageInstruction[0].timing.repeat.extension[0].valueCode": #""MORN""#,
      ], report: ["implied intent", "carriedAsExtension dosageInstruction[0].timing.repeat.when"]),
    MappingRule(
      name: "Timing.repeat.when: the _when data of carried codes is dropped", from: .r4,
      source: repeating(#"{"frequency":1,"period":1,"periodUnit":"d","when":["HS","WAKE"],"_when":[null,{"id":"w2"}]}"#),
      expect: ["dosageInstruction[0].timing.repeat.when": #""HS""#, "dosageInstruction[0].timing.repeat._when": nil],
      report: [
        "implied intent", "carriedAsExtension dosageInstruction[0].timing.repeat.when",
        "dropped dosageInstruction[0].timing.repeat._when",
      ], roundTrips: false),
    MappingRule(
      name: "Timing.repeat.when: the first code DSTU2 knows stays, the list comes back reordered", from: .r4,
      source: repeating(#"{"frequency":1,"period":1,"periodUnit":"d","when":["MORN","HS"]}"#),
      expect: ["dosageInstruction[0].timing.repeat.when": #""HS""#],
      report: [
        "implied intent", "carriedAsExtension dosageInstruction[0].timing.repeat.when",
        "reordered dosageInstruction[0].timing.repeat.when",
      ], roundTrips: false),
    MappingRule(
      name: "Dosage: sequence, patientInstruction, maxDose*, further additionalInstruction carried", from: .r4,
      source: request(
        #""dosageInstruction":[{"sequence":1,"patientInstruction":"p","maxDosePerAdministration":{"value":1},"#
          + #""maxDosePerLifetime":{"value":9},"additionalInstruction":[{"text":"a"},{"text":"b"}]}]"#),
      expect: ["dosageInstruction[0].additionalInstructions.text": #""a""#],
      report: [
        "implied intent", "carriedAsExtension dosageInstruction[0].sequence",
        "carriedAsExtension dosageInstruction[0].patientInstruction",
        "carriedAsExtension dosageInstruction[0].maxDosePerAdministration",
        "carriedAsExtension dosageInstruction[0].maxDosePerLifetime",
        "carriedAsExtension dosageInstruction[0].additionalInstruction",
      ]),
    MappingRule(
      name: "Dosage.doseAndRate: first entry gives dose[x] and rate[x]; type and rateQuantity carried; others dropped",
      from: .r4,
      source: request(
        #""dosageInstruction":[{"doseAndRate":[{"type":{"text":"ordered"},"doseQuantity":{"value":1},"rateQuantity":{"value":2}},"#
          + #"{"doseQuantity":{"value":3}}]}]"#),
      expect: ["dosageInstruction[0].doseQuantity.value": "1", "dosageInstruction[0].doseAndRate": nil],
      report: [
        "implied intent", "carriedAsExtension dosageInstruction[0].doseAndRate[0].type",
        "carriedAsExtension dosageInstruction[0].doseAndRate[0].rateQuantity", "dropped dosageInstruction[0].doseAndRate[1]",
      ], roundTrips: false),
    MappingRule(
      name: "Dosage.site becomes siteCodeableConcept", from: .r4,
      source: request(#""dosageInstruction":[{"site":{"text":"arm"}}]"#),
      expect: ["dosageInstruction[0].siteCodeableConcept.text": #""arm""#], report: ["implied intent"]),
  ]

  static let patientAndMedicationToDSTU2: [MappingRule] = [
    MappingRule(
      name: "Patient.generalPractitioner becomes careProvider", from: .r4,
      source: #"{"resourceType":"Patient","generalPractitioner":[{"reference":"Practitioner/1"}]}"#,
      expect: ["careProvider[0].reference": #""Practitioner/1""#], report: []),
    MappingRule(
      name: "Patient: a second patient-animal extension is dropped", from: .r4,
      source: #"{"resourceType":"Patient","extension":[{"url":"http://hl7.org/fhir/StructureDefinition/patient-animal","#
        + #""extension":[{"url":"species","valueCodeableConcept":{"text":"dog"}}]},{"url":"http://hl7.org/fhir/StructureDefinition/patient-animal","#
        + #""extension":[{"url":"species","valueCodeableConcept":{"text":"cat"}}]}]}"#,
      expect: ["animal.species.text": #""dog""#, "extension": nil], report: ["dropped extension"], roundTrips: false),
    MappingRule(
      name: "Patient.link.type replaces has no DSTU2 code: default seealso, the original kept in an extension", from: .r4,
      source: #"{"resourceType":"Patient","link":[{"other":{"reference":"Patient/2"},"type":"replaces"}]}"#,
      expect: ["link[0].type": #""seealso""#, "link[0].extension[0].url": r4Extension("Patient.link.type")],
      report: ["carriedAsExtension link[0].type", "defaulted link[0].type"]),
    MappingRule(
      name: "Patient.link.type replaced-by becomes replace", from: .r4,
      source: #"{"resourceType":"Patient","link":[{"other":{"reference":"Patient/2"},"type":"replaced-by"}]}"#,
      expect: ["link[0].type": #""replace""#, "link[0].extension": nil], report: []),
    MappingRule(
      name: "Medication identifier, status and amount are carried as extensions", from: .r4,
      source: #"{"resourceType":"Medication","identifier":[{"value":"1"}],"status":"active","#
        + #""amount":{"numerator":{"value":1},"denominator":{"value":2}}}"#,
      expect: ["extension[0].url": r4Extension("Medication.identifier")],
      report: ["carriedAsExtension identifier", "carriedAsExtension status", "carriedAsExtension amount"]),
    MappingRule(
      name: "Medication.ingredient: itemCodeableConcept dropped, isActive carried, the rest under product", from: .r4,
      source: #"{"resourceType":"Medication","form":{"text":"tablet"},"batch":{"lotNumber":"A"},"ingredient":[{"itemCodeableConcept":{"text":"x"}},"#
        + #"{"itemReference":{"reference":"Substance/1"},"isActive":true}]}"#,
      expect: [
        "product.ingredient[0].item.reference": #""Substance/1""#, "product.form.text": #""tablet""#,
        "product.batch[0].lotNumber": #""A""#,
      ], report: ["dropped ingredient[0]", "carriedAsExtension ingredient[1].isActive"], roundTrips: false),
  ]

  static let requestToDSTU2: [MappingRule] = [
    MappingRule(
      name: "MedicationRequest becomes MedicationOrder: authoredOn, subject, requester, statusReason renamed", from: .r4,
      source: request(#""authoredOn":"2020-01-01","requester":{"reference":"Practitioner/1"},"statusReason":{"text":"done"}"#),
      expect: [
        "resourceType": #""MedicationOrder""#, "dateWritten": #""2020-01-01""#, "patient.reference": #""Patient/p""#,
        "prescriber.reference": #""Practitioner/1""#, "reasonEnded.text": #""done""#,
      ], report: ["implied intent"]),
    MappingRule(
      name: "MedicationRequest.intent other than order is carried as an extension", from: .r4, source: request(intent: "plan"),
      expect: ["extension[0].url": r4Extension("MedicationRequest.intent")], report: ["carriedAsExtension intent"]),
    MappingRule(
      name: "MedicationRequest.status cancelled becomes stopped, the original kept in an extension", from: .r4,
      source: request(status: "cancelled"),
      expect: ["status": #""stopped""#, "extension[0].url": r4Extension("MedicationOrder.status")],
      report: ["implied intent", "carriedAsExtension status"]),
    MappingRule(
      name: "MedicationRequest.status unknown has no DSTU2 code: kept in an extension only", from: .r4,
      source: request(status: "unknown"), expect: ["status": nil, "extension[0].valueCode": #""unknown""#],
      report: ["implied intent", "carriedAsExtension status"]),
    MappingRule(
      name: "MedicationRequest.reasonCode: the first becomes reasonCodeableConcept, further ones carried", from: .r4,
      source: request(#""reasonCode":[{"text":"a"},{"text":"b"}]"#),
      expect: ["reasonCodeableConcept.text": #""a""#], report: ["implied intent", "carriedAsExtension reasonCode"]),
    MappingRule(
      name: "MedicationRequest.reasonReference beside a reasonCode is carried", from: .r4,
      source: request(#""reasonCode":[{"text":"a"}],"reasonReference":[{"reference":"Condition/1"}]"#),
      expect: ["reasonCodeableConcept.text": #""a""#, "reasonReference": nil],
      report: ["implied intent", "carriedAsExtension reasonReference"]),
    MappingRule(
      name: "MedicationRequest.note: a plain first note becomes the note string", from: .r4,
      source: request(#""note":[{"text":"n"}]"#), expect: ["note": #""n""#], report: ["implied intent"]),
    MappingRule(
      name: "MedicationRequest.note with an author is carried", from: .r4,
      source: request(#""note":[{"authorString":"Dr","text":"n"}]"#),
      expect: ["note": nil, "extension[0].url": r4Extension("MedicationRequest.note")],
      report: ["implied intent", "carriedAsExtension note"]),
    MappingRule(
      name: "MedicationRequest.dispenseRequest: initialFill dropped; interval, performer, zero repeats carried", from: .r4,
      source: request(
        #""dispenseRequest":{"initialFill":{"quantity":{"value":1}},"dispenseInterval":{"value":30,"unit":"d"},"#
          + #""performer":{"reference":"Organization/1"},"numberOfRepeatsAllowed":0}"#),
      expect: ["dispenseRequest.extension[0].url": r4Extension("MedicationRequest.dispenseRequest.numberOfRepeatsAllowed")],
      report: [
        "implied intent", "dropped dispenseRequest.initialFill",
        "carriedAsExtension dispenseRequest.numberOfRepeatsAllowed", "carriedAsExtension dispenseRequest.dispenseInterval",
        "carriedAsExtension dispenseRequest.performer",
      ], roundTrips: false),
    MappingRule(
      name: "MedicationRequest.substitution.allowedBoolean true is implied; type defaults to a data-absent-reason", from: .r4,
      source: request(#""substitution":{"allowedBoolean":true}"#),
      expect: ["substitution.allowedBoolean": nil, "substitution.type.extension[0].valueCode": #""unknown""#],
      report: ["implied intent", "implied substitution.allowedBoolean", "defaulted substitution.type"]),
    MappingRule(
      name: "MedicationRequest.substitution.allowedBoolean false is carried", from: .r4,
      source: request(#""substitution":{"allowedBoolean":false}"#),
      expect: ["substitution.extension[0].url": r4Extension("MedicationRequest.substitution.allowed")],
      report: ["implied intent", "carriedAsExtension substitution.allowedBoolean", "defaulted substitution.type"]),
    MappingRule(
      name: "MedicationRequest.substitution.allowedCodeableConcept becomes type", from: .r4,
      source: request(#""substitution":{"allowedCodeableConcept":{"text":"G"}}"#),
      expect: ["substitution.type.text": #""G""#], report: ["implied intent"]),
  ]

  /// Each MedicationRequest element with no DSTU2 home, carried as an extension.
  static let requestOnlyToDSTU2: [MappingRule] = [
    ("category", #"[{"text":"c"}]"#), ("priority", #""urgent""#), ("doNotPerform", "true"),
    ("reportedBoolean", "true"), ("supportingInformation", #"[{"reference":"Observation/1"}]"#),
    ("performer", #"{"reference":"Practitioner/1"}"#), ("performerType", #"{"text":"t"}"#),
    ("recorder", #"{"reference":"Practitioner/1"}"#), ("instantiatesCanonical", #"["http://x/PlanDefinition/1"]"#),
    ("instantiatesUri", #"["http://x/protocol"]"#), ("basedOn", #"[{"reference":"CarePlan/1"}]"#),
    ("groupIdentifier", #"{"value":"g"}"#), ("courseOfTherapyType", #"{"text":"acute"}"#),
    ("insurance", #"[{"reference":"Coverage/1"}]"#), ("detectedIssue", #"[{"reference":"DetectedIssue/1"}]"#),
    ("eventHistory", #"[{"reference":"Provenance/1"}]"#),
  ].map { key, value in
    let element = key == "reportedBoolean" ? "reported" : key
    return MappingRule(
      name: "MedicationRequest.\(key) is carried as an extension", from: .r4, source: request("\"\(key)\":\(value)"),
      expect: ["extension[0].url": r4Extension("MedicationRequest.\(element)"), key: nil],
      report: ["implied intent", "carriedAsExtension \(key)"])
  }
}

/// The DSTU2 → R4 rules, defaults and drops, one case each.
extension MappingRule {
  /// The cross-version extension URL of a DSTU2 element carried into R4.
  static func dstu2Extension(_ element: String) -> String {
    "\"http://hl7.org/fhir/1.0/StructureDefinition/extension-\(element)\""
  }

  /// A DSTU2 MedicationOrder with status, patient and medication, plus `members`.
  static func order(_ members: String = "") -> String {
    #"{"resourceType":"MedicationOrder","status":"active","patient":{"reference":"Patient/p"},"#
      + #""medicationCodeableConcept":{"text":"m"}"# + (members.isEmpty ? "" : "," + members) + "}"
  }

  /// A DSTU2 Observation with status and code, plus `members`.
  static func observation(_ members: String) -> String {
    #"{"resourceType":"Observation","status":"final","code":{"text":"c"},"# + members + "}"
  }

  /// A DSTU2 CarePlan with status and subject, plus `members`.
  static func carePlan(_ members: String = "", status: String = "active") -> String {
    #"{"resourceType":"CarePlan","status":""# + status + #"","subject":{"reference":"Patient/p"}"#
      + (members.isEmpty ? "" : "," + members) + "}"
  }

  static let toR4: [MappingRule] = datatypesToR4 + patientAndMedicationToR4 + orderToR4 + observationToR4 + carePlanToR4
    + bundleToR4

  static let datatypesToR4: [MappingRule] = [
    MappingRule(
      name: "Coding.system: HL7 v2 and v3 code systems move to terminology.hl7.org", from: .dstu2,
      source: #"{"resourceType":"Patient","maritalStatus":{"coding":[{"system":"http://hl7.org/fhir/v3/MaritalStatus","code":"M"}]},"#
        + #""identifier":[{"type":{"coding":[{"system":"http://hl7.org/fhir/v2/0203","code":"MR"}]},"value":"1"}]}"#,
      expect: [
        "maritalStatus.coding[0].system": #""http://terminology.hl7.org/CodeSystem/v3-MaritalStatus""#,
        "identifier[0].type.coding[0].system": #""http://terminology.hl7.org/CodeSystem/v2-0203""#,
      ], report: []),
    MappingRule(
      name: "Coding.system: FHIR-defined code systems move; single category becomes a list", from: .dstu2,
      source: observation(#""category":{"coding":[{"system":"http://hl7.org/fhir/observation-category","code":"vital-signs"}]}"#),
      expect: ["category[0].coding[0].system": #""http://terminology.hl7.org/CodeSystem/observation-category""#],
      report: []),
    MappingRule(
      name: "HumanName.family: first part kept, further parts dropped", from: .dstu2,
      source: #"{"resourceType":"Patient","name":[{"family":["A","B"],"given":["C"]}]}"#,
      expect: ["name[0].family": #""A""#], report: ["dropped name[0].family[1]"], roundTrips: false),
    MappingRule(
      name: "HumanName.family: the _family data of further parts is dropped", from: .dstu2,
      source: #"{"resourceType":"Patient","name":[{"family":["A","B"],"_family":[null,{"id":"f2"}]}]}"#,
      expect: ["name[0].family": #""A""#, "name[0]._family": nil],
      report: ["dropped name[0].family[1]", "dropped name[0]._family"], roundTrips: false),
    MappingRule(
      name: "Timing.repeat: units renamed, when becomes a list, boundsQuantity becomes boundsDuration", from: .dstu2,
      source: order(
        #""dosageInstruction":[{"timing":{"repeat":{"boundsQuantity":{"value":5,"unit":"d"},"duration":1,"#
          + #""durationUnits":"h","frequency":2,"period":1,"periodUnits":"d","when":"HS"}}}]"#),
      expect: [
        "dosageInstruction[0].timing.repeat.periodUnit": #""d""#,
        "dosageInstruction[0].timing.repeat.durationUnit": #""h""#,
        "dosageInstruction[0].timing.repeat.when": #"["HS"]"#,
        "dosageInstruction[0].timing.repeat.boundsDuration.value": "5",
      ], report: ["defaulted intent"]),
    MappingRule(
      name: "dosageInstruction.additionalInstructions becomes Dosage.additionalInstruction[0]", from: .dstu2,
      source: order(#""dosageInstruction":[{"additionalInstructions":{"text":"with food"}}]"#),
      expect: ["dosageInstruction[0].additionalInstruction[0].text": #""with food""#], report: ["defaulted intent"]),
    MappingRule(
      name: "dosageInstruction dose[x] and rate[x] move into doseAndRate[0]", from: .dstu2,
      source: order(
        #""dosageInstruction":[{"doseQuantity":{"value":1},"rateRatio":{"numerator":{"value":1},"denominator":{"value":2}}}]"#),
      expect: [
        "dosageInstruction[0].doseAndRate[0].doseQuantity.value": "1",
        "dosageInstruction[0].doseAndRate[0].rateRatio.denominator.value": "2",
        "dosageInstruction[0].doseQuantity": nil,
      ], report: ["defaulted intent"]),
    MappingRule(
      name: "dosageInstruction.siteCodeableConcept becomes Dosage.site", from: .dstu2,
      source: order(#""dosageInstruction":[{"siteCodeableConcept":{"text":"arm"}}]"#),
      expect: ["dosageInstruction[0].site.text": #""arm""#], report: ["defaulted intent"]),
    MappingRule(
      name: "dosageInstruction.siteReference is carried as an extension", from: .dstu2,
      source: order(#""dosageInstruction":[{"siteReference":{"reference":"BodySite/1"}}]"#),
      expect: ["dosageInstruction[0].extension[0].url": dstu2Extension("MedicationOrder.dosageInstruction.site")],
      report: ["defaulted intent", "carriedAsExtension dosageInstruction[0].siteReference"]),
    MappingRule(
      name: "Unknown elements travel along and are reported", from: .dstu2,
      source: #"{"resourceType":"Patient","favouriteColour":"blue"}"#,
      expect: ["favouriteColour": #""blue""#], report: ["unknown favouriteColour"]),
    MappingRule(
      name: "Contained resources convert too", from: .dstu2,
      source: order(#""contained":[{"resourceType":"Medication","id":"m","isBrand":true}]"#),
      expect: ["contained[0].extension[0].url": dstu2Extension("Medication.isBrand")],
      report: ["defaulted intent", "carriedAsExtension contained[0].isBrand"]),
  ]

  static let patientAndMedicationToR4: [MappingRule] = [
    MappingRule(
      name: "Patient.careProvider becomes generalPractitioner", from: .dstu2,
      source: #"{"resourceType":"Patient","careProvider":[{"reference":"Practitioner/1"}]}"#,
      expect: ["generalPractitioner[0].reference": #""Practitioner/1""#, "careProvider": nil], report: []),
    MappingRule(
      name: "Patient.animal becomes the patient-animal extension", from: .dstu2,
      source: #"{"resourceType":"Patient","animal":{"species":{"text":"dog"},"breed":{"text":"poodle"}}}"#,
      expect: [
        "extension[0].url": #""http://hl7.org/fhir/StructureDefinition/patient-animal""#,
        "extension[0].extension[0].url": #""species""#, "extension[0].extension[1].url": #""breed""#,
      ], report: ["carriedAsExtension animal"]),
    MappingRule(
      name: "Patient.animal's own extensions are dropped", from: .dstu2,
      source: #"{"resourceType":"Patient","animal":{"extension":[{"url":"http://x","valueString":"y"}],"species":{"text":"dog"}}}"#,
      expect: ["extension[0].extension[0].url": #""species""#],
      report: ["carriedAsExtension animal", "dropped animal.extension"], roundTrips: false),
    MappingRule(
      name: "Patient.link.type replace becomes replaced-by", from: .dstu2,
      source: #"{"resourceType":"Patient","link":[{"other":{"reference":"Patient/2"},"type":"replace"}]}"#,
      expect: ["link[0].type": #""replaced-by""#], report: []),
    MappingRule(
      name: "Medication.isBrand is carried as an extension", from: .dstu2,
      source: #"{"resourceType":"Medication","isBrand":true}"#,
      expect: ["extension[0].url": dstu2Extension("Medication.isBrand"), "extension[0].valueBoolean": "true"],
      report: ["carriedAsExtension isBrand"]),
    MappingRule(
      name: "Medication.product form, ingredient (item, amount) and batch move up", from: .dstu2,
      source: #"{"resourceType":"Medication","product":{"form":{"text":"tablet"},"ingredient":[{"item":{"reference":"Substance/1"},"#
        + #""amount":{"numerator":{"value":1},"denominator":{"value":2}}}],"batch":[{"lotNumber":"A"}]}}"#,
      expect: [
        "form.text": #""tablet""#, "ingredient[0].itemReference.reference": #""Substance/1""#,
        "ingredient[0].strength.denominator.value": "2", "batch.lotNumber": #""A""#, "product": nil,
      ], report: []),
    MappingRule(
      name: "Medication.product.batch: batches after the first are dropped", from: .dstu2,
      source: #"{"resourceType":"Medication","product":{"batch":[{"lotNumber":"A"},{"lotNumber":"B"}]}}"#,
      expect: ["batch.lotNumber": #""A""#], report: ["dropped product.batch[1]"], roundTrips: false),
    MappingRule(
      name: "Medication.product: its own members (id, extension) are dropped", from: .dstu2,
      source: #"{"resourceType":"Medication","product":{"id":"p","form":{"text":"tablet"}}}"#,
      expect: ["form.text": #""tablet""#], report: ["dropped product.id"], roundTrips: false),
    MappingRule(
      name: "Medication.package is dropped", from: .dstu2,
      source: #"{"resourceType":"Medication","package":{"container":{"text":"box"}}}"#,
      expect: ["package": nil], report: ["dropped package"], roundTrips: false),
  ]

  static let orderToR4: [MappingRule] = [
    MappingRule(
      name: "MedicationOrder becomes MedicationRequest: dateWritten, patient, prescriber, reasonEnded renamed", from: .dstu2,
      source: order(#""dateWritten":"2020-01-01","prescriber":{"reference":"Practitioner/1"},"reasonEnded":{"text":"done"}"#),
      expect: [
        "resourceType": #""MedicationRequest""#, "authoredOn": #""2020-01-01""#, "subject.reference": #""Patient/p""#,
        "requester.reference": #""Practitioner/1""#, "statusReason.text": #""done""#,
      ], report: ["defaulted intent"]),
    MappingRule(
      name: "MedicationRequest.intent defaults to order", from: .dstu2, source: order(),
      expect: ["intent": #""order""#], report: ["defaulted intent"]),
    MappingRule(
      name: "MedicationOrder.dateEnded is carried as an extension", from: .dstu2, source: order(#""dateEnded":"2020-02-01""#),
      expect: ["extension[0].url": dstu2Extension("MedicationOrder.dateEnded")],
      report: ["defaulted intent", "carriedAsExtension dateEnded"]),
    MappingRule(
      name: "MedicationOrder.reasonCodeableConcept becomes reasonCode[0]", from: .dstu2,
      source: order(#""reasonCodeableConcept":{"text":"pain"}"#),
      expect: ["reasonCode[0].text": #""pain""#], report: ["defaulted intent"]),
    MappingRule(
      name: "MedicationOrder.reasonReference becomes reasonReference[0]", from: .dstu2,
      source: order(#""reasonReference":{"reference":"Condition/1"}"#),
      expect: ["reasonReference[0].reference": #""Condition/1""#], report: ["defaulted intent"]),
    MappingRule(
      name: "MedicationOrder.note (a string) becomes note[0].text", from: .dstu2, source: order(#""note":"n""#),
      expect: ["note[0].text": #""n""#], report: ["defaulted intent"]),
    MappingRule(
      name: "MedicationRequest.status defaults to unknown", from: .dstu2,
      source: #"{"resourceType":"MedicationOrder","patient":{"reference":"Patient/p"},"medicationCodeableConcept":{"text":"m"}}"#,
      expect: ["status": #""unknown""#], report: ["defaulted status", "defaulted intent"], roundTrips: false),
    MappingRule(
      name: "MedicationRequest.subject defaults to a data-absent-reason", from: .dstu2,
      source: #"{"resourceType":"MedicationOrder","status":"active","medicationCodeableConcept":{"text":"m"}}"#,
      expect: ["subject.extension[0].valueCode": #""unknown""#], report: ["defaulted subject", "defaulted intent"]),
    MappingRule(
      name: "MedicationRequest.medication[x] defaults to a data-absent-reason", from: .dstu2,
      source: #"{"resourceType":"MedicationOrder","status":"active","patient":{"reference":"Patient/p"}}"#,
      expect: ["medicationCodeableConcept.extension[0].valueCode": #""unknown""#],
      report: ["defaulted medicationCodeableConcept", "defaulted intent"]),
    MappingRule(
      name: "MedicationOrder.dispenseRequest.medication[x] is carried as an extension", from: .dstu2,
      source: order(#""dispenseRequest":{"medicationCodeableConcept":{"text":"x"},"quantity":{"value":1}}"#),
      expect: ["dispenseRequest.extension[0].url": dstu2Extension("MedicationOrder.dispenseRequest.medication")],
      report: ["defaulted intent", "carriedAsExtension dispenseRequest.medicationCodeableConcept"]),
    MappingRule(
      name: "MedicationOrder.substitution.type becomes allowedCodeableConcept", from: .dstu2,
      source: order(#""substitution":{"type":{"text":"G"}}"#),
      expect: ["substitution.allowedCodeableConcept.text": #""G""#], report: ["defaulted intent"]),
    MappingRule(
      name: "MedicationRequest.substitution.allowed[x] defaults to true", from: .dstu2,
      source: order(#""substitution":{"reason":{"text":"r"}}"#),
      expect: ["substitution.allowedBoolean": "true"],
      report: ["defaulted intent", "defaulted substitution.allowedBoolean"], roundTrips: false),
  ]
}

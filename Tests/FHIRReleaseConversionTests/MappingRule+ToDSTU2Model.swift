/// The R4 → DSTU2 rules that the model-to-model converter (`R4ToDSTU2`) adds or makes
/// exact: elements new in R4 without a rule, references in extension values and
/// primitive extensions, carried values in their R4 form, contained resources, pass-through
/// and unknown elements.
extension MappingRule {
  static let modelToDSTU2: [MappingRule] = [
    MappingRule(
      name: "Meta.source has no DSTU2 home and is dropped", from: .r4,
      source: #"{"resourceType":"Patient","meta":{"versionId":"1","source":"http://example.org/feed"}}"#,
      expect: ["meta.source": nil, "meta.versionId": #""1""#], report: ["dropped meta.source"], roundTrips: false),
    MappingRule(
      name: "Timing.modifierExtension has no DSTU2 home and is dropped", from: .r4,
      source: request(
        #""dosageInstruction":[{"timing":{"modifierExtension":[{"url":"http://example.org/x","valueBoolean":true}],"#
          + #""code":{"text":"BID"}}}]"#),
      expect: [
        "dosageInstruction[0].timing.modifierExtension": nil, "dosageInstruction[0].timing.code.text": #""BID""#,
      ], report: ["implied intent", "dropped dosageInstruction[0].timing.modifierExtension[0]"], roundTrips: false),
    MappingRule(
      name: "Dosage.doseAndRate[0] id and extensions are dropped, not put on the dosage", from: .r4,
      source: request(
        #""dosageInstruction":[{"id":"d1","doseAndRate":[{"id":"r1","extension":[{"url":"http://example.org/x","#
          + #""valueString":"y"}],"doseQuantity":{"value":1}}]}]"#),
      expect: [
        "dosageInstruction[0].id": #""d1""#, "dosageInstruction[0].extension": nil,
        "dosageInstruction[0].doseQuantity.value": "1",
      ],
      report: [
        "implied intent", "dropped dosageInstruction[0].doseAndRate[0].id",
        "dropped dosageInstruction[0].doseAndRate[0].extension[0]",
      ], roundTrips: false),
    MappingRule(
      name: "Reference.identifier and type are carried in Identifier.assigner and in extension values too", from: .r4,
      source: #"{"resourceType":"Patient","identifier":[{"value":"1","assigner":{"identifier":{"value":"org"}}}],"#
        + #""extension":[{"url":"http://example.org/ref","valueReference":{"type":"Organization","display":"o"}}]}"#,
      expect: [
        "identifier[0].assigner.extension[0].url": r4Extension("Reference.identifier"),
        "identifier[0].assigner.identifier": nil,
        "extension[0].valueReference.extension[0].url": r4Extension("Reference.type"),
        "extension[0].valueReference.type": nil,
      ],
      report: [
        "carriedAsExtension identifier[0].assigner.identifier", "carriedAsExtension extension[0].valueReference.type",
      ]),
    MappingRule(
      name: "Coding.system in a primitive's extensions moves back too", from: .r4,
      source: #"{"resourceType":"Patient","gender":"male","_gender":{"extension":[{"url":"http://example.org/g","#
        + #""valueCodeableConcept":{"coding":[{"system":"http://terminology.hl7.org/CodeSystem/v2-0001","code":"M"}]}}]}}"#,
      expect: ["_gender.extension[0].valueCodeableConcept.coding[0].system": #""http://hl7.org/fhir/v2/0001""#],
      report: []),
    MappingRule(
      name: "Carried values keep their R4 form (a Reference.identifier, terminology.hl7.org code systems)", from: .r4,
      source: r4Observation(
        #""category":[{"text":"a"},{"coding":[{"system":"http://terminology.hl7.org/CodeSystem/observation-category","#
          + #""code":"vital-signs"}]}],"basedOn":[{"identifier":{"value":"x"}}]"#),
      expect: [
        "extension[0].valueCodeableConcept.coding[0].system":
          #""http://terminology.hl7.org/CodeSystem/observation-category""#,
        "extension[1].valueReference.identifier.value": #""x""#,
      ], report: ["carriedAsExtension category", "carriedAsExtension basedOn"]),
    MappingRule(
      name: "Contained resources are converted like top-level ones", from: .r4,
      source: #"{"resourceType":"Patient","contained":["# + request(#""id":"m""#) + "]}",
      expect: ["contained[0].resourceType": #""MedicationOrder""#, "contained[0].patient.reference": #""Patient/p""#],
      report: ["implied contained[0].intent"]),
    MappingRule(
      name: "Resources of other types pass through unchanged", from: .r4,
      source: #"{"resourceType":"Bundle","type":"collection","entry":[{"resource":{"resourceType":"Encounter","#
        + #""status":"finished","class":{"system":"http://terminology.hl7.org/CodeSystem/v3-ActCode","code":"AMB"}}}]}"#,
      expect: ["entry[0].resource.class.system": #""http://terminology.hl7.org/CodeSystem/v3-ActCode""#],
      report: ["passedThrough entry[0].resource"]),
    MappingRule(
      name: "Unknown elements travel along and are reported", from: .r4,
      source: #"{"resourceType":"Patient","hobby":"chess","#
        + #""name":[{"family":"F","nickname":"x"}],"extension":[{"url":"http://example.org/e","valueString":"v","note":"n"}]}"#,
      expect: [
        "hobby": #""chess""#, "name[0].family": #"["F"]"#, "name[0].nickname": #""x""#, "extension[0].note": #""n""#,
      ],
      report: ["unknown hobby", "unknown name[0].nickname", "unknown extension[0].note"]),
    MappingRule(
      name: "A primitive's unknown members and its extensions' references are converted like any element's", from: .r4,
      source: #"{"resourceType":"Patient","birthDate":"2000-01-01","_birthDate":{"foo":1},"name":[{"given":["a","b"],"#
        + #""_given":[null,{"bar":2,"extension":[{"url":"http://example.org/x","valueReference":{"type":"Patient"}}]}]}]}"#,
      expect: [
        "_birthDate.foo": "1", "name[0]._given[1].bar": "2",
        "name[0]._given[1].extension[0].valueReference.extension[0].url": r4Extension("Reference.type"),
      ],
      report: [
        "unknown _birthDate.foo", "unknown name[0]._given[1].bar",
        "carriedAsExtension name[0]._given[1].extension[0].valueReference.type",
      ]),
  ]
}

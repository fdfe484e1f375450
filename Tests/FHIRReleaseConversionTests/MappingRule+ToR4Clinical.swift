/// The DSTU2 → R4 rules of Observation, CarePlan and Bundle, one case each.
extension MappingRule {
  static let observationToR4: [MappingRule] = [
    MappingRule(
      name: "Observation.comments becomes note[0].text", from: .dstu2, source: observation(#""comments":"x""#),
      expect: ["note[0].text": #""x""#, "comments": nil], report: []),
    MappingRule(
      name: "Observation.interpretation becomes a list", from: .dstu2, source: observation(#""interpretation":{"text":"high"}"#),
      expect: ["interpretation[0].text": #""high""#], report: []),
    MappingRule(
      name: "Observation.related has-member and derived-from become hasMember and derivedFrom", from: .dstu2,
      source: observation(
        #""related":[{"type":"has-member","target":{"reference":"Observation/2"}},"#
          + #"{"type":"derived-from","target":{"reference":"Observation/3"}}]"#),
      expect: ["hasMember[0].reference": #""Observation/2""#, "derivedFrom[0].reference": #""Observation/3""#, "related": nil],
      report: []),
    MappingRule(
      name: "Observation.related of other types is carried as an extension, the list regrouped", from: .dstu2,
      source: observation(
        #""related":[{"type":"sequel-to","target":{"reference":"Observation/2"}},"#
          + #"{"type":"has-member","target":{"reference":"Observation/3"}}]"#),
      expect: [
        "extension[0].url": dstu2Extension("Observation.related"), "extension[0].extension[0].url": #""type""#,
        "hasMember[0].reference": #""Observation/3""#,
      ], report: ["carriedAsExtension related[0]", "reordered related"], roundTrips: false),
    MappingRule(
      name: "Observation.related: other members of a has-member item are dropped", from: .dstu2,
      source: observation(#""related":[{"id":"r","type":"has-member","target":{"reference":"Observation/2"}}]"#),
      expect: ["hasMember[0].reference": #""Observation/2""#], report: ["dropped related[0].id"], roundTrips: false),
    MappingRule(
      name: "Observation.referenceRange.meaning becomes type", from: .dstu2,
      source: observation(#""referenceRange":[{"low":{"value":1},"meaning":{"text":"normal"}}]"#),
      expect: ["referenceRange[0].type.text": #""normal""#], report: []),
    MappingRule(
      name: "Observation.valueAttachment is carried as an extension", from: .dstu2,
      source: observation(#""valueAttachment":{"title":"x"}"#),
      expect: ["extension[0].url": dstu2Extension("Observation.value"), "valueAttachment": nil],
      report: ["carriedAsExtension valueAttachment"]),
    MappingRule(
      name: "Observation.component.valueAttachment is carried as an extension", from: .dstu2,
      source: observation(#""component":[{"code":{"text":"k"},"valueAttachment":{"title":"x"}}]"#),
      expect: ["component[0].extension[0].url": dstu2Extension("Observation.component.value")],
      report: ["carriedAsExtension component[0].valueAttachment"]),
    MappingRule(
      name: "Observation.status and code default to unknown and a data-absent-reason", from: .dstu2,
      source: #"{"resourceType":"Observation"}"#,
      expect: ["status": #""unknown""#, "code.extension[0].valueCode": #""unknown""#],
      report: ["defaulted status", "defaulted code"], roundTrips: false),
  ]

  static let carePlanToR4: [MappingRule] = [
    MappingRule(
      name: "CarePlan.intent defaults to plan", from: .dstu2, source: carePlan(),
      expect: ["intent": #""plan""#], report: ["defaulted intent"]),
    MappingRule(
      name: "CarePlan.status proposed becomes draft, the original kept in an extension", from: .dstu2,
      source: carePlan(status: "proposed"),
      expect: ["status": #""draft""#, "extension[0].url": dstu2Extension("CarePlan.status")],
      report: ["defaulted intent", "carriedAsExtension status"]),
    MappingRule(
      name: "CarePlan.status cancelled becomes revoked", from: .dstu2, source: carePlan(status: "cancelled"),
      expect: ["status": #""revoked""#, "extension": nil], report: ["defaulted intent"]),
    MappingRule(
      name: "CarePlan.subject defaults to a data-absent-reason", from: .dstu2,
      source: #"{"resourceType":"CarePlan","status":"active"}"#,
      expect: ["subject.extension[0].valueCode": #""unknown""#], report: ["defaulted intent", "defaulted subject"]),
    MappingRule(
      name: "CarePlan context, author, support and note become encounter, author + contributor, supportingInfo, note list",
      from: .dstu2,
      source: carePlan(
        #""context":{"reference":"Encounter/1"},"author":[{"reference":"Practitioner/1"},{"reference":"Practitioner/2"}],"#
          + #""support":[{"reference":"Condition/1"}],"note":{"text":"n"}"#),
      expect: [
        "encounter.reference": #""Encounter/1""#, "author.reference": #""Practitioner/1""#,
        "contributor[0].reference": #""Practitioner/2""#, "supportingInfo[0].reference": #""Condition/1""#,
        "note[0].text": #""n""#,
      ], report: ["defaulted intent"]),
    MappingRule(
      name: "CarePlan.modified is carried as an extension", from: .dstu2, source: carePlan(#""modified":"2020-01-01""#),
      expect: ["extension[0].url": dstu2Extension("CarePlan.modified")],
      report: ["defaulted intent", "carriedAsExtension modified"]),
    MappingRule(
      name: "CarePlan.relatedPlan replaces becomes replaces, other codes an extension", from: .dstu2,
      source: carePlan(
        #""relatedPlan":[{"code":"replaces","plan":{"reference":"CarePlan/1"}},{"code":"includes","plan":{"reference":"CarePlan/2"}}]"#),
      expect: ["replaces[0].reference": #""CarePlan/1""#, "extension[0].url": dstu2Extension("CarePlan.relatedPlan")],
      report: ["defaulted intent", "carriedAsExtension relatedPlan[1]"]),
    MappingRule(
      name: "CarePlan.participant is carried as an extension", from: .dstu2,
      source: carePlan(#""participant":[{"role":{"text":"r"},"member":{"reference":"Practitioner/1"}}]"#),
      expect: ["extension[0].url": dstu2Extension("CarePlan.participant")],
      report: ["defaulted intent", "carriedAsExtension participant[0]"]),
    MappingRule(
      name: "CarePlan.activity: actionResulting, detail.category, prohibited false, detail.status default", from: .dstu2,
      source: carePlan(
        #""activity":[{"actionResulting":[{"reference":"Procedure/1"}],"detail":{"category":{"text":"diet"},"prohibited":false}}]"#),
      expect: [
        "activity[0].outcomeReference[0].reference": #""Procedure/1""#, "activity[0].detail.status": #""unknown""#,
        "activity[0].detail.doNotPerform": nil,
        "activity[0].detail.extension[0].url": dstu2Extension("CarePlan.activity.detail.category"),
      ],
      report: [
        "defaulted intent", "carriedAsExtension activity[0].detail.category", "implied activity[0].detail.doNotPerform",
        "defaulted activity[0].detail.status",
      ]),
    MappingRule(
      name: "CarePlan.activity.detail.prohibited true becomes doNotPerform", from: .dstu2,
      source: carePlan(#""activity":[{"detail":{"prohibited":true,"status":"completed"}}]"#),
      expect: ["activity[0].detail.doNotPerform": "true", "activity[0].detail.status": #""completed""#],
      report: ["defaulted intent"]),
  ]

  static let bundleToR4: [MappingRule] = [
    MappingRule(
      name: "Bundle entries convert one by one; other types pass through", from: .dstu2,
      source: #"{"resourceType":"Bundle","type":"collection","entry":[{"fullUrl":"urn:uuid:1","resource":{"resourceType":"Encounter","id":"e","#
        + #""class":{"system":"http://hl7.org/fhir/v3/ActCode","code":"AMB"}}},"#
        + #"{"resource":{"resourceType":"Patient","careProvider":[{"reference":"Practitioner/1"}]}}]}"#,
      expect: [
        "entry[0].resource": #"{"resourceType":"Encounter","id":"e","class":{"system":"http://hl7.org/fhir/v3/ActCode","code":"AMB"}}"#,
        "entry[1].resource.generalPractitioner[0].reference": #""Practitioner/1""#,
      ], report: ["passedThrough entry[0].resource"]),
    MappingRule(
      name: "Bundle.signature is dropped", from: .dstu2,
      source: #"{"resourceType":"Bundle","type":"collection","signature":{"type":[{"system":"urn:iso-astm:E1762-95:2013","#
        + #""code":"1.2.840.10065.1.12.1.1"}],"when":"2020-01-01T00:00:00Z","whoReference":{"reference":"Practitioner/1"},"#
        + #""contentType":"image/jpg","blob":"AAAA"}}"#,
      expect: ["signature": nil], report: ["dropped signature"], roundTrips: false),
  ]
}

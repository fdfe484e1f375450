/// The R4 → DSTU2 rules of Observation, CarePlan and Bundle, one case each.
extension MappingRule {
  /// An R4 Observation with status and code, plus `members`.
  static func r4Observation(_ members: String, status: String = "final") -> String {
    #"{"resourceType":"Observation","status":""# + status + #"","code":{"text":"c"}"#
      + (members.isEmpty ? "" : "," + members) + "}"
  }

  /// An R4 CarePlan with status, intent and subject, plus `members`.
  static func r4CarePlan(_ members: String = "", status: String = "active", intent: String = "plan") -> String {
    #"{"resourceType":"CarePlan","status":""# + status + #"","intent":""# + intent + #"","subject":{"reference":"Patient/p"}"#
      + (members.isEmpty ? "" : "," + members) + "}"
  }

  static let observationToDSTU2: [MappingRule] = [
    MappingRule(
      name: "Observation.category: the first stays, further ones carried", from: .r4,
      source: r4Observation(#""category":[{"text":"a"},{"text":"b"}]"#),
      expect: ["category.text": #""a""#, "extension[0].url": r4Extension("Observation.category")],
      report: ["carriedAsExtension category"]),
    MappingRule(
      name: "Observation.note: a plain first note becomes comments, others carried", from: .r4,
      source: r4Observation(#""note":[{"text":"x"},{"text":"y"}]"#),
      expect: ["comments": #""x""#, "extension[0].url": r4Extension("Observation.note")],
      report: ["carriedAsExtension note"]),
    MappingRule(
      name: "Observation.hasMember and derivedFrom become related", from: .r4,
      source: r4Observation(#""hasMember":[{"reference":"Observation/2"}],"derivedFrom":[{"reference":"Observation/3"}]"#),
      expect: ["related[0].type": #""has-member""#, "related[1].type": #""derived-from""#], report: []),
    MappingRule(
      name: "Observation.status corrected becomes amended, the original kept in an extension", from: .r4,
      source: r4Observation("", status: "corrected"),
      expect: ["status": #""amended""#, "extension[0].url": r4Extension("Observation.status")],
      report: ["carriedAsExtension status"]),
    MappingRule(
      name: "Observation.valueBoolean is carried as an extension", from: .r4, source: r4Observation(#""valueBoolean":true"#),
      expect: ["extension[0].url": r4Extension("Observation.value")], report: ["carriedAsExtension valueBoolean"]),
    MappingRule(
      name: "Observation.effectiveInstant is carried as an extension", from: .r4,
      source: r4Observation(#""effectiveInstant":"2020-01-01T00:00:00Z""#),
      expect: ["extension[0].url": r4Extension("Observation.effective")], report: ["carriedAsExtension effectiveInstant"]),
    MappingRule(
      name: "Observation.basedOn, partOf and focus are carried as extensions", from: .r4,
      source: r4Observation(
        #""basedOn":[{"reference":"CarePlan/1"}],"partOf":[{"reference":"Procedure/1"}],"focus":[{"reference":"Condition/1"}]"#),
      expect: ["extension[0].url": r4Extension("Observation.basedOn")],
      report: ["carriedAsExtension basedOn", "carriedAsExtension partOf", "carriedAsExtension focus"]),
    MappingRule(
      name: "Observation.referenceRange.type becomes meaning; appliesTo carried", from: .r4,
      source: r4Observation(#""referenceRange":[{"low":{"value":1},"type":{"text":"normal"},"appliesTo":[{"text":"men"}]}]"#),
      expect: ["referenceRange[0].meaning.text": #""normal""#],
      report: ["carriedAsExtension referenceRange[0].appliesTo"]),
    MappingRule(
      name: "Observation.component.interpretation is carried as an extension", from: .r4,
      source: r4Observation(#""component":[{"code":{"text":"k"},"valueQuantity":{"value":1},"interpretation":[{"text":"high"}]}]"#),
      expect: ["component[0].extension[0].url": r4Extension("Observation.component.interpretation")],
      report: ["carriedAsExtension component[0].interpretation"]),
  ]

  static let carePlanToDSTU2: [MappingRule] = [
    MappingRule(
      name: "CarePlan.intent plan is implied", from: .r4, source: r4CarePlan(),
      expect: ["intent": nil, "extension": nil], report: ["implied intent"]),
    MappingRule(
      name: "CarePlan.intent other than plan is carried as an extension", from: .r4, source: r4CarePlan(intent: "proposal"),
      expect: ["extension[0].url": r4Extension("CarePlan.intent")], report: ["carriedAsExtension intent"]),
    MappingRule(
      name: "CarePlan.status on-hold becomes active, the original kept in an extension", from: .r4,
      source: r4CarePlan(status: "on-hold"),
      expect: ["status": #""active""#, "extension[0].url": r4Extension("CarePlan.status")],
      report: ["implied intent", "carriedAsExtension status"]),
    MappingRule(
      name: "CarePlan.status entered-in-error becomes cancelled, the original kept in an extension", from: .r4,
      source: r4CarePlan(status: "entered-in-error"), expect: ["status": #""cancelled""#],
      report: ["implied intent", "carriedAsExtension status"]),
    MappingRule(
      name: "CarePlan.status unknown becomes draft, the original kept in an extension", from: .r4,
      source: r4CarePlan(status: "unknown"), expect: ["status": #""draft""#],
      report: ["implied intent", "carriedAsExtension status"]),
    MappingRule(
      name: "CarePlan: title, created, careTeam, basedOn, partOf, instantiates* carried as extensions", from: .r4,
      source: r4CarePlan(
        #""title":"t","created":"2020-01-01","careTeam":[{"reference":"CareTeam/1"}],"basedOn":[{"reference":"CarePlan/1"}],"#
          + #""partOf":[{"reference":"CarePlan/2"}],"instantiatesCanonical":["http://x/PlanDefinition/1"],"instantiatesUri":["http://x/p"]"#),
      expect: ["title": nil],
      report: [
        "implied intent", "carriedAsExtension title", "carriedAsExtension created", "carriedAsExtension careTeam",
        "carriedAsExtension basedOn", "carriedAsExtension partOf", "carriedAsExtension instantiatesCanonical",
        "carriedAsExtension instantiatesUri",
      ]),
    MappingRule(
      name: "CarePlan.note: the first stays, further ones carried", from: .r4,
      source: r4CarePlan(#""note":[{"text":"a"},{"text":"b"}]"#),
      expect: ["note.text": #""a""#], report: ["implied intent", "carriedAsExtension note"]),
    MappingRule(
      name: "CarePlan.activity: outcomeCodeableConcept, detail.kind carried; prohibited defaults to false", from: .r4,
      source: r4CarePlan(
        #""activity":[{"outcomeCodeableConcept":[{"text":"ok"}],"detail":{"kind":"Appointment","status":"stopped"}}]"#),
      expect: [
        "activity[0].detail.prohibited": "false", "activity[0].detail.status": #""cancelled""#,
        "activity[0].extension[0].url": r4Extension("CarePlan.activity.outcomeCodeableConcept"),
      ],
      report: [
        "implied intent", "carriedAsExtension activity[0].outcomeCodeableConcept", "defaulted activity[0].detail.prohibited",
        "carriedAsExtension activity[0].detail.status", "carriedAsExtension activity[0].detail.kind",
      ]),
    MappingRule(
      name: "CarePlan.activity.detail.status unknown is implied", from: .r4,
      source: r4CarePlan(#""activity":[{"detail":{"status":"unknown","doNotPerform":true}}]"#),
      expect: ["activity[0].detail.status": nil, "activity[0].detail.prohibited": "true"],
      report: ["implied intent", "implied activity[0].detail.status"]),
  ]

  static let bundleToDSTU2: [MappingRule] = [
    MappingRule(
      name: "Bundle identifier, timestamp, signature and entry.response.outcome are dropped", from: .r4,
      source: #"{"resourceType":"Bundle","type":"transaction-response","identifier":{"value":"b"},"timestamp":"2020-01-01T00:00:00Z","#
        + #""signature":{"type":[{"system":"urn:iso-astm:E1762-95:2013","code":"1.2.840.10065.1.12.1.1"}],"when":"2020-01-01T00:00:00Z","#
        + #""who":{"reference":"Practitioner/1"}},"entry":[{"response":{"status":"201","outcome":{"resourceType":"OperationOutcome","#
        + #""issue":[{"severity":"information","code":"informational"}]}}}]}"#,
      expect: ["identifier": nil, "timestamp": nil, "signature": nil, "entry[0].response.status": #""201""#],
      report: ["dropped identifier", "dropped timestamp", "dropped signature", "dropped entry[0].response.outcome"],
      roundTrips: false),
  ]
}

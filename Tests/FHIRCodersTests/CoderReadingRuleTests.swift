import CareModel
@testable import FHIRCoders
import FHIRCore
import FHIRDSTU2
import FHIRJSON
import FHIRR4
import Foundation
import Testing

/// The Observation and Patient coders read their elements in place (no list of codings or name
/// parts, no path or URL built per resource, UUIDs hashed from the bytes): these rules pin what
/// they read to the public, list-based definitions.
@Suite struct CoderReadingRuleTests {
  static func r4<T: FHIRDecodable>(_ type: T.Type, _ json: String) throws -> T {
    try #require(try Array(json.utf8).withUnsafeBytes { try T.decode(from: JSONTokens(parsing: $0)) }.value)
  }

  static func observation(code: String, value: String = #""valueString": "x""#) throws -> FHIRR4.Observation {
    try r4(FHIRR4.Observation.self, #"{"resourceType": "Observation", "id": "o", "status": "final", "code": \#(code), \#(value)}"#)
  }

  /// The outcome value's kind is ``ObservedValue/kind(codings:text:)`` of the code: the first
  /// LOINC coding with a code, else the text, else the first code.
  @Test(arguments: [
    (#"{"coding": [{"system": "http://snomed.info/sct", "code": "1"}, {"system": "http://loinc.org"}, {"system": "http://loinc.org", "code": "8867-4"}], "text": "T"}"#),
    (#"{"coding": [{"system": "http://loinc.org/", "code": "1"}, {"system": "http://loinc.orG", "code": "2"}], "text": "T"}"#),
    (#"{"coding": [{"system": "http://loinc.org"}, {"code": "3"}, {"code": "4"}]}"#),
    (#"{"coding": [{"display": "no code"}]}"#),
    (#"{"text": "only text"}"#),
  ])
  func kindFollowsTheCodingRule(code: String) throws {
    let o = try Self.observation(code: code)
    let codings = (o.code?.coding ?? []).map { (system: $0.system?.string, code: $0.code?.string) }
    let expected = ObservedValue.kind(codings: codings, text: o.code?.text?.string)
    #expect(try R4ObservationCoder().decode(o).value.values.map(\.kind) == [expected])
  }

  /// Each value form is reported at `Observation.value<Type>` (in a component,
  /// `Observation.component.value<Type>`), the type as the model names it.
  @Test(arguments: [
    #""valueQuantity": {"value": 1, "unit": "mg"}"#, #""valueCodeableConcept": {"text": "t"}"#, #""valueString": "s""#,
    #""valueBoolean": true"#, #""valueInteger": 3"#, #""valueRange": {"low": {"value": 1}}"#,
    #""valueRatio": {"numerator": {"value": 1}, "denominator": {"value": 2}}"#,
    #""valueSampledData": {"origin": {"value": 0}, "period": 1, "dimensions": 1, "data": "1 2"}"#,
    #""valueTime": "10:00:00""#, #""valueDateTime": "2024-01-01""#, #""valuePeriod": {"start": "2024-01-01"}"#,
  ])
  func valuesAreReportedAtTheirTypedPath(value: String) throws {
    let code = #"{"text": "k"}"#
    let o = try Self.observation(code: code, value: value)
    let suffix = try #require(o.value?.typeSuffix)
    let top = try R4ObservationCoder().decode(o).report
    #expect(top.mapped.keys.contains { $0.hasPrefix("Observation.value" + suffix) })
    let c = try Self.observation(code: code, value: #""component": [{"code": \#(code), \#(value)}]"#)
    let inComponent = try R4ObservationCoder().decode(c).report
    #expect(inComponent.mapped.keys.contains { $0.hasPrefix("Observation.component.value" + suffix) })
    #expect(!inComponent.mapped.keys.contains { $0.hasPrefix("Observation.value") })
  }

  /// Sampled data splits at spaces as characters: a space with a combining mark is no separator.
  @Test func sampledDataSplitsAtSpaceCharacters() {
    var report = ConversionReport()
    let utc = TimeZone(identifier: "UTC")!
    #expect(ObservedValue.sampled(origin: 0, unit: nil, factor: 1, data: " 1  2 ").read(kind: nil, path: "S", zone: utc, report: &report)
      == [OutcomeValue(.double(1)), OutcomeValue(.double(2))])
    #expect(ObservedValue.sampled(origin: 0, unit: nil, factor: 1, data: "1 \u{301}2 3").read(kind: nil, path: "S", zone: utc, report: &report)
      == [OutcomeValue(.double(3))])
    #expect(ObservedValue.sampled(origin: 0, unit: nil, factor: 1, data: "é 4").read(kind: nil, path: "S", zone: utc, report: &report)
      == [OutcomeValue(.double(4))])
    #expect(report.unrepresentable["S.data"] == 2)
  }

  static let names = #"""
    [{"use": "maiden", "given": ["A"], "family": "X"},
     {"use": "official", "given": ["Jo", null, "", "Ann"], "_given": [null, {"extension": [{"url": "u", "valueString": "v"}]}, null, null], "family": "Doe", "prefix": ["Dr.", "Prof."]},
     {"use": "nickname", "family": "Jojo"}, {"given": ["Z"]}]
    """#

  /// The coders read `HumanName`s in place exactly as ``NameMapping/read(_:path:report:)`` reads their parts.
  @Test(arguments: [names, #"[{"use": "nickname", "given": ["N"]}, {"given": ["B", "C", "D"], "suffix": ["Jr."]}]"#, "[]"])
  func namesReadAsTheirParts(names: String) throws {
    let r4 = try Self.r4(FHIRR4.Patient.self, #"{"resourceType": "Patient", "id": "p", "name": \#(names)}"#)
    var expectedReport = ConversionReport()
    let expected = NameMapping.read(r4.name.map(NameMapping.Parts.init), path: "Patient.name", report: &expectedReport)
    let converted = try R4PatientCoder().decode(r4)
    #expect(converted.value.name == expected)
    #expect(converted.report.mapped["Patient.name"] == expectedReport.mapped["Patient.name"])
    #expect(converted.report.dropped["Patient.name"] == expectedReport.dropped["Patient.name"])

    let dstu2JSON = names.replacingOccurrences(of: #""family": "Doe""#, with: #""family": ["Van", "Doe"]"#)
      .replacingOccurrences(of: #""family": "X""#, with: #""family": ["X"]"#)
      .replacingOccurrences(of: #""family": "Jojo""#, with: #""family": ["Jojo"]"#)
    let dstu2 = try #require(
      try Array(#"{"resourceType": "Patient", "id": "p", "name": \#(dstu2JSON)}"#.utf8).withUnsafeBytes {
        try FHIRDSTU2.Patient.decode(from: JSONTokens(parsing: $0))
      }.value)
    var dstu2Report = ConversionReport()
    let dstu2Expected = NameMapping.read(dstu2.name.map(NameMapping.Parts.init), path: "Patient.name", report: &dstu2Report)
    #expect(try DSTU2PatientCoder().decode(dstu2).value.name == dstu2Expected)
  }

  /// Care extensions are recognised by their whole URL, as string comparison has it.
  @Test func careExtensionURLsMatchAsStrings() {
    let base = CareExtensions.base
    func sex(_ url: String) -> BiologicalSex? {
      var report = ConversionReport()
      let e = Extension(url: FHIRURI(uncheckedString: url), value: .string(Primitive(FHIRString(uncheckedString: "intersex"))))
      return SexMapping.read(gender: "male", extensions: [e], report: &report)
    }
    #expect(sex(base + "sex") == BiologicalSex(rawValue: "intersex"))
    #expect(sex(base + "sexy") == .male)
    #expect(sex(base + "se") == .male)
    #expect(sex(base.replacingOccurrences(of: "care-", with: "cure-") + "sex") == .male)
    #expect(sex(base + "s\u{e9}x") == .male)
    func isCare(_ url: String) -> Bool { CareExtensions.isCare(Extension(url: FHIRURI(uncheckedString: url))) }
    #expect(isCare(base + "uuid"))
    #expect(isCare(base))
    #expect(!isCare(String(base.dropLast())))
    #expect(!isCare(base + "\u{301}uuid"))
    #expect(!isCare("http://hl7.org/fhir/StructureDefinition/patient-birthPlace"))
  }

  /// A coding system is LOINC's when it is `http://loinc.org` as string comparison has it: the
  /// `kind` the coder reads follows ``ObservedValue/kind(codings:text:)``.
  @Test func loincSystemMatchesAsAString() throws {
    for system in ["http://loinc.org", "http://loinc.orG", "http://loinc.or", "https://loinc.org", "http://loinc.orgx",
      "http://lo\u{131}nc.org", "http://loinc.org/", "http://snomed.info", "http://l\u{f6}inc.org"]
    {
      let json = #"{"resourceType": "Observation", "status": "final", "code": {"coding": [{"system": "http://snomed.info/sct", "code": "1"}, {"system": "\#(system)", "code": "8867-4"}], "text": "Heart rate"}, "valueInteger": 1}"#
      let resource = try Self.r4(FHIRR4.Observation.self, json)
      let codings = (resource.code?.coding ?? []).map { (system: $0.system?.string, code: $0.code?.string) }
      #expect(try R4ObservationCoder().decode(resource).value.values.first?.kind == ObservedValue.kind(codings: codings, text: "Heart rate"))
    }
  }

  /// An id that is no UUID is hashed with its type as `Type/id`, the activity of a plan as
  /// `CarePlan/<plan>/activity/<activity>`: the same UUIDs as those names give.
  @Test func derivedUUIDsHashTheWholeName() {
    let activity = FHIRR4.CarePlan.Activity()
    #expect(
      StableUUID.forActivity(activity, release: "R4", planID: "p1", planUUID: nil, activityID: "a", index: 0)
        == StableUUID.forResource(type: "CarePlan", id: "p1/activity/a"))
    #expect(
      StableUUID.forActivity(activity, release: "R4", planID: "p1", planUUID: nil, activityID: nil, index: 12)
        == StableUUID.forResource(type: "CarePlan", id: "p1/activity/12"))
    let plan = UUID(uuidString: "905F386E-3DDD-58DC-AF06-C0C95F5D9F46")!
    #expect(
      StableUUID.forActivity(activity, release: "R4", planID: nil, planUUID: plan, activityID: "x", index: 0)
        == StableUUID.forResource(type: "CarePlan", id: "urn:uuid:" + plan.uuidString + "/activity/x"))
  }

  /// UUID ids parse in either case; anything else of 36 characters is a name.
  @Test(arguments: [
    "905f386e-3DDD-58dc-AF06-c0c95f5d9f46", "905F386E-3DDD-58DC-AF06-C0C95F5D9F46", "00000000-0000-0000-0000-000000000000",
    "905F386E-3DDD-58DC-AF06-C0C95F5D9F4g", "905F386E-3DDD-58DC-AF06_C0C95F5D9F46", "905F386E3-DDD-58DC-AF06-C0C95F5D9F46",
    "905F386E-3DDD-58DC-AF06-C0C95F5D9F4 ", "905F386E-3DDD-58DC-AF06-C0C95F5D9F@6", "905F386E-3DDD-58DC-AF06-C0C95F5D9F`6",
    "905F386E-3DDD-58DC-AF06-C0C95F5D9F\u{e9}",
  ])
  func uuidIDsParseAsFoundationParsesThem(id: String) {
    let uuid = StableUUID.forResource(type: "Patient", id: id)
    if let foundation = UUID(uuidString: id), id.utf8.count == 36 {
      #expect(uuid == foundation)
    } else {
      #expect(uuid.uuidString != id.uppercased())
      #expect(uuid == StableUUID.forReference("Patient/" + id))
    }
  }
}

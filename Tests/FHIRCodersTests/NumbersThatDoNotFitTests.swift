import CareModel
import FHIRCoders
import FHIRCore
import FHIRDSTU2
import FHIRJSON
import FHIRR4
import FHIRTestSupport
import Foundation
import Testing

/// FHIR decimals no `Double` holds (`1e400`, `-1e400`, `1e-400`, 400 digits): an outcome value is
/// kept as text exactly as written with an information issue; a number the outcome is computed
/// from, a dose or a timing number is skipped with an error issue; never silently, and never an
/// entity that cannot be written.
@Suite struct NumbersThatDoNotFitTests {
  static let unfit = ["1e400", "-1e400", "1e-400", "-1E-400", String(repeating: "9", count: 400), "2014E2027"]

  static func r4<T: FHIRDecodable>(_ type: T.Type, _ json: String) throws -> T {
    let bytes = Array(json.utf8)
    return try #require(try T.decode(from: Chunked.tokens(bytes, chunkSize: bytes.count)).value)
  }

  static func observation(_ value: String) -> String {
    #"{"resourceType":"Observation","id":"o1","status":"final","code":{"text":"k"},"effectiveDateTime":"2020-01-02T03:04:05Z","# + value + "}"
  }

  /// The entity writes as care JSON with Foundation's encoder too (which refuses a non-finite number).
  static func expectWritable(_ record: CareRecord) throws {
    let foundation = try CareJSON.makeEncoder().encode(record)
    #expect(Array(foundation) == CareJSONWriter().bytes(record))
  }

  @Test func decimalFit() {
    #expect(DecimalFit.of(JSONNumber("1.50")!) == .fits(1.5))
    #expect(DecimalFit.of(JSONNumber("0")!) == .fits(0))
    #expect(DecimalFit.of(JSONNumber("-0.000")!) == .fits(0))
    #expect(DecimalFit.of(JSONNumber("0e400")!) == .fits(0))
    #expect(DecimalFit.of(JSONNumber("1e308")!) == .fits(1e308))
    #expect(DecimalFit.of(JSONNumber("5e-324")!) == .fits(5e-324))
    for text in Self.unfit { #expect(DecimalFit.of(JSONNumber(text)!) == .doesNotFit(text), "\(text.prefix(12))") }
    #expect(DecimalFit.of(nil as Primitive<FHIRDecimal>?) == .absent)
  }

  @Test(arguments: unfit)
  func quantityValueIsKeptAsText(_ text: String) throws {
    let r4 = try Self.r4(FHIRR4.Observation.self, Self.observation(#""valueQuantity":{"value":\#(text),"unit":"mg"}"#))
    let converted = try R4ObservationCoder().decode(r4)
    #expect(converted.value.values == [OutcomeValue(.text(text), units: "mg", kind: "k")])
    let issue = try #require(converted.report.issues.first)
    #expect(converted.report.issues.count == 1)
    #expect(issue.severity == .information && issue.code == .invalidValue)
    #expect(issue.path.description == "valueQuantity.value")
    #expect(issue.resourceType == "Observation" && issue.resourceID == "o1")
    #expect(!issue.message.contains(text))
    try Self.expectWritable(.outcome(converted.value))

    let dstu2 = try Self.r4(FHIRDSTU2.Observation.self, Self.observation(#""valueQuantity":{"value":\#(text),"unit":"mg"}"#))
    let converted2 = try DSTU2ObservationCoder().decode(dstu2)
    #expect(converted2.value.values == [OutcomeValue(.text(text), units: "mg", kind: "k")])
    #expect(converted2.report.issues.map(\.path.description) == ["valueQuantity.value"])
  }

  static let tooLargeIntegers = [String(repeating: "9", count: 400), "1e400", "-1e400", "3000000000"]

  /// A number too large for a 32-bit integer is data, not a shape to repair: decoding keeps it as
  /// given with its issue, with or without repairs (a `positiveInt` of 0 is still repaired away).
  @Test(arguments: tooLargeIntegers)
  func integerTooLargeIsKeptAsGivenEvenWhenRepairing(_ text: String) throws {
    #expect(FHIRPositiveInt.isTooLarge(text))
    for options in [DecodingOptions.lenient, .repairing] {
      let bytes = Array(#"{"frequency":\#(text),"period":0.5,"count":0}"#.utf8)
      let decoded = try FHIRR4.Timing.Repeat.decode(from: Chunked.tokens(bytes, chunkSize: bytes.count), options: options)
      let r = try #require(decoded.value)
      #expect(r.frequency?.value == nil)
      #expect(r.frequency?.invalidJSON == .number(JSONNumber(text)!))
      #expect(decoded.issues.contains { $0.path.description == "frequency" && $0.code == .invalidValue && $0.severity == .error })
      #expect(!decoded.repairs.contains { $0.path.description == "frequency" })
    }
    for fits in ["2147483647", "1.5", "0", "1e-400"] { #expect(!FHIRPositiveInt.isTooLarge(fits), "\(fits)") }
  }

  /// A `valueInteger` too large for 32 bits is kept as text, as a `valueQuantity.value` no
  /// `Double` holds is, whether the resource was decoded with repairs (the care pipeline) or not.
  @Test(arguments: tooLargeIntegers)
  func integerValueIsKeptAsText(_ text: String) throws {
    let json = Self.observation(#""valueInteger":\#(text),"component":[{"code":{"text":"c"},"valueInteger":\#(text)}]"#)
    for options in [DecodingOptions.lenient, .repairing] {
      let bytes = Array(json.utf8)
      let decoded = try FHIRR4.Observation.decode(from: Chunked.tokens(bytes, chunkSize: bytes.count), options: options)
      let converted = try R4ObservationCoder().decode(try #require(decoded.value))
      #expect(converted.value.values == [OutcomeValue(.text(text), kind: "k"), OutcomeValue(.text(text), kind: "c")])
      #expect(converted.report.issues.map(\.path.description) == ["valueInteger", "component[0].valueInteger"])
      #expect(converted.report.issues.allSatisfy { $0.severity == .information && !$0.message.contains(text) })
      #expect(converted.report.issues.first?.message == "a number too large for a 32-bit integer; kept as text")
      try Self.expectWritable(.outcome(converted.value))
    }
  }

  /// The finding of the ten-minute fuzz runs: a SampledData point `2014E2027` in a component.
  @Test func sampledDataPointIsSkippedAndReported() throws {
    let json = Self.observation(
      #""component":[{"code":{"text":"a"},"valueQuantity":{"value":2}},{"code":{"text":"s"},"valueSampledData":{"origin":{"value":10},"period":1,"dimensions":1,"factor":2,"data":"1 2014E2027 3"}}]"#)
    let converted = try R4ObservationCoder().decode(try Self.r4(FHIRR4.Observation.self, json))
    #expect(converted.value.values.map(\.value) == [.double(2), .double(12), .double(16)])
    #expect(converted.report.issues.map(\.path.description) == ["component[1].valueSampledData.data"])
    #expect(converted.report.issues.first?.severity == .error)
    try Self.expectWritable(.outcome(converted.value))
  }

  @Test func sampledDataPointWhoseValueOverflowsIsSkipped() throws {
    let json = Self.observation(
      #""valueSampledData":{"origin":{"value":0},"period":1,"dimensions":1,"factor":1e300,"data":"1e300 1"}"#)
    let converted = try R4ObservationCoder().decode(try Self.r4(FHIRR4.Observation.self, json))
    #expect(converted.value.values.map(\.value) == [.double(1e300)])
    #expect(converted.report.issues.map(\.path.description) == ["valueSampledData.data"])
  }

  @Test func sampledDataOriginThatDoesNotFitSkipsEveryPoint() throws {
    let json = Self.observation(#""valueSampledData":{"origin":{"value":-1e400},"period":1,"dimensions":1,"data":"1 2"}"#)
    let converted = try DSTU2ObservationCoder().decode(try Self.r4(FHIRDSTU2.Observation.self, json))
    #expect(converted.value.values.isEmpty)
    #expect(converted.report.issues.map(\.path.description) == ["valueSampledData.origin.value"])
    #expect(converted.report.issues.first?.severity == .error)
  }

  @Test func rangeBoundIsKeptAsTextAndRatioIsSkipped() throws {
    let range = try R4ObservationCoder().decode(
      try Self.r4(FHIRR4.Observation.self, Self.observation(#""valueRange":{"low":{"value":1e-400,"unit":"mg"},"high":{"value":5,"unit":"mg"}}"#)))
    #expect(range.value.values == [
      OutcomeValue(.double(5), units: "mg", kind: "k.high"), OutcomeValue(.text("1e-400"), units: "mg", kind: "k.low"),
    ])
    #expect(range.report.issues.map(\.path.description) == ["valueRange.low.value"])
    #expect(range.report.issues.first?.severity == .information)

    let ratio = try R4ObservationCoder().decode(
      try Self.r4(FHIRR4.Observation.self, Self.observation(#""valueRatio":{"numerator":{"value":1},"denominator":{"value":1e400}}"#)))
    #expect(ratio.value.values.isEmpty)
    #expect(ratio.report.issues.map(\.path.description) == ["valueRatio.denominator.value"])
    #expect(ratio.report.issues.first?.severity == .error)

    // Both parts fit, their quotient does not.
    let quotient = try R4ObservationCoder().decode(
      try Self.r4(FHIRR4.Observation.self, Self.observation(#""valueRatio":{"numerator":{"value":1e300},"denominator":{"value":1e-300}}"#)))
    #expect(quotient.value.values.isEmpty)
    #expect(quotient.report.issues.map(\.path.description) == ["valueRatio"])
  }

  /// referenceRange is not mapped (its elements are reported dropped): a number there that
  /// does not fit changes nothing.
  @Test func referenceRangeIsDroppedAsBefore() throws {
    let json = Self.observation(#""valueQuantity":{"value":5},"referenceRange":[{"low":{"value":1e400},"high":{"value":-1e400}}]"#)
    let converted = try R4ObservationCoder().decode(try Self.r4(FHIRR4.Observation.self, json))
    #expect(converted.value.values == [OutcomeValue(.double(5), kind: "k")])
    #expect(converted.report.issues.isEmpty)
    #expect(converted.report.dropped.keys.contains { $0.hasPrefix("Observation.referenceRange") })
  }

  @Test(arguments: unfit)
  func doseIsSkippedAndReported(_ text: String) throws {
    let json = #"{"resourceType":"MedicationRequest","id":"m1","status":"active","intent":"order","medicationCodeableConcept":{"text":"x"},"authoredOn":"2020-01-01","dosageInstruction":[{"timing":{"repeat":{"frequency":1,"period":1,"periodUnit":"d"}}},{"timing":{"repeat":{"frequency":1,"period":1,"periodUnit":"d"}},"doseAndRate":[{"doseQuantity":{"value":2,"unit":"mg"}},{"doseQuantity":{"value":\#(text),"unit":"mg"}}]}]}"#
    let converted = try R4MedicationRequestCoder().decode(try Self.r4(FHIRR4.MedicationRequest.self, json))
    let targets = converted.value.schedule.elements.flatMap(\.targetValues)
    #expect(targets.map(\.value) == [.double(2)])
    #expect(converted.report.issues.map(\.path.description) == ["dosageInstruction[1].doseAndRate[1].doseQuantity.value"])
    #expect(converted.report.issues.first?.resourceID == "m1")
    try Self.expectWritable(.task(converted.value))
  }

  @Test func dstu2DoseRangeBoundIsSkippedAndReported() throws {
    let json = #"{"resourceType":"MedicationOrder","id":"m2","status":"active","medicationCodeableConcept":{"text":"x"},"dateWritten":"2020-01-01","dosageInstruction":[{"timing":{"repeat":{"frequency":1,"period":1,"periodUnits":"d"}},"doseRange":{"low":{"value":1e400},"high":{"value":2}}}]}"#
    let converted = try DSTU2MedicationOrderCoder().decode(try Self.r4(FHIRDSTU2.MedicationOrder.self, json))
    #expect(converted.value.schedule.elements.flatMap(\.targetValues).map(\.value) == [.double(2)])
    // The unfit bound (error), then the range kept as targets (the approximation warning of any dose range).
    #expect(converted.report.issues.map(\.path.description) == ["dosageInstruction[0].doseRange.low.value", "dosageInstruction[0].doseRange"])
    #expect(converted.report.issues.map(\.severity) == [.error, .warning])
    try Self.expectWritable(.task(converted.value))
  }

  @Test func timingNumbersAreGuarded() throws {
    let json = #"{"resourceType":"MedicationRequest","id":"m3","status":"active","intent":"order","medicationCodeableConcept":{"text":"x"},"authoredOn":"2020-01-01","dosageInstruction":[{"timing":{"repeat":{"frequency":1,"period":1e400,"periodUnit":"d","duration":-1e400,"durationUnit":"h","boundsDuration":{"value":1e400,"unit":"d","system":"http://unitsofmeasure.org","code":"d"}}}}]}"#
    let converted = try R4MedicationRequestCoder().decode(try Self.r4(FHIRR4.MedicationRequest.self, json))
    #expect(converted.report.issues.map(\.path.description).sorted() == [
      "dosageInstruction[0].timing.repeat.boundsDuration.value", "dosageInstruction[0].timing.repeat.duration",
      "dosageInstruction[0].timing.repeat.period",
    ])
    #expect(converted.value.schedule.elements.allSatisfy { $0.duration == .allDay && $0.end == nil })
    try Self.expectWritable(.task(converted.value))
  }

  static func decode<T: FHIRDecodable>(_ type: T.Type, _ json: String, _ options: DecodingOptions) throws -> T {
    let bytes = Array(json.utf8)
    return try #require(try T.decode(from: Chunked.tokens(bytes, chunkSize: bytes.count), options: options).value)
  }

  static func request(_ id: String, _ repeats: [String]) -> String {
    let dosages = repeats.map { #"{"timing":{"repeat":\#($0)}}"# }.joined(separator: ",")
    return #"{"resourceType":"MedicationRequest","id":"\#(id)","status":"active","intent":"order","medicationCodeableConcept":{"text":"x"},"authoredOn":"2020-01-01","dosageInstruction":[\#(dosages)]}"#
  }

  /// Timing decimals that no `Double` holds, `1e-400` (zero as one) included, in `period`,
  /// `duration`, `boundsDuration` and `boundsRange`: each skipped with an error at its path (not
  /// "not a positive number": it is positive), the schedule as without it.
  @Test(arguments: ["1e400", "-1e400", "1e-400"])
  func timingDecimalsAreSkippedAndReported(_ text: String) throws {
    let json = Self.request("m4", [
      #"{"frequency":1,"period":\#(text),"periodUnit":"d","duration":\#(text),"durationUnit":"h","timeOfDay":["08:00:00"],"boundsRange":{"low":{"value":\#(text),"code":"d"},"high":{"value":\#(text),"code":"d"}}}"#,
      #"{"frequency":1,"period":1,"periodUnit":"d","boundsDuration":{"value":\#(text),"code":"d"}}"#,
    ])
    let converted = try R4MedicationRequestCoder().decode(try Self.decode(FHIRR4.MedicationRequest.self, json, .repairing))
    let issues = converted.report.issues
    #expect(issues.map(\.path.description).sorted() == [
      "dosageInstruction[0].timing.repeat.boundsRange.high.value", "dosageInstruction[0].timing.repeat.boundsRange.low.value",
      "dosageInstruction[0].timing.repeat.duration", "dosageInstruction[0].timing.repeat.period",
      "dosageInstruction[1].timing.repeat.boundsDuration.value",
    ])
    #expect(issues.allSatisfy { ConversionReport.isNumberSkipped($0) && $0.resourceType == "MedicationRequest" && $0.resourceID == "m4" })
    #expect(issues.allSatisfy { !$0.message.contains(text) })
    // Skipped: a period of 1 day, no duration (the element's own: 0 s at a clock time), no end.
    let elements = converted.value.schedule.elements
    #expect(elements.count == 2 && elements.allSatisfy { $0.end == nil && $0.interval == DateComponents(day: 1) })
    #expect(elements.first?.duration == .seconds(0))
    try Self.expectWritable(.task(converted.value))

    let dstu2 = #"{"resourceType":"MedicationOrder","id":"m5","status":"active","medicationCodeableConcept":{"text":"x"},"dateWritten":"2020-01-01","dosageInstruction":[{"timing":{"repeat":{"frequency":1,"period":\#(text),"periodUnits":"d","duration":\#(text),"durationUnits":"h","boundsRange":{"high":{"value":\#(text),"code":"d"}}}}}]}"#
    let order = try DSTU2MedicationOrderCoder().decode(try Self.decode(FHIRDSTU2.MedicationOrder.self, dstu2, .repairing))
    #expect(order.report.issues.map(\.path.description).sorted() == [
      "dosageInstruction[0].timing.repeat.boundsRange.high.value", "dosageInstruction[0].timing.repeat.duration",
      "dosageInstruction[0].timing.repeat.period",
    ])
    #expect(order.value.schedule.elements.allSatisfy { $0.duration == .allDay && $0.end == nil })
  }

  /// Timing integers too large for 32 bits (`frequency`, `count`, `offset`), kept as given by the
  /// models even when repairing: each skipped with an error at its path (the frequency is not
  /// silently defaulted), with or without repairs.
  @Test(arguments: [String(repeating: "9", count: 400), "1e400"])
  func timingIntegersAreSkippedAndReported(_ text: String) throws {
    let json = Self.request("m6", [#"{"frequency":\#(text),"count":\#(text),"period":1,"periodUnit":"d","when":["MORN"],"offset":\#(text)}"#])
    for options in [DecodingOptions.lenient, .repairing] {
      let converted = try R4MedicationRequestCoder().decode(try Self.decode(FHIRR4.MedicationRequest.self, json, options))
      let issues = converted.report.issues
      #expect(issues.map(\.path.description).sorted() == [
        "dosageInstruction[0].timing.repeat.count", "dosageInstruction[0].timing.repeat.frequency",
        "dosageInstruction[0].timing.repeat.offset",
      ])
      #expect(issues.allSatisfy { $0.message == ConversionReport.integerSkippedMessage && $0.resourceID == "m6" })
      #expect(issues.allSatisfy { ConversionReport.isNumberSkipped($0) && !$0.message.contains(text) })
      // One element a day at the morning's clock time, without end.
      #expect(converted.value.schedule.elements.count == 1 && converted.value.schedule.elements.first?.end == nil)
    }
    let dstu2 = #"{"resourceType":"MedicationOrder","id":"m7","status":"active","medicationCodeableConcept":{"text":"x"},"dateWritten":"2020-01-01","dosageInstruction":[{"timing":{"repeat":{"frequency":\#(text),"count":\#(text),"period":1,"periodUnits":"d"}}}]}"#
    let order = try DSTU2MedicationOrderCoder().decode(try Self.decode(FHIRDSTU2.MedicationOrder.self, dstu2, .repairing))
    #expect(order.report.issues.map(\.path.description).sorted() == [
      "dosageInstruction[0].timing.repeat.count", "dosageInstruction[0].timing.repeat.frequency",
    ])
  }

  @Test func activityQuantityIsSkippedAndReported() throws {
    let json = #"{"resourceType":"CarePlan","id":"p1","status":"active","intent":"plan","subject":{"reference":"Patient/x"},"activity":[{"detail":{"status":"scheduled","code":{"text":"walk"},"scheduledTiming":{"repeat":{"frequency":1,"period":1,"periodUnit":"d"}},"quantity":{"value":1e400}}}]}"#
    let converted = try R4CarePlanCoder().decodeWithTasks(try Self.r4(FHIRR4.CarePlan.self, json))
    let task = try #require(converted.tasks.first)
    #expect(task.value.schedule.elements.allSatisfy { $0.targetValues.isEmpty })
    #expect(task.report.issues.map(\.path.description) == ["activity[0].detail.quantity.value"])
    #expect(task.report.issues.first?.resourceType == "CarePlan")
  }
}

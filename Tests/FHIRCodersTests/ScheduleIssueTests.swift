import CareModel
import FHIRCoders
import FHIRCore
import FHIRDSTU2
import FHIRJSON
import FHIRR4
import Foundation
import Testing

/// Timings FHIR forbids — a period of 0 or less (tim-5), bounds or a period ending before
/// they start (per-1) — become located issues in the coder's report, with a schedule
/// that still makes sense, never a crash or an endless schedule.
@Suite struct ScheduleIssueTests {
  static let utc = TimeZone(identifier: "UTC")!
  static let anchor = Date(timeIntervalSince1970: 1_704_067_200)  // 2024-01-01T00:00:00Z

  func tokens(_ json: String) throws -> JSONTokens {
    try Array(json.utf8).withUnsafeBytes { try JSONTokens(parsing: $0) }
  }

  func r4Request(dosage: String) throws -> FHIRR4.MedicationRequest {
    let json = """
      {"resourceType":"MedicationRequest","id":"mr-1","status":"active","intent":"order",
       "medicationCodeableConcept":{"text":"x"},"subject":{"reference":"Patient/p"},
       "authoredOn":"2024-01-01","dosageInstruction":[\(dosage)]}
      """
    return try #require(FHIRR4.MedicationRequest.decode(from: tokens(json)).value)
  }

  @Test(arguments: ["0", "-1", "-0.5"])
  func periodNotPositiveIsReportedAtItsDosage(_ period: String) throws {
    let request = try r4Request(dosage: """
      {"text":"first"},{"timing":{"repeat":{"frequency":1,"period":\(period),"periodUnit":"h"}}}
      """)
    let converted = try R4MedicationRequestCoder().decode(request)
    let issue = try #require(converted.report.issues.first)
    #expect(converted.report.issues.count == 1)
    #expect(issue.path.description == "dosageInstruction[1].timing.repeat.period")
    #expect(issue.code == .invalidValue && issue.severity == .error)
    #expect(issue.resourceType == "MedicationRequest" && issue.resourceID == "mr-1")
    #expect(!issue.message.contains(period))
    // One unit is used instead: every hour, not every 0 hours.
    #expect(converted.value.schedule.elements.last?.interval == DateComponents(hour: 1))
    // One problem, counted once: the issue and the period defaulted, not also dropped or unrepresentable.
    #expect(converted.report.defaulted["MedicationRequest.dosageInstruction.timing.repeat.period"] == 1)
    #expect(converted.report.dropped["MedicationRequest.dosageInstruction.timing.repeat.period"] == nil)
    #expect(converted.report.unrepresentable["MedicationRequest.dosageInstruction.timing.repeat.period"] == nil)
  }

  @Test func positivePeriodHasNoIssue() throws {
    let request = try r4Request(dosage: #"{"timing":{"repeat":{"frequency":1,"period":8,"periodUnit":"h"}}}"#)
    let converted = try R4MedicationRequestCoder().decode(request)
    #expect(converted.report.issues.isEmpty)
    #expect(converted.value.schedule.elements.first?.interval == DateComponents(hour: 8))
  }

  @Test func boundsEndingBeforeTheStartAreReportedAndTheEndDropped() throws {
    let request = try r4Request(dosage: """
      {"timing":{"repeat":{"frequency":1,"period":1,"periodUnit":"d",
        "boundsPeriod":{"start":"2021-06-01","end":"2020-06-01"}}}}
      """)
    let converted = try R4MedicationRequestCoder().decode(request)
    #expect(converted.report.issues.map(\.path.description) == ["dosageInstruction[0].timing.repeat.boundsPeriod"])
    let element = try #require(converted.value.schedule.elements.first)
    #expect(element.end == nil)
    // Not mapped, so the element accounting lists it as dropped — once, and nothing else.
    #expect(converted.report.dropped["MedicationRequest.dosageInstruction.timing.repeat.boundsPeriod.end"] == 1)
    #expect(converted.report.unrepresentable["MedicationRequest.dosageInstruction.timing.repeat.boundsPeriod.end"] == nil)
  }

  @Test func boundsEndingOnTheStartDayAreKept() throws {
    let request = try r4Request(dosage: """
      {"timing":{"repeat":{"period":1,"periodUnit":"d","boundsPeriod":{"start":"2021-06-01","end":"2021-06-01"}}}}
      """)
    let converted = try R4MedicationRequestCoder().decode(request)
    #expect(converted.report.issues.isEmpty)
    #expect(converted.value.schedule.elements.first?.end != nil)
  }

  @Test func dstu2OrderReportsThePeriod() throws {
    let json = """
      {"resourceType":"MedicationOrder","id":"mo-1","status":"active","medicationCodeableConcept":{"text":"x"},
       "dateWritten":"2024-01-01","dosageInstruction":[{"timing":{"repeat":{"frequency":1,"period":0,"periodUnits":"d"}}}]}
      """
    let order = try #require(FHIRDSTU2.MedicationOrder.decode(from: tokens(json)).value)
    let converted = try DSTU2MedicationOrderCoder().decode(order)
    #expect(converted.report.issues.map(\.path.description) == ["dosageInstruction[0].timing.repeat.period"])
    #expect(converted.report.issues.first?.resourceType == "MedicationOrder")
  }

  @Test func carePlanActivityPeriodEndingBeforeItStarts() throws {
    let json = """
      {"resourceType":"CarePlan","id":"cp-1","status":"active","intent":"plan","subject":{"reference":"Patient/p"},
       "activity":[{"detail":{"status":"scheduled","description":"a"}},
                   {"detail":{"status":"scheduled","description":"b","scheduledPeriod":{"start":"2022-01-02","end":"2022-01-01"}}},
                   {"detail":{"status":"scheduled","description":"c","scheduledTiming":{"repeat":{"period":-2,"periodUnit":"d"}}}}]}
      """
    let plan = try #require(FHIRR4.CarePlan.decode(from: tokens(json)).value)
    let (_, tasks) = try R4CarePlanCoder().decodeWithTasks(plan)
    let issues = tasks.flatMap(\.report.issues)
    #expect(issues.map(\.path.description) == [
      "activity[1].detail.scheduledPeriod", "activity[2].detail.scheduledTiming.repeat.period",
    ])
    #expect(issues.allSatisfy { $0.resourceType == "CarePlan" && $0.resourceID == "cp-1" })
    #expect(tasks[1].value.schedule.elements.first?.end == nil)
  }

  @Test func issuesMergeWithTheirReports() {
    var a = ConversionReport()
    a.issue(.invalidValue, "x", at: JSONPath([.key("a")]))
    var b = ConversionReport()
    b.issue(.invalidValue, "y", at: JSONPath([.key("b")]))
    a.merge(b)
    #expect(a.issues.map(\.path.description) == ["a", "b"])
  }
  @Test func periodWithoutUnitIsReportedAndDaysAssumed() throws {
    let request = try r4Request(dosage: #"{"timing":{"repeat":{"frequency":1,"period":4}}}"#)
    let converted = try R4MedicationRequestCoder().decode(request)
    let issue = try #require(converted.report.issues.first)
    #expect(converted.report.issues.count == 1)
    #expect(issue.path.description == "dosageInstruction[0].timing.repeat.periodUnit")
    #expect(issue.code == .required && issue.severity == .error && issue.message.contains("tim-2"))
    #expect(converted.value.schedule.elements.first?.interval == DateComponents(day: 4))
    #expect(converted.report.defaulted["MedicationRequest.dosageInstruction.timing.repeat.periodUnit"] == 1)
    // A frequency alone (no period) is not tim-2's case: one a day, defaulted, no issue.
    let daily = try R4MedicationRequestCoder().decode(try r4Request(dosage: #"{"timing":{"repeat":{"frequency":2}}}"#))
    #expect(daily.report.issues.isEmpty)
  }

  /// DSTU2 names it `periodUnits`: an order written with R4's `periodUnit` has no unit there.
  @Test func dstu2PeriodWithR4UnitNameIsReportedAtPeriodUnits() throws {
    let json = """
      {"resourceType":"MedicationOrder","id":"mo","patient":{"reference":"Patient/p"},"dateWritten":"2015-06-01",
       "medicationCodeableConcept":{"text":"Albuterol"},
       "dosageInstruction":[{"timing":{"repeat":{"frequency":1,"period":4,"periodUnit":"h"}}}]}
      """
    let order = try #require(FHIRDSTU2.MedicationOrder.decode(from: tokens(json)).value)
    let converted = try DSTU2MedicationOrderCoder().decode(order)
    #expect(converted.report.issues.map(\.path.description) == ["dosageInstruction[0].timing.repeat.periodUnits"])
    #expect(converted.report.dropped["MedicationOrder.dosageInstruction.timing.repeat.periodUnit"] == 1)
    #expect(converted.report.defaulted["MedicationOrder.dosageInstruction.timing.repeat.periodUnits"] == 1)
  }

  @Test func durationWithoutUnitIsReportedAndSecondsAssumed() throws {
    let request = try r4Request(
      dosage: #"{"timing":{"repeat":{"frequency":1,"period":1,"periodUnit":"d","timeOfDay":["08:00:00"],"duration":30}}}"#)
    let converted = try R4MedicationRequestCoder().decode(request)
    #expect(converted.report.issues.map(\.path.description) == ["dosageInstruction[0].timing.repeat.durationUnit"])
    #expect(converted.report.issues.first?.code == .required)
    #expect(converted.value.schedule.elements.first?.duration == .seconds(30))
  }
}

/// Regressions: timings whose numbers are too big for the schedule (found by feeding the
/// `r4-coders` fuzz target hand-made extremes) trapped or ran without end.
@Suite struct ScheduleExtremeTests {
  func elements(_ configure: (inout TimingPattern) -> Void) -> ([ScheduleElement], ConversionReport) {
    var p = TimingPattern()
    p.hasRepeat = true
    configure(&p)
    var report = ConversionReport()
    let anchor = Date(timeIntervalSince1970: 1_704_067_200)
    let result = ScheduleDecoding.elements(p, path: "T", anchor: anchor, zone: TimeZone(identifier: "UTC")!, report: &report)
    return (result, report)
  }

  @Test(arguments: [1e300, 1e19, 1_000_001])
  func hugePeriodIsUnrepresentableNotATrap(_ period: Double) {
    let (result, report) = elements { $0.frequency = 1; $0.period = period; $0.periodUnit = "d" }
    #expect(result.count == 1)
    #expect(report.unrepresentable["T.repeat.period"] == 1)
  }

  @Test func hugeFrequencyIsCapped() {
    let (result, report) = elements { $0.frequency = 2_000_000_000; $0.period = 1; $0.periodUnit = "d" }
    #expect(result.count == TimingUnit.maxFrequency)
    #expect(report.unrepresentable["T.repeat.frequency"] != nil)
  }

  @Test func hugeCountOverALongPeriodIsUnrepresentableNotATrap() {
    let (result, report) = elements { $0.count = Int.max / 2; $0.period = 1_000_000; $0.periodUnit = "wk" }
    #expect(result.count == 1)
    #expect(report.unrepresentable["T.repeat.count"] != nil)
  }

  @Test func theFuzzInputConvertsWithoutTrapping() throws {
    let json = """
      {"resourceType":"MedicationRequest","id":"x","status":"active","intent":"order","subject":{"reference":"Patient/p"},
       "dosageInstruction":[{"timing":{"repeat":{"frequency":1,"period":1e300,"periodUnit":"d"}}}]}
      """
    let tokens = try Array(json.utf8).withUnsafeBytes { try JSONTokens(parsing: $0) }
    let request = try #require(FHIRR4.MedicationRequest.decode(from: tokens).value)
    let converted = try R4MedicationRequestCoder().decode(request)
    #expect(converted.value.schedule.elements.first?.interval == DateComponents(day: 1))
  }
}

import CareModel
@testable import FHIRCoders
import FHIRCore
import FHIRJSON
import FHIRR4
import FHIRTestSupport
import Foundation
import Testing

/// Time zones (a daily 08:00 dose stays at 08:00 across daylight saving changes in
/// America/New_York) and the timings that cannot be represented exactly, reported with the
/// resource's type and id.
@Suite struct MedicationScheduleZoneReportTests {
  static let zoneExtension = #""extension":[{"url":"http://hl7.org/fhir/StructureDefinition/timezone","valueCode":"America/New_York"}]"#

  static func daily8(_ start: String, _ end: String, zoned: Bool = true) -> String {
    #"{"timing":{\#(zoned ? zoneExtension + "," : "")"repeat":{"boundsPeriod":{"start":"\#(start)","end":"\#(end)"},"timeOfDay":["08:00:00"]}}}"#
  }

  func check(_ task: TaskEntity, from: String, to: String, _ expected: [String]) throws {
    let from = MedicationScheduleSupport.date(from), to = MedicationScheduleSupport.date(to)
    #expect(try MedicationScheduleSupport.occurrences(task, from: from, to: to) == expected)
    for (release, back) in try MedicationScheduleSupport.roundTrips(task) {
      #expect(back.timezone.identifier == "America/New_York", "\(release)")
      #expect(try MedicationScheduleSupport.occurrences(back, from: from, to: to) == expected, "\(release)")
    }
  }

  /// 2024-03-10: clocks go forward; 08:00 EST is 13:00Z, 08:00 EDT 12:00Z.
  @Test func springForwardKeepsTheClockTime() throws {
    let task = try MedicationScheduleSupport.decode(MedicationScheduleSupport.request("dst1", dosages: [Self.daily8("2024-03-09", "2024-03-11")])).value
    #expect(task.timezone.identifier == "America/New_York")
    try check(task, from: "2024-03-01T00:00:00Z", to: "2024-04-01T00:00:00Z",
      ["2024-03-09T13:00:00Z", "2024-03-10T12:00:00Z", "2024-03-11T12:00:00Z"])
  }

  /// 2024-11-03: clocks go back.
  @Test func fallBackKeepsTheClockTime() throws {
    let task = try MedicationScheduleSupport.decode(MedicationScheduleSupport.request("dst2", dosages: [Self.daily8("2024-11-02", "2024-11-04")])).value
    try check(task, from: "2024-10-01T00:00:00Z", to: "2024-12-01T00:00:00Z",
      ["2024-11-02T12:00:00Z", "2024-11-03T13:00:00Z", "2024-11-04T13:00:00Z"])
  }

  /// A CarePlan activity's timing zone is its task's zone too.
  /// Also, without one, a patient zone given to the activity coder.
  @Test(arguments: [true, false])
  func activityTimingZone(zoned: Bool) throws {
    let json = #"{"resourceType":"CarePlan","id":"cp","status":"active","intent":"plan","subject":{"reference":"Patient/p"},"period":{"start":"2024-03-01T09:00:00Z"},"activity":[{"detail":{"status":"scheduled","description":"Walk","scheduledTiming":"#
      + String(Self.daily8("2024-03-09", "2024-03-11", zoned: zoned).dropFirst(#"{"timing":"#.count).dropLast()) + "}}]}"
    let bytes = Array(json.utf8)
    guard case .carePlan(let plan)? = try FHIRR4.AnyResource.decode(from: Chunked.tokens(bytes, chunkSize: bytes.count)).value else {
      Issue.record("not a plan")
      return
    }
    var coder = R4CarePlanCoder()
    if !zoned { coder.activityCoder.timeZone = TimeZone(identifier: "America/New_York") }
    let (decoded, tasks) = try coder.decodeWithTasks(plan)
    let task = try #require(tasks.first?.value)
    #expect(task.timezone.identifier == "America/New_York")
    let expected = ["2024-03-09T13:00:00Z", "2024-03-10T12:00:00Z", "2024-03-11T12:00:00Z"]
    let from = MedicationScheduleSupport.date("2024-03-01T00:00:00Z"), to = MedicationScheduleSupport.date("2024-04-01T00:00:00Z")
    #expect(try MedicationScheduleSupport.occurrences(task, from: from, to: to) == expected)
    let again = try coder.decodeWithTasks(try coder.encode(decoded.value, tasks: [task]).value).tasks
    let back = try #require(again.first?.value)
    #expect(back.timezone.identifier == "America/New_York")
    #expect(try MedicationScheduleSupport.occurrences(back, from: from, to: to) == expected)
  }

  /// DSTU2 has no `timeOfDay`: written as the R4 cross-version extension, read back and
  /// accounted as mapped; the Timing's zone extension likewise.
  @Test func dstu2CarriesTimeOfDayAndZone() throws {
    let task = try MedicationScheduleSupport.decode(MedicationScheduleSupport.request("d2", dosages: [Self.daily8("2024-03-09", "2024-03-11")])).value
    let coder = DSTU2MedicationOrderCoder()
    let written = try coder.encode(task)
    #expect(written.report.unrepresentable.isEmpty)
    let back = try coder.decode(written.value)
    #expect(back.report.dropped.keys.filter { $0.contains("timing") } == [])
    #expect(back.report.mapped["MedicationOrder.dosageInstruction.timing.repeat.extension"] == 1)
    #expect(back.report.mapped["MedicationOrder.dosageInstruction.timing.extension"] == 1)
  }

  /// Without a Timing zone, a patient's zone given to the coder is used.
  @Test func patientZoneWhenTheTimingNamesNone() throws {
    var coder = R4MedicationRequestCoder()
    coder.timeZone = TimeZone(identifier: "America/New_York")
    let task = try MedicationScheduleSupport.decode(
      MedicationScheduleSupport.request("dst3", dosages: [Self.daily8("2024-03-09", "2024-03-11", zoned: false)]), coder: coder).value
    try check(task, from: "2024-03-01T00:00:00Z", to: "2024-04-01T00:00:00Z",
      ["2024-03-09T13:00:00Z", "2024-03-10T12:00:00Z", "2024-03-11T12:00:00Z"])
  }

  /// Without any zone, the fixed offset of the date written.
  @Test func fixedOffsetOtherwise() throws {
    let task = try MedicationScheduleSupport.decode(
      MedicationScheduleSupport.request("dst4", dosages: [Self.daily8("2024-03-09", "2024-03-11", zoned: false)])).value
    #expect(task.timezone.secondsFromGMT() == 0)
    #expect(try MedicationScheduleSupport.occurrences(
      task, from: MedicationScheduleSupport.date("2024-03-01T00:00:00Z"), to: MedicationScheduleSupport.date("2024-04-01T00:00:00Z"))
      == ["2024-03-09T08:00:00Z", "2024-03-10T08:00:00Z", "2024-03-11T08:00:00Z"])
  }

  func issues(_ id: String, _ dosage: String) throws -> (ConversionReport, TaskEntity) {
    let converted = try MedicationScheduleSupport.decode(MedicationScheduleSupport.request(id, dosages: [dosage]))
    for issue in converted.report.issues {
      #expect(issue.resourceType == "MedicationRequest")
      #expect(issue.resourceID == id)
    }
    return (converted.report, converted.value)
  }

  @Test func periodZeroIsReportedByResourceID() throws {
    let (report, task) = try issues("p0", #"{"timing":{"repeat":{"frequency":1,"period":0,"periodUnit":"h"}}}"#)
    #expect(report.issues.map(\.path.description) == ["dosageInstruction[0].timing.repeat.period"])
    Self.expectOneDisposition(report, .defaulted, at: "MedicationRequest.dosageInstruction.timing.repeat.period")
    // One hour is used, and CareKit can evaluate it.
    #expect(task.schedule.elements.map(\.interval) == [DateComponents(hour: 1)])
    #expect(try MedicationScheduleSupport.occurrences(
      task, from: MedicationScheduleSupport.date("2024-03-10T00:00:00Z"), to: MedicationScheduleSupport.date("2024-03-10T12:00:00Z"))
      == ["2024-03-10T09:00:00Z", "2024-03-10T10:00:00Z", "2024-03-10T11:00:00Z"])
  }

  @Test func negativePeriodIsReportedByResourceID() throws {
    let (report, _) = try issues("neg", #"{"timing":{"repeat":{"frequency":1,"period":-2,"periodUnit":"d"}}}"#)
    #expect(report.issues.map(\.path.description) == ["dosageInstruction[0].timing.repeat.period"])
    #expect(report.issues.allSatisfy { $0.severity == .error })
    Self.expectOneDisposition(report, .defaulted, at: "MedicationRequest.dosageInstruction.timing.repeat.period")
  }

  @Test func reversedBoundsAreReportedByResourceID() throws {
    let (report, task) = try issues(
      "rev", #"{"timing":{"repeat":{"boundsPeriod":{"start":"2024-03-14","end":"2024-03-12"},"frequency":1,"period":1,"periodUnit":"d"}}}"#)
    #expect(report.issues.map(\.path.description) == ["dosageInstruction[0].timing.repeat.boundsPeriod"])
    Self.expectOneDisposition(report, .dropped, at: "MedicationRequest.dosageInstruction.timing.repeat.boundsPeriod.end")
    #expect(task.schedule.elements.map(\.end) == [nil])
  }

  /// One problem, counted once: `path` has `disposition` once and no other disposition but mapped.
  static func expectOneDisposition(
    _ report: ConversionReport, _ disposition: ConversionReport.Disposition, at path: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    for other in ConversionReport.Disposition.allCases where other != .mapped {
      #expect(report[other][path] == (other == disposition ? 1 : nil), "\(other)", sourceLocation: sourceLocation)
    }
  }

  @Test func doseRangeIsReportedByResourceID() throws {
    let (report, task) = try issues(
      "range", #"{"timing":{"code":{"text":"QD"}},"doseAndRate":[{"doseRange":{"low":{"value":1,"unit":"tablet"},"high":{"value":2,"unit":"tablet"}}}]}"#)
    #expect(report.issues.map(\.path.description) == ["dosageInstruction[0].doseAndRate[0].doseRange"])
    #expect(report.issues.map(\.severity) == [.warning])
    #expect(report.unrepresentable["MedicationRequest.dosageInstruction.doseAndRate.doseRange"] == 1)
    #expect(task.schedule.elements.first?.targetValues.map(\.kind) == ["dose.low", "dose.high"])
    // Written back as a range.
    let written = try R4MedicationRequestCoder().encode(task).value
    guard case .range(let range)? = written.dosageInstruction.first?.doseAndRate.first?.dose else {
      Issue.record("no dose range written")
      return
    }
    #expect(range.high?.value?.value?.doubleValue == 2)
  }

  /// A count shared by elements whose starts lie further apart than their interval cannot be
  /// split in time order: it is reported; within one interval it is exact.
  @Test func countSplitIsReportedWhenInexact() throws {
    let (exact, _) = try issues("cnt", #"{"timing":{"repeat":{"count":3,"dayOfWeek":["mon","fri"],"timeOfDay":["08:00:00"],"period":1,"periodUnit":"wk"}}}"#)
    #expect(exact.unrepresentable["MedicationRequest.dosageInstruction.timing.repeat.count"] == nil)
    let (inexact, _) = try issues("cnt2", #"{"timing":{"repeat":{"count":3,"timeOfDay":["08:00:00","20:00:00"],"period":4,"periodUnit":"h"}}}"#)
    #expect(inexact.unrepresentable["MedicationRequest.dosageInstruction.timing.repeat.count"] == 1)
    let (weekly, _) = try issues("cnt3", #"{"timing":{"repeat":{"frequency":3,"period":1,"periodUnit":"wk"}}}"#)
    #expect(weekly.unrepresentable["MedicationRequest.dosageInstruction.timing.repeat.frequency"] == 1)
  }
}

import CareModel
@testable import FHIRCoders
import FHIRCore
import FHIRDSTU2
import FHIRR4
import FHIRTestSupport
import Foundation
import Testing

/// An order or plan activity that has ended schedules nothing after it ended: a stopped warfarin
/// is no reminder today and no years of missed doses. A known end date (DSTU2 `dateEnded`, the
/// plan's `period.end`) ends every pattern there; an ended status without a date keeps only the
/// first day of each pattern without end (CareKit needs one occurrence), reported unrepresentable.
@Suite struct ScheduleStopTests {
  static let nightly = #"{"timing":{"repeat":{"frequency":1,"period":1,"periodUnit":"d","timeOfDay":["21:00:00"]}}}"#
  static let year = (MedicationScheduleSupport.date("2024-01-01T00:00:00Z"), MedicationScheduleSupport.date("2025-01-01T00:00:00Z"))

  /// The R4 order of `dosages` with `status`.
  static func order(status: String, dosages: String = nightly) throws -> Converted<TaskEntity> {
    let json = MedicationScheduleSupport.request("o", dosages: [dosages])
      .replacingOccurrences(of: #""status":"active""#, with: #""status":"\#(status)""#)
    return try MedicationScheduleSupport.decode(json)
  }

  static func occurrences(_ task: TaskEntity) throws -> [String] {
    try MedicationScheduleSupport.occurrences(task, from: year.0, to: year.1)
  }

  @Test(
    "a stopped, completed, cancelled, held or draft R4 order keeps only its first day",
    arguments: ["stopped", "completed", "cancelled", "on-hold", "draft"])
  func endedWithoutDate(status: String) throws {
    let converted = try Self.order(status: status)
    #expect(try Self.occurrences(converted.value) == ["2024-03-10T21:00:00Z"])
    #expect(converted.report.mapped["MedicationRequest.status"] == 1)
    #expect(converted.report.unrepresentable["MedicationRequest.status"] == 1)
    #expect(converted.report.dropped["MedicationRequest.status"] == nil)
  }

  @Test("an active order, or one of unknown status, keeps its schedule", arguments: ["active", "unknown"])
  func notEnded(status: String) throws {
    let converted = try Self.order(status: status)
    #expect(try Self.occurrences(converted.value).count == 297)  // 10 March to 31 December
    #expect(converted.value.schedule.elements.allSatisfy { $0.end == nil })
    #expect(converted.report.unrepresentable["MedicationRequest.status"] == nil)
  }

  @Test("a stopped order whose course ends already keeps it whole; a taper's open last phase keeps its first day")
  func boundedCourse() throws {
    let week = #"{"timing":{"repeat":{"boundsDuration":{"value":7,"unit":"d"},"frequency":1,"period":1,"periodUnit":"d","timeOfDay":["21:00:00"]}}}"#
    #expect(try Self.occurrences(try Self.order(status: "stopped", dosages: week).value).count == 7)
    let taper =
      #"{"sequence":1,"timing":{"repeat":{"boundsDuration":{"value":3,"unit":"d"},"frequency":1,"period":1,"periodUnit":"d","timeOfDay":["21:00:00"]}}},"#
      + #"{"sequence":2,"timing":{"repeat":{"frequency":1,"period":1,"periodUnit":"d","timeOfDay":["21:00:00"]}}}"#
    let stopped = try Self.order(status: "completed", dosages: taper).value
    #expect(try Self.occurrences(stopped) == ["2024-03-10T21:00:00Z", "2024-03-11T21:00:00Z", "2024-03-12T21:00:00Z", "2024-03-13T21:00:00Z"])
  }

  @Test("an order ended without a date still writes and reads back the same schedule")
  func roundTrip() throws {
    let task = try Self.order(status: "stopped").value
    for (release, back) in try MedicationScheduleSupport.roundTrips(task) {
      #expect(back.schedule == task.schedule, "\(release)")
    }
  }

  /// A DSTU2 order with `status` and, when given, `dateEnded`.
  static func dstu2(status: String, dateEnded: String?) throws -> Converted<TaskEntity> {
    let ended = dateEnded.map { #""dateEnded":"\#($0)","# } ?? ""
    let json = #"{"resourceType":"MedicationOrder","id":"o","patient":{"reference":"Patient/p"},"dateWritten":"2024-03-10T09:00:00Z","status":"\#(status)",\#(ended)"medicationCodeableConcept":{"text":"Warfarin"},"dosageInstruction":[{"timing":{"repeat":{"frequency":1,"period":1,"periodUnits":"d"}}}]}"#
    let bytes = Array(json.utf8)
    guard case .medicationOrder(let order)? = try FHIRDSTU2.AnyResource.decode(from: Chunked.tokens(bytes, chunkSize: bytes.count)).value
    else { throw CocoaError(.coderReadCorrupt) }
    return try DSTU2MedicationOrderCoder().decode(order)
  }

  @Test("a DSTU2 order ends through the day of its dateEnded, whatever its status", arguments: ["stopped", "active"])
  func dateEnded(status: String) throws {
    let converted = try Self.dstu2(status: status, dateEnded: "2024-03-15")
    #expect(try Self.occurrences(converted.value).count == 6)  // 10 to 15 March
    #expect(converted.value.schedule.elements.map(\.end) == [MedicationScheduleSupport.date("2024-03-16T00:00:00Z")])
    #expect(converted.report.mapped["MedicationOrder.dateEnded"] == 1)
    #expect(converted.report.unrepresentable["MedicationOrder.status"] == nil)
    #expect(converted.report.issues.isEmpty)
  }

  @Test("a dateEnded with a time ends the schedule at that instant, and writes and reads back the same")
  func dateEndedInstant() throws {
    let converted = try Self.dstu2(status: "stopped", dateEnded: "2024-03-15T00:00:00.000Z")
    #expect(converted.value.schedule.elements.map(\.end) == [MedicationScheduleSupport.date("2024-03-15T00:00:00Z")])
    #expect(try Self.occurrences(converted.value).count == 5)  // 10 to 14 March
    for (release, back) in try MedicationScheduleSupport.roundTrips(converted.value) {
      #expect(back.schedule == converted.value.schedule, "\(release)")
    }
  }

  @Test("a DSTU2 order stopped without dateEnded keeps its first day; one ended before it starts says so")
  func dstu2Undated() throws {
    let undated = try Self.dstu2(status: "stopped", dateEnded: nil)
    #expect(try Self.occurrences(undated.value).map { $0.prefix(10) } == ["2024-03-10"])
    #expect(undated.report.unrepresentable["MedicationOrder.status"] == 1)
    let early = try Self.dstu2(status: "stopped", dateEnded: "2024-03-01")
    #expect(try Self.occurrences(early.value).map { $0.prefix(10) } == ["2024-03-10"])
    let issue = try #require(early.report.issues.first)
    #expect(issue.path.description == "dateEnded")
    #expect(issue.resourceID == "o")
  }

  /// The tasks of an R4 CarePlan of `status` with `period` whose one activity has `activityStatus`
  /// and no `scheduled[x]` (daily from the plan's start).
  static func planTasks(
    status: String, period: String, activityStatus: String, scheduled: String = "", coder: R4CarePlanCoder = R4CarePlanCoder()
  ) throws -> [Converted<TaskEntity>] {
    let json = #"{"resourceType":"CarePlan","id":"cp","status":"\#(status)","intent":"plan","subject":{"reference":"Patient/p"},"period":\#(period),"activity":[{"detail":{"status":"\#(activityStatus)",\#(scheduled)"description":"Walk"}}]}"#
    let bytes = Array(json.utf8)
    guard case .carePlan(let plan)? = try FHIRR4.AnyResource.decode(from: Chunked.tokens(bytes, chunkSize: bytes.count)).value
    else { throw CocoaError(.coderReadCorrupt) }
    let decoded = try coder.decodeWithTasks(plan)
    return decoded.tasks
  }

  @Test(
    "a plan's dates are days in the Task's zone: a daily 08:00 activity of a plan from 1 to 3 March is due three times, east or west of UTC",
    arguments: ["UTC", "Asia/Tokyo", "America/New_York", "Pacific/Auckland"])
  func planDatesInTheTasksZone(zone: String) throws {
    var coder = R4CarePlanCoder()
    coder.activityCoder.timeZone = TimeZone(identifier: zone)
    let daily = #""scheduledTiming":{"repeat":{"frequency":1,"period":1,"periodUnit":"d","timeOfDay":["08:00:00"]}},"#
    let task = try #require(try Self.planTasks(
      status: "active", period: #"{"start":"2024-03-01","end":"2024-03-03"}"#, activityStatus: "scheduled", scheduled: daily,
      coder: coder).first).value
    #expect(task.timezone.secondsFromGMT() == TimeZone(identifier: zone)?.secondsFromGMT())
    let starts = try CareKitOccurrences.starts(task.schedule, zone: task.timezone, from: Self.year.0, to: Self.year.1)
    let formatter = DateFormatter()
    formatter.timeZone = task.timezone
    formatter.dateFormat = "yyyy-MM-dd HH:mm"
    #expect(starts.map(formatter.string) == ["2024-03-01 08:00", "2024-03-02 08:00", "2024-03-03 08:00"])
    // The Task's version date stays the plan's start in UTC, as an order's is its authored date.
    #expect(task.effectiveDate == MedicationScheduleSupport.date("2024-03-01T00:00:00Z"))
  }

  @Test("a plan's activities end with the plan's period.end")
  func planEnd() throws {
    let task = try #require(try Self.planTasks(
      status: "completed", period: #"{"start":"2024-03-01","end":"2024-03-05"}"#, activityStatus: "completed").first)
    #expect(try Self.occurrences(task.value).count == 5)
    #expect(task.report.unrepresentable.isEmpty)
  }

  @Test("an activity that is over, or of a plan that is, without an end date keeps its first day", arguments: [
    ("active", "completed", "CarePlan.activity.detail.status"), ("completed", "in-progress", "CarePlan.status"),
    ("revoked", "scheduled", "CarePlan.status"), ("on-hold", "scheduled", "CarePlan.status"),
    ("active", "on-hold", "CarePlan.activity.detail.status"),
  ])
  func planUndated(plan: String, activity: String, reported: String) throws {
    let task = try #require(try Self.planTasks(status: plan, period: #"{"start":"2024-03-01"}"#, activityStatus: activity).first)
    #expect(try Self.occurrences(task.value).count == 1)
    #expect(task.report.unrepresentable[reported] == 1)
  }

  @Test(
    "an activity cancelled, stopped or held is not due until its plan's end: it keeps its first day; a completed one ends with the plan",
    arguments: ["cancelled", "stopped", "on-hold"])
  func activityCutShort(activity: String) throws {
    let period = #"{"start":"2024-03-01","end":"2024-03-31"}"#
    for plan in ["active", "completed"] {
      let task = try #require(try Self.planTasks(status: plan, period: period, activityStatus: activity).first)
      #expect(try Self.occurrences(task.value).count == 1)
      #expect(task.report.unrepresentable["CarePlan.activity.detail.status"] == 1)
    }
    // Done as planned, or still going: the plan's end bounds it.
    for status in ["completed", "in-progress"] {
      let task = try #require(try Self.planTasks(status: "active", period: period, activityStatus: status).first)
      #expect(try Self.occurrences(task.value).count == 31)
    }
  }

  @Test("an active plan's ongoing activity keeps its schedule")
  func planOpen() throws {
    let task = try #require(try Self.planTasks(status: "active", period: #"{"start":"2024-03-01"}"#, activityStatus: "in-progress").first)
    #expect(try Self.occurrences(task.value).count == 306)
  }
}

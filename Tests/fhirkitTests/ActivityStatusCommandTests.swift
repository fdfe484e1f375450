import CareModel
import FHIRJSON
import FHIRTestSupport
import Foundation
import Testing

/// The built `fhirkit` on plans whose activities are held, in progress or over: each activity's
/// `detail.status` and an R4 plan's `intent` are kept in `userInfo` (reported mapped, not
/// dropped), an import exported again writes them back, and an activity cut to its first day
/// (its own status or its plan's says it is over or held) goes out with its pattern open.
@Suite struct ActivityStatusCommandTests {
  static func activity(_ text: String, status: String) -> String {
    #"{"detail":{"status":"\#(status)","code":{"text":"\#(text)"},"scheduledTiming":{"repeat":{"frequency":1,"period":1,"periodUnit":"d"}}}}"#
  }

  static let r4 = [
    #"{"resourceType":"Patient","id":"p"}"#,
    #"{"resourceType":"CarePlan","id":"cp1","status":"active","intent":"proposal","subject":{"reference":"Patient/p"},"period":{"start":"2024-03-01"},"activity":["#
      + [activity("walk", status: "on-hold"), activity("run", status: "in-progress"), activity("jog", status: "scheduled"),
        #"{"reference":{"reference":"MedicationRequest/m"}}"#].joined(separator: ",") + "]}",
    #"{"resourceType":"CarePlan","id":"cp2","status":"completed","intent":"plan","subject":{"reference":"Patient/p"},"period":{"start":"2024-03-01"},"activity":["#
      + activity("swim", status: "in-progress") + "]}",
    #"{"resourceType":"Observation","id":"o1","status":"final","code":{"text":"Weight"},"subject":{"reference":"Patient/p"},"effectiveDateTime":"2024-03-01","valueQuantity":{"value":70,"unit":"kg"}}"#,
    #"{"resourceType":"Observation","id":"o2","status":"final","code":{"text":"Weight"},"subject":{"reference":"Group/g"},"effectiveDateTime":"2024-03-01","valueQuantity":{"value":70,"unit":"kg"}}"#,
    #"{"resourceType":"MedicationRequest","id":"m","status":"unknown","intent":"order","medicationCodeableConcept":{"text":"Drug"},"subject":{"reference":"Patient/p"},"authoredOn":"2024-03-01","dosageInstruction":[{"timing":{"repeat":{"frequency":1,"period":1,"periodUnit":"d"}}}]}"#,
  ]

  /// The exported resource of `type` and `id`, as JSON.
  static func resource(_ type: String, _ id: String, in ndjson: String) throws -> JSONValue {
    let line = try #require(ndjson.split(separator: "\n").first { $0.contains(#""resourceType":"\#(type)","id":"\#(id)""#) })
    return try JSONValue(parsing: String(line))
  }

  @Test func r4StatusesAreKeptReportedAndWrittenBack() throws {
    let folder = TemporaryFolders.make("fhirkit-activity-status")
    let input = folder + "/plans.ndjson", report = folder + "/report.ndjson", store = folder + "/store.sqlite"
    try (Self.r4.joined(separator: "\n") + "\n").write(toFile: input, atomically: true, encoding: .utf8)
    let run = try CommandRunner.run(["convert", "--to", "care", "--report", report, input])
    #expect(run.exitCode == 0, "\(run.stderr)")
    var tasks: [String: TaskEntity] = [:], plans: [String: CarePlanEntity] = [:]
    for record in try CareJSON.records(fromNDJSON: Data(run.stdout.utf8)) {
      if case .task(let task) = record { tasks[task.title ?? task.id] = task }
      if case .carePlan(let plan) = record { plans[plan.id] = plan }
    }
    #expect(tasks["walk"]?.userInfo?["fhirStatus"] == "on-hold")
    #expect(tasks["run"]?.userInfo?["fhirStatus"] == "in-progress")
    #expect(tasks["jog"]?.userInfo == nil)
    #expect(tasks["swim"]?.userInfo?["fhirStatus"] == "in-progress")
    #expect(tasks["Drug"]?.userInfo?["fhirStatus"] == "unknown")
    #expect(plans["cp1"]?.userInfo?["fhirIntent"] == "proposal" && plans["cp2"]?.userInfo?["fhirIntent"] == nil)
    // Held, or of a completed plan: the first day only.
    #expect(tasks["walk"]?.schedule.elements.allSatisfy { $0.end != nil } == true)
    #expect(tasks["swim"]?.schedule.elements.allSatisfy { $0.end != nil } == true)
    #expect(tasks["run"]?.schedule.elements.allSatisfy { $0.end == nil } == true)
    let rows = try String(contentsOfFile: report, encoding: .utf8)
    for path in [
      "CarePlan.activity.detail.status", "CarePlan.intent", "CarePlan.status", "MedicationRequest.status",
      "MedicationRequest.subject.reference", "Observation.status",
    ] {
      #expect(!rows.contains(#""path":"\#(path)","disposition":"dropped""#), "\(path)")
    }
    // The subject that leads to a patient is kept (export names it again); one naming a Group is not.
    let subjects = rows.split(separator: "\n").filter { $0.contains(#""path":"Observation.subject.reference","disposition":"dropped""#) }
    #expect(subjects.count == 1 && subjects.allSatisfy { $0.contains(#""id":"o2""#) }, "\(subjects)")

    #expect(try CommandRunner.run(["import", "--store", store, input]).exitCode == 0)
    let exported = try CommandRunner.run(["export", "--store", store, "--to", "r4"])
    #expect(exported.exitCode == 0, "\(exported.stderr)")
    let cp1 = try Self.resource("CarePlan", "cp1", in: exported.stdout)
    #expect(cp1["intent"]?.stringValue == "proposal")
    let details = (cp1["activity"]?.arrayValue ?? []).compactMap { $0["detail"] }
    // The order's task is an activity like the others (one timing), with the order's status.
    #expect(details.map { $0["status"]?.stringValue } == ["on-hold", "in-progress", "scheduled", "unknown"])
    #expect(details.allSatisfy { $0["scheduledTiming"]?["repeat"]?["boundsPeriod"]?["end"] == nil }, "\(details)")
    let cp2 = try Self.resource("CarePlan", "cp2", in: exported.stdout)
    let swim = try #require(cp2["activity"]?.arrayValue?.first?["detail"])
    #expect(cp2["status"]?.stringValue == "completed" && swim["status"]?.stringValue == "in-progress")
    // The plan's status, not an end, says nothing is due: the pattern goes out open.
    #expect(swim["scheduledTiming"]?["repeat"]?["frequency"] == 1, "\(swim)")
    #expect(swim["scheduledTiming"]?["repeat"]?["boundsPeriod"]?["end"] == nil, "\(swim)")
    #expect(!exported.stdout.contains("fhirStatus") && !exported.stdout.contains("fhirIntent"))
  }

  @Test func dstu2StatusesAreWrittenBack() throws {
    let folder = TemporaryFolders.make("fhirkit-activity-status-dstu2")
    let input = folder + "/plans.ndjson", store = folder + "/store.sqlite"
    let plan =
      #"{"resourceType":"CarePlan","id":"cp","status":"active","subject":{"reference":"Patient/p"},"period":{"start":"2024-03-01"},"activity":["#
      + [Self.activity("walk", status: "scheduled"), Self.activity("run", status: "cancelled")].joined(separator: ",") + "]}"
    try ([#"{"resourceType":"Patient","id":"p"}"#, plan].joined(separator: "\n") + "\n").write(
      toFile: input, atomically: true, encoding: .utf8)
    #expect(try CommandRunner.run(["import", "--from", "dstu2", "--store", store, input]).exitCode == 0)
    let exported = try CommandRunner.run(["export", "--store", store, "--to", "dstu2"])
    let details = (try Self.resource("CarePlan", "cp", in: exported.stdout)["activity"]?.arrayValue ?? []).compactMap { $0["detail"] }
    #expect(details.map { $0["status"]?.stringValue } == ["scheduled", "cancelled"])
    #expect(details.allSatisfy { $0["scheduledTiming"]?["repeat"]?["boundsPeriod"]?["end"] == nil }, "\(details)")
    // To R4, DSTU2's codes are R4's.
    let r4 = try CommandRunner.run(["export", "--store", store, "--to", "r4"])
    let r4Details = (try Self.resource("CarePlan", "cp", in: r4.stdout)["activity"]?.arrayValue ?? []).compactMap { $0["detail"] }
    #expect(r4Details.map { $0["status"]?.stringValue } == ["scheduled", "cancelled"])
  }
}

import CareModel
import FHIRJSON
import FHIRTestSupport
import Foundation
import Testing

/// The built `fhirkit` on the fixtures: every order that has ended (a `fhirStatus` of
/// `stopped`, `completed` or `cancelled`) or is held (`on-hold`, the HL7 examples) schedules
/// nothing for ever; HL7's "four times daily on Monday" is four a Monday; the report names the
/// codes a task cannot keep; and an import exported again to R4 writes single-valued outcomes
/// with their own LOINC code and value.
@Suite struct EndedOrdersCommandTests {
  @Test(arguments: ["r4", "dstu2"])
  func endedOrdersOfTheFixturesHaveAnEnd(release: String) throws {
    let result = try CommandRunner.run(["convert", "Fixtures/\(release)/bundles", "--to", "care", "--quiet"])
    var ended = 0
    for case .task(let task) in try CareJSON.records(fromNDJSON: Data(result.stdout.utf8)) {
      guard let status = task.userInfo?["fhirStatus"], ["stopped", "completed", "cancelled"].contains(status) else { continue }
      ended += 1
      #expect(task.schedule.elements.allSatisfy { $0.end != nil }, "\(task.id)")
    }
    #expect(ended > 0)
  }

  @Test(arguments: ["r4", "dstu2"])
  func heldOrdersOfTheHL7ExamplesHaveAnEnd(release: String) throws {
    let result = try CommandRunner.run(["convert", "Fixtures/\(release)/examples", "--to", "care", "--quiet"])
    var held = 0
    for case .task(let task) in try CareJSON.records(fromNDJSON: Data(result.stdout.utf8)) where task.userInfo?["fhirStatus"] == "on-hold" {
      held += 1
      #expect(task.schedule.elements.allSatisfy { $0.end != nil }, "\(task.id)")
    }
    #expect(held >= 3)
  }

  /// A draft, a proposal and an option are not orders yet: nothing is due past their first
  /// day (reported unrepresentable at `status` / `intent`); a plan is due. Each keeps its intent,
  /// and an import exported again to R4 gives it back instead of `order`, and gives the regimen
  /// of these and of a held order back open, without the first-day end.
  @Test func ordersNotYetOrderedAreNotDueAndKeepTheirIntent() throws {
    let folder = TemporaryFolders.make("fhirkit-not-yet-ordered")
    let input = folder + "/orders.ndjson", report = folder + "/report.ndjson", store = folder + "/store.sqlite"
    func order(_ id: String, status: String, intent: String) -> String {
      #"{"resourceType":"MedicationRequest","id":"\#(id)","status":"\#(status)","intent":"\#(intent)","medicationCodeableConcept":{"text":"Drug"},"subject":{"reference":"Patient/p"},"authoredOn":"2024-03-01T09:15:00Z","dosageInstruction":[{"timing":{"repeat":{"frequency":1,"period":1,"periodUnit":"d","timeOfDay":["08:00:00"]}}}]}"#
    }
    let lines = [
      #"{"resourceType":"Patient","id":"p"}"#, order("draft", status: "draft", intent: "order"),
      order("proposal", status: "active", intent: "proposal"), order("option", status: "active", intent: "option"),
      order("plan", status: "active", intent: "plan"), order("order", status: "active", intent: "order"),
      order("held", status: "on-hold", intent: "order"),
    ]
    try (lines.joined(separator: "\n") + "\n").write(toFile: input, atomically: true, encoding: .utf8)
    let run = try CommandRunner.run(["convert", "--to", "care", "--report", report, input])
    #expect(run.exitCode == 0, "\(run.stderr)")
    var tasks: [String: TaskEntity] = [:]
    for case .task(let task) in try CareJSON.records(fromNDJSON: Data(run.stdout.utf8)) { tasks[task.id] = task }
    for id in ["draft", "proposal", "option"] {
      #expect(tasks[id]?.schedule.elements.allSatisfy { $0.end != nil } == true, "\(id)")
    }
    for id in ["plan", "order"] {
      #expect(tasks[id]?.schedule.elements.allSatisfy { $0.end == nil } == true, "\(id)")
    }
    #expect(tasks["proposal"]?.userInfo?["fhirIntent"] == "proposal" && tasks["plan"]?.userInfo?["fhirIntent"] == "plan")
    #expect(tasks["order"]?.userInfo?["fhirIntent"] == nil)
    let rows = try String(contentsOfFile: report, encoding: .utf8)
    #expect(rows.contains(#""path":"MedicationRequest.intent","disposition":"unrepresentable","count":1,"reason":"#))
    #expect(rows.contains(#""path":"MedicationRequest.status","disposition":"unrepresentable""#))
    // An active order's status and intent come back as they came (the values written back): not dropped.
    let orderRows = rows.split(separator: "\n").filter { $0.contains(#""id":"order""#) }
    #expect(!orderRows.contains { $0.contains(#""path":"MedicationRequest.status""#) || $0.contains(#""path":"MedicationRequest.intent""#) })

    #expect(try CommandRunner.run(["import", "--store", store, input]).exitCode == 0)
    let exported = try CommandRunner.run(["export", "--store", store, "--to", "r4"]).stdout
    for (id, intent) in [
      ("draft", "order"), ("proposal", "proposal"), ("option", "option"), ("plan", "plan"), ("order", "order"), ("held", "order"),
    ] {
      let line = exported.split(separator: "\n").first { $0.contains(#""resourceType":"MedicationRequest","id":"\#(id)""#) }
      #expect(line?.contains(#""intent":"\#(intent)""#) == true, "\(id): \(line ?? "")")
      #expect(line?.contains("fhirIntent") == false, "\(id)")
      // The regimen goes out open, as ordered: the status says why nothing is due, not an end.
      #expect(line?.contains(#""end":"#) == false, "\(id): \(line ?? "")")
    }
  }

  @Test func fourTimesDailyOnMondayIsFourEachMonday() throws {
    let result = try CommandRunner.run(["convert", "Fixtures/r4/examples/MedicationRequest/medicationrequest0334.json", "--to", "care", "--quiet"])
    let tasks = try CareJSON.records(fromNDJSON: Data(result.stdout.utf8)).compactMap { record -> TaskEntity? in
      if case .task(let task) = record { task } else { nil }
    }
    let task = try #require(tasks.first)
    #expect(task.schedule.elements.count == 4)
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = task.timezone
    #expect(task.schedule.elements.allSatisfy { calendar.component(.weekday, from: $0.start) == 2 && $0.interval == DateComponents(weekOfYear: 1) })
  }

  @Test func theReportNamesTheCodesATaskCannotKeep() throws {
    let folder = TemporaryFolders.make("fhirkit-concept-codes")
    let result = try CommandRunner.run(["convert", "Fixtures/r4/bundles", "--to", "care", "--quiet", "--report", folder + "/report.ndjson"])
    #expect(result.exitCode == 0, "\(result.stderr)")
    let report = try String(contentsOfFile: folder + "/report.ndjson", encoding: .utf8)
    for path in [
      "MedicationRequest.medicationCodeableConcept.coding.code", "Observation.valueCodeableConcept.coding.code",
      "CarePlan.activity.detail.code.coding.code",
    ] {
      #expect(report.contains(#""path":"\#(path)","disposition":"dropped""#), "\(path)")
    }
  }

  @Test func exportedOutcomesCarryTheirOwnCode() throws {
    let folder = TemporaryFolders.make("fhirkit-outcome-code")
    let store = folder + "/store.sqlite"
    _ = try CommandRunner.run(["import", "Fixtures/r4/bundles", "--store", store, "--quiet"])
    let exported = try CommandRunner.run(["export", "--store", store, "--to", "r4"])
    #expect(exported.exitCode == 0, "\(exported.stderr)")
    let observations = exported.stdout.split(separator: "\n").filter { $0.contains(#""resourceType":"Observation""#) }
    let coded = observations.filter { $0.contains(#""code":{"coding":[{"system":"http://loinc.org""#) && $0.contains(#""valueQuantity""#) }
    #expect(observations.count > 100)
    #expect(coded.count * 2 > observations.count)
  }
}

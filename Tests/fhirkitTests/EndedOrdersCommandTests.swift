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

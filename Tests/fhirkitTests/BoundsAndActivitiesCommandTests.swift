import CareModel
import FHIRTestSupport
import Foundation
import Testing

/// The built `fhirkit` on this session's clinical rules: a result with a comparator keeps its
/// bound (HL7's eGFR `>60`) through care and back to FHIR; an Observation's code reports what the
/// outcome does not keep; a cancelled activity of a running plan is not due until the plan's end.
@Suite struct BoundsAndActivitiesCommandTests {
  @Test func aBoundComesBackAsTheSameQuantity() throws {
    let folder = TemporaryFolders.make("fhirkit-bounds")
    let care = folder + "/care.ndjson"
    let toCare = try CommandRunner.run([
      "convert", "Fixtures/r4/examples/Observation/observation-example-f205-egfr.json", "--to", "care", "--quiet", "-o", care,
    ])
    #expect(toCare.exitCode == 0, "\(toCare.stderr)")
    let outcomes = try CareJSON.records(fromNDJSON: Data(contentsOf: URL(fileURLWithPath: care))).compactMap { record -> OutcomeEntity? in
      if case .outcome(let o) = record { o } else { nil }
    }
    let values = try #require(outcomes.first).values
    #expect(values.contains { $0.value == .text(">60") && $0.units == "mL/min/1.73m2" })
    let back = try CommandRunner.run(["convert", care, "--from", "care", "--to", "r4", "--quiet"])
    #expect(back.exitCode == 0, "\(back.stderr)")
    #expect(back.stdout.contains(#""comparator":">""#))
  }

  @Test func anObservationsCodeReportsWhatItsOutcomeDoesNotKeep() throws {
    let folder = TemporaryFolders.make("fhirkit-code-report")
    let result = try CommandRunner.run(["convert", "Fixtures/r4/bundles", "--to", "care", "--quiet", "--report", folder + "/report.ndjson"])
    #expect(result.exitCode == 0, "\(result.stderr)")
    let report = try String(contentsOfFile: folder + "/report.ndjson", encoding: .utf8)
    #expect(report.contains(#""path":"Observation.code.coding.display","disposition":"dropped""#))
  }

  @Test(arguments: ["r4", "dstu2"])
  func aCancelledActivityOfARunningPlanKeepsItsFirstDay(release: String) throws {
    let folder = TemporaryFolders.make("fhirkit-cut-short")
    let timing = release == "r4" ? #""periodUnit":"d""# : #""periodUnits":"d""#
    let intent = release == "r4" ? #""intent":"plan","# : ""
    let plan = #"{"resourceType":"CarePlan","id":"cp","status":"active",\#(intent)"subject":{"reference":"Patient/p"},"period":{"start":"2024-03-01","end":"2024-03-31"},"activity":[{"detail":{"status":"cancelled","code":{"text":"Swim"},"scheduledTiming":{"repeat":{"frequency":1,"period":1,\#(timing)}}}},{"detail":{"status":"in-progress","code":{"text":"Walk"},"scheduledTiming":{"repeat":{"frequency":1,"period":1,\#(timing)}}}}]}"#
    let input = folder + "/plan.ndjson"
    try (#"{"resourceType":"Patient","id":"p"}"# + "\n" + plan + "\n").write(toFile: input, atomically: true, encoding: .utf8)
    let result = try CommandRunner.run(["convert", input, "--from", release, "--to", "care", "--quiet"])
    #expect(result.exitCode == 0, "\(result.stderr)")
    let tasks = try CareJSON.records(fromNDJSON: Data(result.stdout.utf8)).compactMap { record -> TaskEntity? in
      if case .task(let task) = record { task } else { nil }
    }
    let day: TimeInterval = 86_400
    let swim = try #require(tasks.first { $0.title == "Swim" }).schedule.elements
    let walk = try #require(tasks.first { $0.title == "Walk" }).schedule.elements
    #expect(swim.allSatisfy { ($0.end?.timeIntervalSince($0.start) ?? .infinity) <= day })
    #expect(walk.allSatisfy { ($0.end?.timeIntervalSince($0.start) ?? 0) == 31 * day })
  }
}

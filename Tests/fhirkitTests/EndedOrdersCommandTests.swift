import CareModel
import FHIRJSON
import FHIRTestSupport
import Foundation
import Testing

/// The built `fhirkit` on the Synthea fixtures: every order that has ended (a `fhirStatus` of
/// `stopped`, `completed` or `cancelled`) schedules nothing for ever; and an import exported
/// again to R4 writes single-valued outcomes with their own LOINC code and value.
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

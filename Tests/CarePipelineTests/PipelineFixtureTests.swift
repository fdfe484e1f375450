import CareModel
import CarePipeline
import FHIRTestSupport
import Foundation
import Testing

/// Every Synthea bundle in `Fixtures` (both releases) runs through the pipeline: entity counts
/// match the merge rules, links resolve, and shuffled input gives identical output.
@Suite struct PipelineFixtureTests {
  static let files = (Fixtures.files(extensions: ["json"], under: "r4/bundles")
    + Fixtures.files(extensions: ["json"], under: "dstu2/bundles"))
    .filter { ($0 as NSString).lastPathComponent.hasPrefix("synthea__") }

  /// The other bundles (hand-curated, spec-like): no count expectations, the invariants only.
  static let otherFiles = (Fixtures.files(extensions: ["json"], under: "r4/bundles")
    + Fixtures.files(extensions: ["json"], under: "dstu2/bundles"))
    .filter { !($0 as NSString).lastPathComponent.hasPrefix("synthea__") }

  @Test func fixturesArePresent() {
    #expect(Self.files.contains { $0.hasPrefix("r4/") })
    #expect(Self.files.contains { $0.hasPrefix("dstu2/") })
  }

  @Test(arguments: files)
  func countsFollowTheMergeRules(path: String) throws {
    let result = Pipeline().run(try PipelineTestSupport.input(fixture: path))
    let expected = try FixtureExpectation(bundle: Data(Fixtures.bytes(path)))
    let actual = FixtureExpectation(
      patients: result.patients.count, carePlans: result.carePlans.count, tasks: result.tasks.count,
      outcomes: result.outcomes.count)
    #expect(actual == expected, "\(path)")
    #expect(result.report.unresolvedReferences.isEmpty, "\(result.report.unresolvedReferences.prefix(3))")
  }

  @Test(arguments: files + otherFiles)
  func linksResolveAndUUIDsAreUnique(path: String) throws {
    let result = Pipeline().run(try PipelineTestSupport.input(fixture: path))
    let records = result.records
    #expect(CareJSON.unresolvedLinks(in: records).isEmpty)
    #expect(Set(records.map(\.uuid)).count == records.count)
    #expect(result.outcomes.allSatisfy { $0.taskUUID != nil && $0.taskOccurrenceIndex >= 0 })
    if path.contains("synthea__") { #expect(result.carePlans.allSatisfy { $0.patientUUID != nil }) }
  }

  @Test(arguments: files + otherFiles)
  func shuffledInputGivesIdenticalOutput(path: String) throws {
    let input = try PipelineTestSupport.input(fixture: path)
    let expected = try CareJSON.ndjson(Pipeline().run(input).records)
    var generator = SeededGenerator(state: UInt64(path.utf8.count))
    for _ in 0..<2 {
      let shuffled = PipelineInput(entries: input.entries.shuffled(using: &generator))
      #expect(try CareJSON.ndjson(Pipeline().run(shuffled).records) == expected)
    }
  }
}

import CareModel
import CarePipeline
import FHIRTestSupport
import Foundation
import Testing

/// R4 logical references (`Reference.identifier` without `reference`), from the hand-made
/// `Fixtures/pipeline/r4-logical-references.json`, in memory and staged.
@Suite struct PipelineLogicalReferenceTests {
  /// The fixture, an R4 Bundle.
  static func input() throws -> PipelineInput {
    var input = PipelineInput()
    input.add(try PipelineTestSupport.r4(Fixtures.bytes("pipeline/r4-logical-references.json")))
    return input
  }

  static func result() throws -> PipelineResult {
    try PipelineComparison.runBothWays(try Self.input())
  }

  static func unresolved(_ plan: String, _ reason: UnresolvedReference.Reason) -> UnresolvedReference {
    UnresolvedReference(resourceType: "CarePlan", resourceID: plan, path: "CarePlan.subject", form: .identifier, reason: reason)
  }

  @Test func aUniqueIdentifierResolvesToTheResourceOfTheAllowedType() throws {
    let result = try Self.result()
    let patient = { (id: String) in result.patients.first { $0.id == id }?.uuid }
    let plan = { (id: String) in result.carePlans.first { $0.id == id } }
    #expect(plan("cp-found")?.patientUUID == patient("p1"))
    // An Observation has the same identifier as p4, but a subject may not be an Observation.
    #expect(plan("cp-by-type")?.patientUUID == patient("p4"))
    #expect(plan("cp-typed")?.patientUUID == patient("p4"))
  }

  @Test func logicalActivityBasedOnAndMedicationReferencesAreFollowed() throws {
    let result = try Self.result()
    let plan = try #require(result.carePlans.first { $0.id == "cp-found" })
    let task = try #require(result.tasks.first { $0.carePlanUUID == plan.uuid })
    // The activity's order, found by its identifier, gives title (from the Medication found by
    // its identifier), instructions and schedule.
    #expect(task.title == "Drug named by identifier")
    #expect(task.instructions == "Take one")
    #expect(!result.tasks.contains { $0.id == "mr1" })  // claimed by the activity, not standalone
    let outcome = try #require(result.outcomes.first { $0.id == "o-based-on" })
    #expect(outcome.taskUUID == task.uuid)
    #expect(result.sources[task.uuid]?.map(\.resourceID) == ["cp-found", "mr1"])
  }

  @Test func ambiguousUnknownAndIncompleteIdentifiersAreReportedNotGuessed() throws {
    let result = try Self.result()
    for id in ["cp-ambiguous", "cp-unknown", "cp-no-system", "cp-wrong-type"] {
      #expect(result.carePlans.first { $0.id == id }?.patientUUID == nil, "\(id)")
    }
    #expect(
      result.report.unresolvedReferences == [
        Self.unresolved("cp-ambiguous", .ambiguous), Self.unresolved("cp-no-system", .notFound),
        Self.unresolved("cp-unknown", .notFound), Self.unresolved("cp-wrong-type", .notFound),
      ])
    // Reports name the place, never the identifier.
    #expect(!result.report.unresolvedReferences.map(\.description).joined().contains("MRN"))
  }

  @Test func shuffledInputGivesTheSameEntities() throws {
    let input = try Self.input()
    var generator = SeededGenerator(state: 7)
    let shuffled = PipelineInput(entries: input.entries.shuffled(using: &generator))
    try PipelineComparison.expectSame(try PipelineComparison.runBothWays(shuffled), try Self.result(), "shuffled")
  }
}

import CareModel
import CarePipeline
import FHIRTestSupport
import Foundation
import Testing

/// R4 `Observation.partOf`: an observation made as part of an event (MedicationAdministration,
/// Procedure, …) is an outcome of the task that event carries out. From the hand-made
/// `Fixtures/pipeline/r4-part-of.json`, in memory and staged.
@Suite struct PipelinePartOfTests {
  /// The fixture, an R4 Bundle.
  static func input() throws -> PipelineInput {
    var input = PipelineInput()
    input.add(try PipelineTestSupport.r4(Fixtures.bytes("pipeline/r4-part-of.json")))
    return input
  }

  static func result() throws -> PipelineResult {
    try PipelineComparison.runBothWays(try Self.input())
  }

  /// The outcome observation `id` went into (observations on one occurrence of a task share
  /// one outcome, named after the first of them; its provenance lists them all).
  static func outcome(of id: String, in result: PipelineResult) -> OutcomeEntity? {
    result.outcomes.first { outcome in
      result.sources[outcome.uuid]?.contains { $0.resourceType == "Observation" && $0.resourceID == id } ?? false
    }
  }

  /// The task the outcome of observation `id` belongs to.
  static func task(of id: String, in result: PipelineResult) -> TaskEntity? {
    guard let outcome = outcome(of: id, in: result) else { return nil }
    return result.tasks.first { $0.uuid == outcome.taskUUID }
  }

  @Test func eventsLeadToTheTaskOfTheirRequest() throws {
    let result = try Self.result()
    #expect(Self.task(of: "o-administration", in: result)?.id == "mr1")  // MedicationAdministration.request
    #expect(Self.task(of: "o-dispense", in: result)?.id == "mr2")  // authorizingPrescription, by identifier
    #expect(Self.task(of: "o-procedure", in: result)?.title == "Physiotherapy")  // the plan's only activity
    #expect(Self.task(of: "o-named", in: result)?.title == "Wound care")  // the activity naming the Procedure
    #expect(Self.task(of: "o-second", in: result)?.id == "mr1")  // the first partOf that leads to a task
    #expect(Self.task(of: "o-based-on-wins", in: result)?.id == "mr2")  // basedOn comes first
    // Same time, same task: one outcome each for mr1 and mr2, with both observations' values.
    #expect(Self.outcome(of: "o-second", in: result)?.id == "o-administration")
    #expect(Self.outcome(of: "o-dispense", in: result)?.id == "o-based-on-wins")
  }

  @Test func partOfThatLeadsToNoTaskIsReportedAndLogged() throws {
    let result = try Self.result()
    for id in ["o-unnamed", "o-immunization", "o-missing", "o-wrong-type", "o-statement"] {
      let task = Self.task(of: id, in: result)
      #expect(task?.impactsAdherence == false && task?.id.hasPrefix("observation-log/p1/") == true, "\(id)")
    }
    func observation(_ id: String, _ path: String, _ form: UnresolvedReference.Form, _ reason: UnresolvedReference.Reason)
      -> UnresolvedReference
    {
      UnresolvedReference(resourceType: "Observation", resourceID: id, path: path, form: form, reason: reason)
    }
    #expect(
      result.report.unresolvedReferences == [
        UnresolvedReference(
          resourceType: "MedicationStatement", resourceID: "ms1", path: "MedicationStatement.basedOn[0]", form: .relative,
          reason: .notFound),
        observation("o-immunization", "Observation.partOf[0]", .relative, .noTask),
        observation("o-missing", "Observation.partOf[0]", .relative, .notFound),
        observation("o-second", "Observation.partOf[0]", .relative, .noTask),
        observation("o-statement", "Observation.partOf[0]", .relative, .noTask),
        observation("o-unnamed", "Observation.partOf[0]", .relative, .ambiguous),
        observation("o-wrong-type", "Observation.partOf[0]", .relative, .unexpectedType),
      ])
    // Event resources are passed through: counted, never converted.
    #expect(result.report.notConverted["Procedure"] == 3)
    #expect(result.report.notConverted["MedicationAdministration"] == 1)
  }
}

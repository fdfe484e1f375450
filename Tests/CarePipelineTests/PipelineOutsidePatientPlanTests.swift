import CareModel
import CarePipeline
import FHIRTestSupport
import Foundation
import Testing

/// An exported store imported again, whose Patient is not in the input: its CarePlan (the
/// observation log plan export wrote) and its Observations, which name the plan's task by a
/// care extension, go in one group, so that every Observation becomes an outcome of that task
/// whatever the partitions — not of a log task of its own that replaces the task's title.
@Suite struct PipelineOutsidePatientPlanTests {
  static let task = "27f8bf90-3aa2-5d4e-90f8-ec6f8fd861b0"
  static let care = "http://fhirkit.dev/StructureDefinition/care-"

  static let plan =
    #"{"resourceType":"CarePlan","id":"log","status":"active","intent":"plan","subject":{"reference":"Patient/elsewhere"},"period":{"start":"2017-05-03"},"activity":[{"id":"observation-log/elsewhere/152584","extension":[{"url":"\#(care)uuid","valueUuid":"urn:uuid:\#(task)"}],"detail":{"status":"scheduled","code":{"text":"Peak expiratory flow"},"scheduledTiming":{"repeat":{"frequency":1,"period":1,"periodUnit":"d"}}}}]}"#

  static func observation(_ id: String) -> String {
    #"{"resourceType":"Observation","id":"\#(id)","extension":[{"url":"\#(care)taskUUID","valueString":"\#(task.uppercased())"}],"status":"final","code":{"text":"152584"},"subject":{"reference":"Patient/elsewhere"},"effectiveDateTime":"2017-05-03T15:54:26-04:00","valueQuantity":{"value":820,"unit":"cL/s"}}"#
  }

  @Test func observationsOfAnOutsidePatientsPlanTieToItsTask() throws {
    var input = PipelineInput()
    // Observations first, so that a partition per group would merge them before the plan.
    for json in [Self.observation("o1"), Self.observation("o2"), Self.plan] { input.add(try PipelineTestSupport.r4(json)) }
    let result = try PipelineComparison.runBothWays(input)
    #expect(result.tasks.map(\.title) == ["Peak expiratory flow"])
    #expect(!result.outcomes.isEmpty)
    #expect(result.outcomes.allSatisfy { $0.taskUUID == UUID(uuidString: Self.task) })
  }
}

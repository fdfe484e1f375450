import CareModel
import CarePipeline
import FHIRCoders
import FHIRTestSupport
import Foundation
import Testing

/// A prohibition is no task: an R4 MedicationRequest with `doNotPerform` true becomes no entity
/// and is named among the failures; a plan's prohibited activity (R4 `detail.doNotPerform`, DSTU2
/// `detail.prohibited`), or one whose order is prohibited, becomes no task while the plan and its
/// other activities convert, with a located warning. In memory and staged.
@Suite struct PipelineDoNotPerformTests {
  static let patient = #"{"resourceType":"Patient","id":"p"}"#
  static func request(_ id: String, doNotPerform: Bool) -> String {
    #"{"resourceType":"MedicationRequest","id":"\#(id)","status":"active","intent":"order","doNotPerform":\#(doNotPerform),"subject":{"reference":"Patient/p"},"medicationCodeableConcept":{"text":"Aspirin"},"authoredOn":"2024-01-01"}"#
  }

  static func run(_ resources: [String], dstu2: Bool = false) throws -> PipelineResult {
    var input = PipelineInput()
    for json in resources {
      if dstu2 { input.add(try PipelineTestSupport.dstu2(json)) } else { input.add(try PipelineTestSupport.r4(json)) }
    }
    return try PipelineComparison.runBothWays(input)
  }

  @Test("an order not to be performed becomes no task and is named; doNotPerform false converts")
  func order() throws {
    let result = try Self.run([Self.patient, Self.request("no", doNotPerform: true), Self.request("yes", doNotPerform: false)])
    #expect(result.tasks.map(\.id) == ["yes"])
    let failure = try #require(result.report.failures.first)
    #expect(result.report.failures.count == 1)
    #expect(failure.code == .doNotPerform && failure.resourceID == "no" && failure.path == "MedicationRequest.doNotPerform")
    #expect(!failure.message.contains("Aspirin"))
  }

  @Test("a prohibited activity becomes no task; the plan and its other activity convert", arguments: [false, true])
  func activity(dstu2: Bool) throws {
    let prohibited = dstu2 ? #""prohibited":true"# : #""doNotPerform":true"#
    let plan = #"{"resourceType":"CarePlan","id":"cp","status":"active",\#(dstu2 ? "" : #""intent":"plan","#)"subject":{"reference":"Patient/p"},"period":{"start":"2024-01-01"},"activity":[{"detail":{"status":"scheduled",\#(prohibited),"description":"Heavy lifting"}},{"detail":{"status":"scheduled","description":"Walk"}}]}"#
    let result = try Self.run([Self.patient, plan], dstu2: dstu2)
    #expect(result.carePlans.map(\.id) == ["cp"])
    #expect(result.tasks.map(\.id) == ["cp-activity-1"])
    #expect(result.report.failures.isEmpty)
    let issues = result.report.conversion["CarePlan"]?.issues ?? []
    let element = dstu2 ? "prohibited" : "doNotPerform"
    #expect(issues.map(\.path.description) == ["activity[0].detail.\(element)"])
    #expect(issues.first?.severity == .warning && issues.first?.resourceID == "cp")
    #expect(!(issues.first?.message.contains("lifting") ?? true))
    #expect(result.report.conversion["CarePlan"]?.unrepresentable["CarePlan.activity.detail.\(element)"] == 1)
  }

  @Test("an activity whose order is prohibited or entered in error becomes no task either", arguments: ["doNotPerform", "entered-in-error"])
  func activityOfRefusedOrder(refusal: String) throws {
    var order = Self.request("mr", doNotPerform: refusal == "doNotPerform")
    if refusal == "entered-in-error" { order = order.replacingOccurrences(of: #""status":"active""#, with: #""status":"entered-in-error""#) }
    let plan = #"{"resourceType":"CarePlan","id":"cp","status":"active","intent":"plan","subject":{"reference":"Patient/p"},"period":{"start":"2024-01-01"},"activity":[{"reference":{"reference":"MedicationRequest/mr"}}]}"#
    let result = try Self.run([Self.patient, order, plan])
    #expect(result.carePlans.map(\.id) == ["cp"])
    #expect(result.tasks.isEmpty)
    #expect(result.report.failures.map { "\($0.resourceType)/\($0.resourceID ?? "")" } == ["MedicationRequest/mr"])
    #expect(result.report.conversion["CarePlan"]?.issues.map(\.path.description) == ["activity[0].reference"])
  }
}

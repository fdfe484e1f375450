import CareModel
import CarePipeline
import FHIRCoders
import FHIRTestSupport
import Foundation
import Testing

/// A plan, order or observation whose `status` is `entered-in-error` was recorded by mistake: it
/// becomes no entity (no erroneous temperature as an outcome, no erroneous order as a task) and
/// is named among the failures; the same resources with another status convert. In memory and
/// staged, both releases.
@Suite struct PipelineEnteredInErrorTests {
  static func r4(_ status: String) -> [String] {
    [
      #"{"resourceType":"Patient","id":"p"}"#,
      #"{"resourceType":"MedicationRequest","id":"mr","status":"\#(status)","intent":"order","subject":{"reference":"Patient/p"},"medicationCodeableConcept":{"text":"Drug"},"authoredOn":"2024-01-01"}"#,
      #"{"resourceType":"Observation","id":"ob","status":"\#(status)","code":{"text":"Temp"},"subject":{"reference":"Patient/p"},"effectiveDateTime":"2024-01-02","valueQuantity":{"value":41,"unit":"Cel"}}"#,
      #"{"resourceType":"CarePlan","id":"cp","status":"\#(status)","intent":"plan","subject":{"reference":"Patient/p"},"period":{"start":"2024-01-01"},"activity":[{"detail":{"status":"scheduled","description":"Walk"}}]}"#,
    ]
  }

  static func dstu2(_ status: String) -> [String] {
    [
      #"{"resourceType":"Patient","id":"p"}"#,
      #"{"resourceType":"MedicationOrder","id":"mr","status":"\#(status)","patient":{"reference":"Patient/p"},"medicationCodeableConcept":{"text":"Drug"},"dateWritten":"2024-01-01"}"#,
      #"{"resourceType":"Observation","id":"ob","status":"\#(status)","code":{"text":"Temp"},"subject":{"reference":"Patient/p"},"effectiveDateTime":"2024-01-02","valueQuantity":{"value":41,"unit":"Cel"}}"#,
      #"{"resourceType":"CarePlan","id":"cp","status":"\#(status)","subject":{"reference":"Patient/p"},"period":{"start":"2024-01-01"},"activity":[{"detail":{"status":"scheduled","description":"Walk"}}]}"#,
    ]
  }

  static func run(_ resources: [String], dstu2: Bool) throws -> PipelineResult {
    var input = PipelineInput()
    for json in resources {
      if dstu2 { input.add(try PipelineTestSupport.dstu2(json)) } else { input.add(try PipelineTestSupport.r4(json)) }
    }
    return try PipelineComparison.runBothWays(input)
  }

  @Test("entered-in-error resources become no entity and are named", arguments: [false, true])
  func enteredInError(dstu2: Bool) throws {
    let result = try Self.run(dstu2 ? Self.dstu2("entered-in-error") : Self.r4("entered-in-error"), dstu2: dstu2)
    #expect(result.patients.map(\.id) == ["p"])
    #expect(result.carePlans.isEmpty && result.tasks.isEmpty && result.outcomes.isEmpty)
    let failures = result.report.failures.filter { $0.code == .enteredInError }
    #expect(Set(failures.map { "\($0.resourceType)/\($0.resourceID ?? "")" })
      == [dstu2 ? "MedicationOrder/mr" : "MedicationRequest/mr", "Observation/ob", "CarePlan/cp"])
    #expect(failures.allSatisfy { $0.path == $0.resourceType + ".status" && !$0.message.contains("41") })
  }

  @Test("the same resources with another status convert", arguments: [false, true])
  func otherStatus(dstu2: Bool) throws {
    let status = "active"
    let resources = (dstu2 ? Self.dstu2(status) : Self.r4(status)).map {
      $0.replacingOccurrences(of: #""id":"ob","status":"active""#, with: #""id":"ob","status":"final""#)
    }
    let result = try Self.run(resources, dstu2: dstu2)
    #expect(result.report.failures.filter { $0.code == .enteredInError }.isEmpty)
    #expect(result.tasks.contains { $0.id == "mr" } && result.outcomes.map(\.id) == ["ob"])
    #expect(result.carePlans.contains { $0.id == "cp" })
  }
}

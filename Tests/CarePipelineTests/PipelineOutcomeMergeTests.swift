import CareModel
import CarePipeline
import FHIRTestSupport
import Foundation
import Testing

/// The Observations that fall on one occurrence of one task become one outcome: its values are
/// theirs (effective time, then resource key order, each value keeping its own time), its
/// provenance names every one, and no occurrence of any task has two outcomes.
@Suite struct PipelineOutcomeMergeTests {
  typealias S = PipelineTestSupport

  static func observation(_ id: String, _ time: String, _ value: Int, subject: String = "Patient/p1", extra: String = "")
    -> String
  {
    #"{"resourceType":"Observation","id":"\#(id)","status":"final","code":{"coding":[{"system":"http://loinc.org","code":"8480-6"}]},"subject":{"reference":"\#(subject)"},"effectiveDateTime":"\#(time)","valueQuantity":{"value":\#(value),"unit":"mm[Hg]"}\#(extra)}"#
  }

  static func input(_ resources: [String]) throws -> PipelineInput {
    var input = PipelineInput()
    for resource in resources { input.add(try S.r4(resource)) }
    return input
  }

  static let readings = [
    #"{"resourceType":"Patient","id":"p1"}"#,
    observation("o2", "2020-01-02T18:00:00Z", 120),
    observation("o1", "2020-01-02T08:00:00Z", 130),
    observation("o0", "2020-01-02T08:00:00Z", 125),
    observation("o3", "2020-01-03T08:00:00Z", 118),
  ]

  @Test func readingsOfOneDayBecomeOneOutcomeOfTheLogTask() throws {
    let result = try PipelineComparison.runBothWays(try Self.input(Self.readings))
    #expect(result.tasks.count == 1 && result.tasks.allSatisfy { !$0.impactsAdherence })
    #expect(result.outcomes.map(\.id) == ["o0", "o3"])
    let merged = try #require(result.outcomes.first)
    #expect(merged.values.map(\.value) == [.double(125), .double(130), .double(120)])
    let times = ["2020-01-02T08:00:00Z", "2020-01-02T08:00:00Z", "2020-01-02T18:00:00Z"].map {
      ISO8601DateFormatter().date(from: $0)!
    }
    #expect(merged.values.map(\.createdDate) == times.map(Optional.some))
    #expect(merged.values.allSatisfy { $0.kind == "8480-6" && $0.units == "mm[Hg]" })
    #expect(merged.effectiveDate == times[0])
    #expect(merged.uuid == result.sources.first { $0.value.first?.resourceID == "o0" }?.key)
    #expect(result.sources[merged.uuid]?.map(\.resourceID) == ["o0", "o1", "o2"])
    // A single Observation's outcome stays as the coder made it.
    #expect(result.outcomes[1].values.map(\.createdDate) == [nil])
    #expect(result.report.observationsMergedIntoOutcomes == 2)
    #expect(result.report.entities["outcome"] == 2)
  }

  @Test func theOrderOfTheInputDoesNotMatter() throws {
    let expected = try CareJSON.ndjson(Pipeline().run(try Self.input(Self.readings)).records)
    var generator = SeededGenerator(state: 7)
    for _ in 0..<6 {
      let result = try PipelineComparison.runBothWays(try Self.input(Self.readings.shuffled(using: &generator)))
      #expect(try CareJSON.ndjson(result.records) == expected)
    }
  }

  @Test func observationsOfOneOccurrenceOfAnOrderBecomeOneOutcome() throws {
    let order =
      #"{"resourceType":"MedicationRequest","id":"r1","status":"active","intent":"order","subject":{"reference":"Patient/p1"},"medicationCodeableConcept":{"text":"Drug"},"authoredOn":"2020-01-01","dosageInstruction":[{"timing":{"repeat":{"frequency":1,"period":1,"periodUnit":"d","boundsPeriod":{"start":"2020-01-01T00:00:00Z"}}}}]}"#
    let basedOn = #","basedOn":[{"reference":"MedicationRequest/r1"}]"#
    let result = try PipelineComparison.runBothWays(try Self.input([
      #"{"resourceType":"Patient","id":"p1"}"#, order,
      Self.observation("a", "2020-01-02T08:00:00Z", 1, extra: basedOn),
      Self.observation("b", "2020-01-02T09:00:00Z", 2, extra: basedOn),
      Self.observation("c", "2020-01-04T09:00:00Z", 3, extra: basedOn),
    ]))
    let task = try #require(result.tasks.first { $0.id == "r1" })
    #expect(task.impactsAdherence)
    #expect(result.outcomes.map(\.id) == ["a", "c"])
    #expect(result.outcomes.allSatisfy { $0.taskUUID == task.uuid })
    #expect(result.outcomes[0].values.map(\.value) == [.double(1), .double(2)])
    #expect(result.outcomes[0].taskOccurrenceIndex != result.outcomes[1].taskOccurrenceIndex)
  }

  @Test(arguments: PipelineFixtureTests.files + PipelineFixtureTests.otherFiles)
  func fixtureOutcomesAreUniquePerOccurrence(path: String) throws {
    let result = Pipeline().run(try S.input(fixture: path))
    let slots = Set(result.outcomes.map { "\($0.taskUUID?.uuidString ?? "-")|\($0.taskOccurrenceIndex)" })
    #expect(slots.count == result.outcomes.count, "\(path)")
    let sources = result.outcomes.map { result.sources[$0.uuid] ?? [] }
    #expect(sources.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.resourceType == "Observation" } })
    #expect(sources.map(\.count).reduce(0, +) == result.outcomes.count + result.report.observationsMergedIntoOutcomes)
  }
}

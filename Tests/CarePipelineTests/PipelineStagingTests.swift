import CareModel
import CarePipeline
import FHIRCoders
import FHIRJSON
import FHIRTestSupport
import Foundation
import Testing

/// Hand-made inputs for what staging has to get right across partitions: shared Medications,
/// Observations without a patient, subjects of the wrong type, versions staged twice.
@Suite struct PipelineStagingTests {
  typealias S = PipelineTestSupport

  static let value = #""valueQuantity":{"value":1,"unit":"1"}"#

  static func input(_ resources: [String]) throws -> PipelineInput {
    var input = PipelineInput()
    for resource in resources { input.add(try S.r4(resource)) }
    return input
  }

  @Test func sharedMedicationTitlesTasksInEveryPartition() throws {
    let result = try PipelineComparison.runBothWays(try Self.input([
      #"{"resourceType":"Medication","id":"m1","code":{"text":"Shared drug"}}"#,
      #"{"resourceType":"Patient","id":"p1"}"#,
      #"{"resourceType":"Patient","id":"p2"}"#,
      #"{"resourceType":"MedicationRequest","id":"r1","status":"active","intent":"order","subject":{"reference":"Patient/p1"},"medicationReference":{"reference":"Medication/m1"},"authoredOn":"2020-01-01"}"#,
      #"{"resourceType":"MedicationRequest","id":"r2","status":"active","intent":"order","subject":{"reference":"Patient/p2"},"medicationReference":{"reference":"Medication/m1"},"authoredOn":"2020-01-01"}"#,
    ]))
    #expect(result.tasks.map(\.title) == ["Shared drug", "Shared drug"])
    #expect(result.report.notConverted == ["Medication": 1])
  }

  @Test func observationsWithoutPatientShareLogTasks() throws {
    let result = try PipelineComparison.runBothWays(try Self.input([
      #"{"resourceType":"Patient","id":"p1"}"#,
      #"{"resourceType":"Observation","id":"o1","status":"final","code":{"text":"Weight"},"effectiveDateTime":"2020-01-02T08:00:00Z",\#(Self.value)}"#,
      #"{"resourceType":"Observation","id":"o2","status":"final","code":{"text":"Weight"},"subject":{"reference":"Patient/nobody"},"effectiveDateTime":"2020-01-03T08:00:00Z",\#(Self.value)}"#,
      #"{"resourceType":"Observation","id":"o3","status":"final","code":{"text":"Weight"},"subject":{"reference":"Encounter/e1"},"effectiveDateTime":"2020-01-04T08:00:00Z",\#(Self.value)}"#,
      #"{"resourceType":"Encounter","id":"e1","status":"finished"}"#,
      #"{"resourceType":"Observation","id":"o4","status":"final","code":{"text":"Weight"},"subject":{"reference":"Patient/p1"},"effectiveDateTime":"2020-01-05T08:00:00Z",\#(Self.value)}"#,
    ]))
    // One log task for the two without a patient (none, an Encounter), one for p1's, and one
    // for Patient/nobody, a patient outside this input (an earlier import's), in a plan of its own.
    #expect(result.tasks.count == 3)
    #expect(Set(result.outcomes.compactMap(\.taskUUID)).count == 3)
    let nobody = try #require(result.carePlans.first { $0.id == "observation-log/nobody" })
    #expect(nobody.patientUUID == StableUUID.forResource(type: "Patient", id: "nobody"))
    #expect(result.tasks.filter { $0.carePlanUUID == nil }.map(\.id).allSatisfy { $0.hasPrefix("observation-log/unknown-patient/") })
    #expect(result.tasks.filter { $0.carePlanUUID == nil }.count == 1)
    #expect(result.report.unresolvedReferences.map(\.reason) == [.notFound, .unexpectedType])
  }

  @Test func ordersAndObservationsOfAnOutsidePatientShareItsPlansAcrossPartitions() throws {
    func order(_ id: String, _ subject: String, _ day: String) -> String {
      #"{"resourceType":"MedicationRequest","id":"\#(id)","status":"active","intent":"order","subject":{"reference":"\#(subject)"},"medicationCodeableConcept":{"text":"Drug \#(id)"},"authoredOn":"2020-01-\#(day)"}"#
    }
    func observation(_ id: String, _ subject: String) -> String {
      #"{"resourceType":"Observation","id":"\#(id)","status":"final","code":{"text":"Weight"},"subject":{"reference":"\#(subject)"},"effectiveDateTime":"2020-01-0\#(id.last!)T08:00:00Z",\#(Self.value)}"#
    }
    // Patient/out is in no input: its orders, written in several forms, get one medication plan
    // (effective from the earliest), its observations one log plan, whatever the partitions.
    let result = try PipelineComparison.runBothWays(try Self.input([
      order("r1", "Patient/out", "05"), #"{"resourceType":"Patient","id":"p1"}"#, order("r2", "Patient/out/_history/2", "02"),
      order("r3", "https://example.org/fhir/Patient/out", "09"), order("r4", "Patient/other", "01"),
      observation("o1", "Patient/out"), observation("o2", "Patient/out"), observation("o3", "Patient/other"),
    ]))
    let plans = result.carePlans.filter { $0.id.hasPrefix("medications/") }
    #expect(plans.map(\.id).sorted() == ["medications/other", "medications/out"])
    #expect(result.tasks.filter { $0.carePlanUUID == plans.first { $0.id == "medications/out" }?.uuid }.count == 3)
    #expect(result.carePlans.filter { $0.id.hasPrefix("observation-log/") }.count == 2)
  }

  @Test func versionsStagedTwiceKeepTheNewest() throws {
    let result = try PipelineComparison.runBothWays(try Self.input([
      #"{"resourceType":"Patient","id":"p1","meta":{"versionId":"1"},"name":[{"family":"Old"}]}"#,
      #"{"resourceType":"CarePlan","id":"c1","status":"active","intent":"plan","subject":{"reference":"Patient/p1"},"meta":{"versionId":"1"},"title":"One"}"#,
      #"{"resourceType":"Patient","id":"p1","meta":{"versionId":"3"},"name":[{"family":"New"}]}"#,
      #"{"resourceType":"CarePlan","id":"c1","status":"active","intent":"plan","subject":{"reference":"Patient/p9"},"meta":{"versionId":"2"},"title":"Two"}"#,
      #"{"resourceType":"Patient","id":"p1","meta":{"versionId":"2"},"name":[{"family":"Middle"}]}"#,
    ]))
    #expect(result.patients.map(\.name.familyName) == ["New"])
    #expect(result.carePlans.map(\.title) == ["Two"])
    // The newest version's subject, a Patient outside the input (`Patient/p9`).
    #expect(result.carePlans.first?.patientUUID == StableUUID.forResource(type: "Patient", id: "p9"))
    #expect(result.report.duplicatesMerged == ["CarePlan": 1, "Patient": 2])
  }

  /// Copies staged as the same bytes (a store's compact JSON, an Organization in every Bundle of
  /// a pile) are merged without decoding them, the first kept; a version staged otherwise is
  /// still compared with the kept one decoded, whichever comes first.
  @Test(arguments: [[0, 0, 1], [1, 0, 0], [0, 1, 0, 1]])
  func copiesStagedAsTheSameBytesKeepTheNewest(order: [Int]) throws {
    func observation(_ version: String, _ value: Int) -> [UInt8] {
      Array(
        (#"{"resourceType":"Observation","id":"o1","meta":{"versionId":""# + version
          + #""},"status":"final","code":{"text":"weight"},"subject":{"reference":"Patient/p1"},"effectiveDateTime":"2020-01-01","valueQuantity":{"value":"#
          + "\(value)" + #","unit":"kg"}}"#).utf8)
    }
    let versions = [observation("1", 70), observation("2", 72)]
    let conversion = try StagedConversion(pipeline: Pipeline(), staging: Pipeline.StagingOptions(jobs: 1))
    try conversion.add(canonicalJSON: Array(#"{"resourceType":"Patient","id":"p1"}"#.utf8), release: .r4, fullUrl: nil)
    for version in order { try conversion.add(canonicalJSON: versions[version], release: .r4, fullUrl: nil) }
    var outcomes: [OutcomeEntity] = []
    let report = try conversion.finish { record in
      if case .outcome(let outcome) = record { outcomes.append(outcome) }
    }
    #expect(report.duplicatesMerged == ["Observation": order.count - 1])
    #expect(outcomes.count == 1)
    let kept = outcomes.first?.values.first?.value
    #expect(kept == .integer(72) || kept == .double(72))
  }

  /// Observations staged from their tokens (``Pipeline/StagingOptions/stagesFromTokens``): a key
  /// seen again is staged as a duplicate, the newer version kept, as when every resource is
  /// decoded as read.
  @Test func observationsStagedTwiceFromTokensKeepTheNewest() throws {
    let folder = try PipelineComparison.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    func observation(_ version: String, _ value: Int) -> String {
      #"{"resourceType":"Observation","id":"o1","meta":{"versionId":""# + version
        + #""},"status":"final","code":{"text":"weight"},"subject":{"reference":"Patient/p1"},"effectiveDateTime":"2020-01-01","valueQuantity":{"value":"#
        + "\(value)" + #","unit":"kg"}}"#
    }
    let lines = [
      #"{"resourceType":"Patient","id":"p1"}"#, observation("1", 70), observation("3", 72), observation("2", 71),
    ]
    let path = (folder as NSString).appendingPathComponent("input.ndjson")
    try Data(lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: path))
    let fromTokens = try PipelineComparison.staged([.path(path)], fromTokens: true)
    let decoded = try PipelineComparison.staged([.path(path)], fromTokens: false)
    try PipelineComparison.expectSame(fromTokens, decoded, "observations staged twice")
    #expect(fromTokens.report.duplicatesMerged == ["Observation": 2])
    #expect(fromTokens.outcomes.count == 1)
    let kept = fromTokens.outcomes.first?.values.first?.value
    #expect(kept == .integer(72) || kept == .double(72))
  }

  /// An Observation staged from its tokens is decoded when its partition is merged, with the
  /// repairs reading makes (a one-element array where one value belongs is unwrapped): its code
  /// is read, so its outcome joins the task of that code, as when it is decoded as read; the
  /// source it came from keeps its JSON as read, not as repaired.
  @Test func anObservationStagedFromItsTokensIsRepairedAsReadingRepairsIt() throws {
    let folder = try PipelineComparison.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let observation =
      #"{"resourceType":"Observation","id":"o1","status":"final","code":[{"coding":[{"system":"http://loinc.org","code":"8867-4"}]}],"subject":{"reference":"Patient/p1"},"effectiveDateTime":"2024-01-01T10:00:00Z","valueQuantity":{"value":72,"unit":"/min"}}"#
    let path = (folder as NSString).appendingPathComponent("input.ndjson")
    try Data((#"{"resourceType":"Patient","id":"p1"}"# + "\n" + observation).utf8).write(to: URL(fileURLWithPath: path))
    let fromTokens = try PipelineComparison.staged([.path(path)], fromTokens: true)
    let decoded = try PipelineComparison.staged([.path(path)], fromTokens: false)
    try PipelineComparison.expectSame(fromTokens, decoded, "an observation repaired")
    try PipelineComparison.expectSame(fromTokens, try Pipeline().run([.path(path)]), "an observation repaired, in memory")
    #expect(fromTokens.tasks.contains { $0.id.contains("8867-4") })
    let outcome = try #require(fromTokens.outcomes.first)
    let source = try #require(fromTokens.sources[outcome.uuid]?.first { $0.resourceType == "Observation" })
    let json = try #require(source.json)
    #expect(try JSONValue(parsing: Array(json)).firstDifference(from: JSONValue(parsing: Array(observation.utf8))) == nil)
  }
}

import CareModel
import CarePipeline
import FHIRCoders
import Foundation
import Testing

/// Hand-made inputs for each reference form, contained and bundled Medications, unresolved
/// references and the merge rules that tie orders and observations to tasks.
@Suite struct PipelineReferenceTests {
  typealias S = PipelineTestSupport

  static let observationValue = #""valueQuantity":{"value":1,"unit":"1"}"#

  static func run(r4 entries: [(String?, String)]) throws -> PipelineResult {
    var input = PipelineInput()
    input.add(try S.r4(S.bundle(entries.map { (fullUrl: $0.0, resource: $0.1) })))
    return try PipelineComparison.runBothWays(input)
  }

  /// A Medication two patients' orders name by its `fullUrl` is loaded beside each of their
  /// partitions (a guest), its `fullUrl` with it, whichever partition it is in itself.
  @Test func aMedicationNamedByItsFullURLTitlesOrdersOfTwoPatients() throws {
    let med = "5a0c3f1e-8d2b-4e7a-9c6f-2b1d0e9a8f7c"
    func order(_ id: String, _ patient: String) -> (String?, String) {
      (
        nil,
        #"{"resourceType":"MedicationRequest","id":"\#(id)","status":"active","intent":"order","subject":{"reference":"Patient/\#(patient)"},"medicationReference":{"reference":"urn:uuid:\#(med)"},"authoredOn":"2020-01-01"}"#
      )
    }
    let result = try Self.run(r4: [
      (nil, #"{"resourceType":"Patient","id":"p1"}"#), order("r1", "p1"),
      ("urn:uuid:" + med, #"{"resourceType":"Medication","id":"zz-med","code":{"text":"Shared by URL"}}"#),
      (nil, #"{"resourceType":"Patient","id":"p2"}"#), order("r2", "p2"),
    ])
    #expect(result.tasks.map(\.title) == ["Shared by URL", "Shared by URL"])
    #expect(result.report.unresolvedReferences.isEmpty)
  }

  @Test func eachReferenceFormResolves() throws {
    let p2 = "0f5c1e5a-2a41-4c1b-9f3e-7d2f1a0b9c11"
    let result = try Self.run(r4: [
      ("http://example.org/fhir/Patient/p1", #"{"resourceType":"Patient","id":"p1"}"#),
      ("urn:uuid:" + p2, #"{"resourceType":"Patient","id":"p2"}"#),
      (nil, #"{"resourceType":"CarePlan","id":"rel","subject":{"reference":"Patient/p1/_history/2"}}"#),
      (nil, #"{"resourceType":"CarePlan","id":"abs","subject":{"reference":"http://other.example/fhir/Patient/p1"}}"#),
      (nil, #"{"resourceType":"CarePlan","id":"urn","subject":{"reference":"urn:uuid:\#(p2)"}}"#),
      (nil, #"{"resourceType":"CarePlan","id":"missing","subject":{"reference":"Patient/nobody"}}"#),
    ])
    let patient = { (id: String) in result.patients.first { $0.id == id }?.uuid }
    let plan = { (id: String) in result.carePlans.first { $0.id == id } }
    #expect(plan("rel")?.patientUUID == patient("p1"))
    #expect(plan("abs")?.patientUUID == patient("p1"))
    #expect(plan("urn")?.patientUUID == patient("p2"))
    // A Patient outside the input: linked to the uuid its entity gets, so that the plan is its own
    // whichever is imported first (reported unresolved all the same).
    #expect(plan("missing")?.patientUUID == StableUUID.forResource(type: "Patient", id: "nobody"))
    #expect(
      result.report.unresolvedReferences == [
        UnresolvedReference(
          resourceType: "CarePlan", resourceID: "missing", path: "CarePlan.subject", form: .relative, reason: .notFound)
      ])
    #expect(!result.report.unresolvedReferences[0].description.contains("nobody"))
  }

  @Test func containedAndBundledMedicationsGiveTitles() throws {
    let result = try Self.run(r4: [
      (nil, ##"{"resourceType":"MedicationRequest","id":"mr1","status":"active","intent":"order","contained":[{"resourceType":"Medication","id":"med1","code":{"text":"Contained drug"}}],"medicationReference":{"reference":"#med1"},"authoredOn":"2020-01-01"}"##),
      (nil, #"{"resourceType":"MedicationRequest","id":"mr2","status":"active","intent":"order","medicationReference":{"reference":"Medication/m2"},"authoredOn":"2020-01-01"}"#),
      (nil, #"{"resourceType":"Medication","id":"m2","code":{"text":"Bundled drug"}}"#),
      (nil, ##"{"resourceType":"MedicationRequest","id":"mr3","status":"active","intent":"order","medicationReference":{"reference":"#nothere"},"authoredOn":"2020-01-01"}"##),
    ])
    let title = { (id: String) in result.tasks.first { $0.id == id }?.title }
    #expect(title("mr1") == "Contained drug")
    #expect(title("mr2") == "Bundled drug")
    #expect(result.tasks.count == 3 && title("mr3") == nil)
    #expect(
      result.report.unresolvedReferences == [
        UnresolvedReference(
          resourceType: "MedicationRequest", resourceID: "mr3", path: "MedicationRequest.medicationReference",
          form: .contained, reason: .notFound)
      ])
    #expect(result.report.notConverted["Medication"] == 1)
  }

  @Test func ordersAndObservationsJoinTheirTasks() throws {
    let timing = #""timing":{"repeat":{"boundsPeriod":{"start":"2020-01-01T00:00:00Z"},"frequency":1,"period":1,"periodUnit":"d"}}"#
    let result = try Self.run(r4: [
      (nil, #"{"resourceType":"Patient","id":"p1"}"#),
      (nil, #"{"resourceType":"MedicationRequest","id":"mr1","status":"active","intent":"order","medicationCodeableConcept":{"text":"Drug A"},"dosageInstruction":[{"text":"Take one",\#(timing)}]}"#),
      (nil, #"{"resourceType":"MedicationRequest","id":"mr2","status":"active","intent":"order","medicationCodeableConcept":{"text":"Drug B"},"basedOn":[{"reference":"CarePlan/cp1"}]}"#),
      (nil, #"{"resourceType":"CarePlan","id":"cp1","status":"active","intent":"plan","subject":{"reference":"Patient/p1"},"period":{"start":"2020-01-01T00:00:00Z"},"activity":[{"reference":{"reference":"MedicationRequest/mr1"}},{"detail":{"code":{"text":"Walk"},"status":"scheduled"},"outcomeReference":[{"reference":"Observation/o2"}]}]}"#),
      (nil, #"{"resourceType":"Observation","id":"o1","status":"final","code":{"text":"Dose taken"},"basedOn":[{"reference":"MedicationRequest/mr1"}],"effectiveDateTime":"2020-01-03T10:00:00Z",\#(Self.observationValue)}"#),
      (nil, #"{"resourceType":"Observation","id":"o2","status":"final","code":{"text":"Steps"},"effectiveDateTime":"2020-01-05T10:00:00Z",\#(Self.observationValue)}"#),
      (nil, #"{"resourceType":"Observation","id":"o3","status":"final","code":{"coding":[{"system":"http://loinc.org","code":"8302-2","display":"Body height"}]},"subject":{"reference":"Patient/p1"},"effectiveDateTime":"2020-02-01T10:00:00Z",\#(Self.observationValue)}"#),
    ])
    #expect(result.report.unresolvedReferences.isEmpty)
    #expect(result.carePlans.count == 2)
    #expect(result.tasks.count == 4)
    let plan = try #require(result.carePlans.first { $0.id == "cp1" })
    let medication = try #require(result.tasks.first { $0.title == "Drug A" })
    #expect(medication.carePlanUUID == plan.uuid && medication.instructions == "Take one")
    #expect(result.tasks.first { $0.id == "mr1" } == nil)
    #expect(result.tasks.first { $0.id == "mr2" }?.carePlanUUID == plan.uuid)
    let walk = try #require(result.tasks.first { $0.title == "Walk" })
    let outcome = { (id: String) in result.outcomes.first { $0.id == id } }
    #expect(outcome("o1")?.taskUUID == medication.uuid && outcome("o1")?.taskOccurrenceIndex == 2)
    #expect(outcome("o2")?.taskUUID == walk.uuid && outcome("o2")?.taskOccurrenceIndex == 4)
    let log = try #require(result.tasks.first { $0.id == "observation-log/p1/8302-2" })
    #expect(!log.impactsAdherence && log.title == "Body height")
    #expect(outcome("o3")?.taskUUID == log.uuid && outcome("o3")?.taskOccurrenceIndex == 0)
    let logPlan = try #require(result.carePlans.first { $0.uuid == log.carePlanUUID })
    #expect(logPlan.patientUUID == result.patients.first?.uuid)
    #expect(CareJSON.unresolvedLinks(in: result.records).isEmpty)
  }

  @Test func dstu2ActionResultingAndMedicationOrder() throws {
    var input = PipelineInput()
    input.add(try S.dstu2(S.bundle([
      (fullUrl: "urn:uuid:7b1d0c4e-5f6a-4b3c-9d2e-1f0a9b8c7d6e", resource: #"{"resourceType":"Patient","id":"7b1d0c4e-5f6a-4b3c-9d2e-1f0a9b8c7d6e"}"#),
      (fullUrl: nil, resource: #"{"resourceType":"MedicationOrder","id":"mo1","medicationCodeableConcept":{"text":"Drug C"},"dateWritten":"2020-01-01"}"#),
      (fullUrl: nil, resource: #"{"resourceType":"CarePlan","id":"cp1","status":"active","subject":{"reference":"urn:uuid:7b1d0c4e-5f6a-4b3c-9d2e-1f0a9b8c7d6e"},"period":{"start":"2020-01-01T00:00:00Z"},"activity":[{"reference":{"reference":"MedicationOrder/mo1"},"actionResulting":[{"reference":"Observation/o1"},{"reference":"Observation/gone"}]}]}"#),
      (fullUrl: nil, resource: #"{"resourceType":"Observation","id":"o1","status":"final","code":{"text":"Dose"},"effectiveDateTime":"2020-01-02T08:00:00Z",\#(Self.observationValue)}"#),
    ])))
    let result = try PipelineComparison.runBothWays(input)
    #expect(result.tasks.count == 1)
    let task = try #require(result.tasks.first)
    #expect(task.title == "Drug C" && task.carePlanUUID == result.carePlans.first?.uuid)
    #expect(result.carePlans.first?.patientUUID == result.patients.first?.uuid)
    #expect(result.outcomes.first?.taskUUID == task.uuid && result.outcomes.first?.taskOccurrenceIndex == 1)
    #expect(result.report.unresolvedReferences.map(\.path) == ["CarePlan.activity[0].actionResulting[1]"])
  }

  @Test(arguments: [false, true])
  func newerVersionWinsWhateverTheOrder(reversed: Bool) throws {
    var entries: [(String?, String)] = [
      ("urn:uuid:1", #"{"resourceType":"Patient","id":"p1","meta":{"versionId":"1"},"name":[{"family":"Old"}]}"#),
      (nil, #"{"resourceType":"Patient","id":"p1","meta":{"versionId":"2"},"name":[{"family":"New"}]}"#),
    ]
    if reversed { entries.reverse() }
    let result = try Self.run(r4: entries)
    #expect(result.patients.count == 1)
    #expect(result.patients.first?.name.familyName == "New")
    #expect(result.report.duplicatesMerged == ["Patient": 1])
  }

  @Test func releasesMix() throws {
    var input = PipelineInput()
    input.add(try S.dstu2(#"{"resourceType":"Observation","id":"o1","status":"final","code":{"text":"Mood"},"subject":{"reference":"Patient/p1"},"effectiveDateTime":"2020-01-02T08:00:00Z","valueString":"good"}"#))
    input.add(try S.r4(#"{"resourceType":"Patient","id":"p1"}"#))
    let result = try PipelineComparison.runBothWays(input)
    #expect(result.outcomes.count == 1 && result.tasks.count == 1 && result.carePlans.count == 1)
    #expect(result.carePlans.first?.patientUUID == result.patients.first?.uuid)
    #expect(CareJSON.unresolvedLinks(in: result.records).isEmpty)
  }

  @Test func coderClosuresCanBeReplaced() throws {
    var pipeline = Pipeline()
    pipeline.coders.r4MedicationRequest.getCareTitle = { _, _ in "Custom" }
    var input = PipelineInput()
    input.add(try S.r4(#"{"resourceType":"MedicationRequest","id":"mr1","status":"active","intent":"order"}"#))
    #expect(try PipelineComparison.runBothWays(input, with: pipeline).tasks.first?.title == "Custom")
  }

  @Test func logTasksCanBeTurnedOff() throws {
    var pipeline = Pipeline()
    pipeline.options.logsUntiedObservations = false
    var input = PipelineInput()
    input.add(try S.r4(#"{"resourceType":"Observation","id":"o1","status":"final","code":{"text":"Mood"},"valueString":"good"}"#))
    let result = try PipelineComparison.runBothWays(input, with: pipeline)
    #expect(result.outcomes.isEmpty && result.tasks.isEmpty)
    #expect(result.report.notConverted == ["Observation": 1])
  }
}

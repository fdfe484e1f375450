import CareModel
import CarePipeline
import CareStore
import CareStoreFHIR
import CareStoreSQLite
import FHIRTestSupport
import Foundation
import Testing

@Suite("Importing the Synthea fixtures")
struct StoreImportTests {
  @Test(
    "counts equal the pipeline's; a second import adds nothing; a changed dosage adds one Task version",
    arguments: StoreBackendKind.allCases)
  func importReimportChange(_ kind: StoreBackendKind) throws {
    let result = StoreTestSupport.allResult
    let backend = try StoreTestSupport.newStore(kind)
    let store = CareStore(backend: backend)
    let expected = StoreTestSupport.counts(result)
    #expect(expected[.patient]! > 50 && expected[.outcome]! > 1000)

    let first = try store.importResult(result, batchSize: 500)
    #expect(try StoreTestSupport.entityRows(backend) == expected)
    for kind in EntityKind.allCases {
      #expect(first.counts[kind]?.added == expected[kind])
      #expect(first.counts[kind]?.conflicts == 0)
    }
    if let sqlite = backend as? SQLiteBackend { #expect(try sqlite.integrityCheck() == ["ok"]) }
    #expect(try StoreInvariants.violations(in: backend) == [])
    let rowsAfterFirst = try backend.read { try $0.rowCounts() }
    #expect(rowsAfterFirst["versions"] == expected.values.reduce(0, +))
    #expect(rowsAfterFirst["provenance"]! >= expected[.patient]! + expected[.outcome]!)

    // The same input again: nothing written.
    let second = try store.importResult(result)
    #expect(try backend.read { try $0.rowCounts() } == rowsAfterFirst)
    #expect(second.versionsWritten == 0)
    for kind in EntityKind.allCases { #expect(second.counts[kind]?.unchanged == expected[kind]) }

    // One MedicationRequest gets a dosage: exactly one new Task version.
    let path = "r4/bundles/" + "synthea__Chauncey_Johnston_f4673866-81fb-4d81-9a2c-9ac8a2f7b4d0.json"
    let order = "e7e8a88c-cb4d-4b99-8a7f-c400085af98e"
    let dosage =
      #""dosageInstruction": [{"text": "Two tablets daily", "doseAndRate": [{"doseQuantity": {"value": 2, "unit": "tablet"}}]}]"#
    let path2 = StoreTestSupport.syntheaBundles.first { $0.hasPrefix("r4/bundles/synthea__Chauncey_Johnston") } ?? path
    let changed = Pipeline().run(
      try StoreTestSupport.input(
        StoreTestSupport.syntheaBundles, replace: [path2: StoreTestSupport.inserting(dosage, afterID: order, in: path2)]
      ))
    let third = try store.importResult(changed)
    #expect(third.versionsWritten == 1)
    #expect(third.counts[.task]?.newVersions == 1)
    let rowsAfterChange = try backend.read { try $0.rowCounts() }
    #expect(rowsAfterChange["task"] == rowsAfterFirst["task"]! + 1)
    #expect(rowsAfterChange["versions"] == rowsAfterFirst["versions"]! + 1)
    #expect(try StoreInvariants.violations(in: backend) == [])

    // The changed task: two versions, the newer one has the instructions and names the older.
    let taskIDs = try store.versions(fromResource: "MedicationRequest", id: order)
    #expect(taskIDs.count == 2 && taskIDs.allSatisfy { $0.kind == .task })
    let changedTask = try #require(changed.tasks.first { $0.instructions == "Two tablets daily" })
    let history = try store.history(.task, id: changedTask.id)
    #expect(history.count == 2)
    #expect(history[1].stored.previousUUID == history[0].stored.uuid)
    #expect(history[1].stored.uuid != history[0].stored.uuid)
    guard case .task(let newer) = history[1].record, case .task(let older) = history[0].record else {
      Issue.record("not tasks")
      return
    }
    #expect(newer.instructions == "Two tablets daily" && older.instructions != newer.instructions)
    #expect(newer.previousVersionUUIDs == [older.uuid])
    #expect(history[1].sources.contains { $0.resourceType == "MedicationRequest" && $0.resourceID == order })

    // Importing the changed input again adds nothing more.
    #expect(try store.importResult(changed).versionsWritten == 0)
  }

  @Test("provenance names each entity's FHIR resources, with release and fullUrl", arguments: StoreBackendKind.allCases)
  func provenance(_ kind: StoreBackendKind) throws {
    let result = StoreTestSupport.allResult
    let backend = try StoreTestSupport.newStore(kind)
    let store = CareStore(backend: backend)
    try store.importResult(result)
    let patient = try #require(result.patients.first)
    let history = try store.history(.patient, id: patient.id)
    let source = try #require(history.first?.sources.first)
    #expect(source.resourceType == "Patient")
    #expect(source.resourceID == patient.id)
    #expect(source.fullUrl != nil)
    // Observation log plans and tasks and medication plans come from no single resource;
    // everything else does.
    let logPlans = Set(
      result.carePlans.filter { $0.id.hasPrefix("observation-log/") || $0.id.hasPrefix("medications/") }.map(\.uuid))
    let logTasks = Set(result.tasks.filter { $0.id.hasPrefix("observation-log/") }.map(\.uuid))
    let uuids = result.records.map(\.uuid).filter { !logPlans.contains($0) && !logTasks.contains($0) }
    let sources = try backend.read { try $0.sources(of: uuids) }
    #expect(sources.count == uuids.count)
    #expect(sources.values.allSatisfy { list in list.allSatisfy { $0.release == .r4 || $0.release == .dstu2 } })
  }

  @Test(
    "a batch is all or nothing: a failing batch leaves the batches before it and nothing of itself",
    arguments: StoreBackendKind.allCases)
  func batchAtomicity(_ kind: StoreBackendKind) throws {
    let result = StoreTestSupport.allResult
    let backend = try StoreTestSupport.newStore(kind)
    // A writer that fails half-way through its third batch, for a reason that concerns the
    // whole store (an entity's own failure is skipped and reported: ImportContainmentTests).
    final class Counter: @unchecked Sendable { var batches = 0 }
    let counter = Counter()
    struct FailingBackend: CareStoreBackend {
      let inner: any CareStoreBackend
      let counter: Counter
      func read<T>(_ body: (any StoreReader) throws -> T) throws -> T { try inner.read(body) }
      func write<T>(_ body: (any StoreWriter) throws -> T) throws -> T {
        counter.batches += 1
        let fail = counter.batches == 3
        return try inner.write { writer in
          let value = try body(writer)
          if fail { throw StoreError(.diskFull, store: "test", operation: "writing") }
          return value
        }
      }
    }
    let importer = CareImporter(backend: FailingBackend(inner: backend, counter: counter), batchSize: 30)
    #expect(throws: StoreError.self) { try importer.importResult(result) }
    #expect(try StoreTestSupport.entityRows(backend)[.patient] == 60)
    #expect(try StoreInvariants.violations(in: backend) == [])
    // Running it again completes it.
    try CareImporter(backend: backend).importResult(result)
    #expect(try StoreTestSupport.entityRows(backend) == StoreTestSupport.counts(result))
  }

  /// A server backend writes a batch in a few statements (PostgreSQL: from arrays); what it
  /// stores must be what one version after the other stores, replaced heads included, and a
  /// row the database refuses must still cost only its own entity.
  @Test(
    "a batch of changed tasks and outcomes, one outcome linked to no task: the others get new versions, it is reported",
    arguments: StoreBackendKind.allCases)
  func changedBatchWithOneRefusedRow(_ kind: StoreBackendKind) throws {
    let result = StoreTestSupport.allResult
    let backend = try StoreTestSupport.newStore(kind)
    let store = CareStore(backend: backend)
    try store.importResult(result, batchSize: 500)
    let before = try backend.read { try $0.rowCounts() }

    var changed = result
    for i in changed.tasks.indices.prefix(40) { changed.tasks[i].title = (changed.tasks[i].title ?? "") + " (changed)" }
    for i in changed.outcomes.indices.prefix(60) { changed.outcomes[i].remoteID = "changed-\(i)" }
    let refused = changed.outcomes[7].id
    changed.outcomes[7].taskUUID = UUID()
    let summary = try store.importResult(changed, batchSize: 500)

    #expect(summary.failures.map(\.id) == [refused])
    #expect(summary.failures.map(\.kind) == [.outcome])
    #expect(summary.counts[.task]?.newVersions == 40)
    #expect(summary.counts[.outcome]?.newVersions == 59)
    let after = try backend.read { try $0.rowCounts() }
    #expect(after["versions"] == before["versions"]! + 99)
    #expect(after["task"] == before["task"]! + 40)
    #expect(after["outcome"] == before["outcome"]! + 59)
    #expect(after["provenance"]! > before["provenance"]!)
    #expect(try StoreInvariants.violations(in: backend) == [])
    // Each changed entity's newest version has the change, and names the version before it.
    let tasks = try backend.read { try $0.heads(.task, ids: changed.tasks.prefix(40).map(\.id)) }
    #expect(tasks.count == 40 && tasks.values.allSatisfy { $0.sequence == 2 })
    let outcomes = try backend.read { try $0.heads(.outcome, ids: changed.outcomes.prefix(60).map(\.id)) }
    #expect(outcomes.values.filter { $0.sequence == 2 }.count == 59)
    #expect(outcomes[refused]?.sequence == 1)
    // Importing the same again writes nothing but the refused outcome's failure.
    let again = try store.importResult(changed, batchSize: 500)
    #expect(again.versionsWritten == 0)
    #expect(again.failures.map(\.id) == [refused])
  }
}

import CareModel
import CarePipeline
import CareStore
import CareStoreFHIR
import CareStoreSQLite
import Foundation
import GRDB
import Testing

@Suite("Importing a staged pipeline run")
struct StoreStagedImportTests {
  /// Stages every Synthea bundle and imports the staged run's entities with their provenance.
  static func stagedImport(
    into backend: SQLiteBackend, batchSize: Int = 500, jobs: Int = 1, afterBatch: (ImportSummary) -> Void = { _ in }
  ) throws -> (ImportSummary, PipelineReport) {
    let conversion = try StagedConversion(pipeline: Pipeline(), staging: .init(partitionBytes: 256 << 10))
    for entry in try StoreTestSupport.input(StoreTestSupport.syntheaBundles).entries {
      try conversion.add(entry.resource, fullUrl: entry.fullUrl)
    }
    var report = PipelineReport()
    let summary = try CareImporter(backend: backend, batchSize: batchSize, jobs: jobs).importStream(
      { add in report = try conversion.finish(withSources: add) }, afterBatch: afterBatch)
    return (summary, report)
  }

  @Test("stores what importing the in-memory result stores, provenance included; a second import adds nothing")
  func stagedEqualsInMemory() throws {
    let result = StoreTestSupport.allResult
    let memory = try StoreTestSupport.newStore()
    try CareStore(backend: memory).importResult(result, batchSize: 500)
    let staged = try StoreTestSupport.newStore()
    let (first, report) = try Self.stagedImport(into: staged)

    let expected = StoreTestSupport.counts(result)
    #expect(report.entities == ["patient": expected[.patient]!, "carePlan": expected[.carePlan]!,
      "task": expected[.task]!, "outcome": expected[.outcome]!])
    for kind in EntityKind.allCases { #expect(first.counts[kind]?.added == expected[kind], "\(kind)") }
    #expect(try StoreTestSupport.entityRows(staged) == expected)
    #expect(try staged.read { try $0.rowCounts() } == memory.read { try $0.rowCounts() })
    let (a, b) = (CareStore(backend: staged), CareStore(backend: memory))
    for kind in EntityKind.allCases {
      #expect(try a.records(kind, at: .distantFuture) == b.records(kind, at: .distantFuture), "\(kind)")
    }
    let uuids = result.records.map(\.uuid)
    let stagedSources = try staged.read { try $0.sources(of: uuids) }
    #expect(!stagedSources.isEmpty)
    #expect(stagedSources == (try memory.read { try $0.sources(of: uuids) }))
    #expect(try StoreInvariants.violations(in: staged) == [])

    // Idempotent: the same input staged again writes nothing.
    let rows = try staged.read { try $0.rowCounts() }
    let (second, _) = try Self.stagedImport(into: staged, batchSize: 333)
    #expect(second.versionsWritten == 0)
    for kind in EntityKind.allCases { #expect(second.counts[kind]?.unchanged == expected[kind], "\(kind)") }
    #expect(try staged.read { try $0.rowCounts() } == rows)
  }

  @Test(
    "batches written while the next are merged (more than one job) store what one job stores, with the same summary")
  func overlappingWritesStoreTheSame() throws {
    let one = try StoreTestSupport.newStore("overlap-one")
    let (oneSummary, _) = try Self.stagedImport(into: one, batchSize: 300, jobs: 1)
    let two = try StoreTestSupport.newStore("overlap-two")
    var last: ImportSummary?
    var batches = 0
    let (twoSummary, _) = try Self.stagedImport(into: two, batchSize: 300, jobs: 2) {
      last = $0
      batches += 1
    }
    #expect(batches > 2)
    #expect(twoSummary == oneSummary)
    #expect(last == twoSummary)
    #expect(try two.contentDump() == one.contentDump())
    #expect(try StoreInvariants.violations(in: two) == [])
    // Again, over what is stored: nothing written, and the store unchanged.
    let (again, _) = try Self.stagedImport(into: two, batchSize: 300, jobs: 2)
    #expect(again.versionsWritten == 0)
    #expect(try two.contentDump() == one.contentDump())
  }

  @Test(
    "a store filling up while batches are written on their own thread: diskFull, the batches before kept, then completed"
  )
  func overlappingWritesStopAtAFullStore() throws {
    let complete = try StoreTestSupport.newStore("overlap-complete")
    _ = try Self.stagedImport(into: complete, batchSize: 200, jobs: 1)
    let backend = try StoreTestSupport.newStore("overlap-full")
    let pages = try DatabaseQueue(path: backend.path).read { try Int.fetchOne($0, sql: "PRAGMA page_count")! }
    var options = SQLiteBackend.Options()
    options.maxPageCount = pages + 40
    let limited = try SQLiteBackend(path: backend.path, options: options)
    #expect {
      _ = try Self.stagedImport(into: limited, batchSize: 200, jobs: 2)
    } throws: { ($0 as? StoreError)?.kind == .diskFull }
    let after = try SQLiteBackend(path: backend.path)
    #expect(try after.integrityCheck() == ["ok"])
    #expect(try StoreInvariants.violations(in: after) == [])
    let stored = try StoreTestSupport.entityRows(after).values.reduce(0, +)
    #expect(stored > 0)
    #expect(Set(try after.contentDump()).isSubset(of: Set(try complete.contentDump())))
    // With room again, importing again completes it.
    _ = try Self.stagedImport(into: after, batchSize: 200, jobs: 2)
    #expect(try after.contentDump() == complete.contentDump())
  }
}

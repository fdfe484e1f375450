import CareModel
import CarePipeline
import CareStore
import CareStoreFHIR
import CareStoreSQLite
import Foundation
import Testing

@Suite("Importing a staged pipeline run")
struct StoreStagedImportTests {
  /// Stages every Synthea bundle and imports the staged run's entities with their provenance.
  static func stagedImport(into backend: SQLiteBackend, batchSize: Int = 500) throws -> (ImportSummary, PipelineReport) {
    let conversion = try StagedConversion(pipeline: Pipeline(), staging: .init(partitionBytes: 256 << 10))
    for entry in try StoreTestSupport.input(StoreTestSupport.syntheaBundles).entries {
      try conversion.add(entry.resource, fullUrl: entry.fullUrl)
    }
    var report = PipelineReport()
    let summary = try CareImporter(backend: backend, batchSize: batchSize).importStream { add in
      report = try conversion.finish(withSources: add)
    }
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
}

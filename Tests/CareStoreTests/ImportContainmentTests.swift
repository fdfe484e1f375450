import CareModel
import CarePipeline
import CareStore
import CareStoreFHIR
import CareStoreSQLite
import FHIRTestSupport
import Foundation
import Testing

/// One entity the store cannot write never stops an import: the others commit, the failure is
/// listed (kind, id, reason in our words), and importing again completes the store.
@Suite("An entity the store cannot write is skipped and reported")
struct ImportContainmentTests {
  /// A backend that fails any write transaction appending a version of entity `failing`, as a
  /// database refusing one row would; everything else goes to the real SQLite store.
  struct FailingBackend: CareStoreBackend {
    let base: SQLiteBackend
    let failing: String
    let error: any Error & Sendable

    func read<T>(_ body: (any StoreReader) throws -> T) throws -> T { try base.read(body) }

    func write<T>(_ body: (any StoreWriter) throws -> T) throws -> T {
      try base.write { writer in try body(FailingWriter(base: writer, failing: failing, error: error)) }
    }
  }

  struct FailingWriter: StoreWriter, ForwardingReader {
    let base: any StoreWriter
    var baseReader: any StoreReader { base }
    let failing: String
    let error: any Error

    func append(_ version: StoredVersion, replacing head: VersionHead?) throws {
      if version.id == failing { throw error }
      try base.append(version, replacing: head)
    }
    func addSources(_ sources: [SourceReference], to version: UUID) throws { try base.addSources(sources, to: version) }
    func mergeSyncClocks(_ clocks: [UUID: Int64]) throws { try base.mergeSyncClocks(clocks) }
  }

  struct InjectedFailure: Error {}

  @Test("a failing write of one outcome mid-import: the others commit, it is reported, a re-run completes it", arguments: [false, true])
  func oneEntityFails(streamed: Bool) throws {
    let result = StoreTestSupport.allResult
    let expected = StoreTestSupport.counts(result)
    // An outcome in the middle of the import, written in a batch with others.
    let failing = result.outcomes[result.outcomes.count / 2].id
    let backend = try StoreTestSupport.newStore("containment\(streamed)")
    let injected = FailingBackend(base: backend, failing: failing, error: InjectedFailure())
    let importer = CareImporter(backend: injected, batchSize: 300)
    let first: ImportSummary
    if streamed {
      first = try importer.importRecords { add in
        for record in result.records { try add(record, result.sources[record.uuid] ?? []) }
      }
    } else {
      first = try importer.importResult(result)
    }
    #expect(first.failures == [ImportSummary.Failure(kind: .outcome, id: failing, reason: "the entity could not be written (InjectedFailure)")])
    var rows = try StoreTestSupport.entityRows(backend)
    #expect(rows[.outcome] == expected[.outcome]! - 1)
    rows[.outcome]! += 1
    #expect(rows == expected)
    #expect(first.counts[.outcome]?.added == expected[.outcome]! - 1)
    #expect(try StoreInvariants.violations(in: backend) == [])

    // A store error that concerns the whole store still stops the import.
    let full = FailingBackend(base: backend, failing: failing, error: StoreError(.diskFull, store: "s", operation: "writing"))
    #expect(throws: StoreError.self) { try CareImporter(backend: full).importResult(result) }

    // Run again on the healthy store: only the missing outcome is written.
    let second = try CareImporter(backend: backend).importResult(result)
    #expect(second.failures.isEmpty)
    #expect(second.versionsWritten == 1)
    #expect(second.counts[.outcome]?.added == 1)
    #expect(try StoreTestSupport.entityRows(backend) == expected)
    #expect(try StoreInvariants.violations(in: backend) == [])
  }

  @Test("sources packed by the importer on all cores are stored as the backend packs them itself")
  func sourcesPackedAheadAreStoredAlike() throws {
    let result = StoreTestSupport.allResult
    let direct = try StoreTestSupport.newStore("packed-ahead")
    let base = try StoreTestSupport.newStore("packed-by-backend")
    // The wrapper's writer keeps the default: it takes no stored forms, the backend packs.
    let wrapped = FailingBackend(base: base, failing: "", error: InjectedFailure())
    try CareImporter(backend: direct, batchSize: 300).importResult(result)
    try CareImporter(backend: wrapped, batchSize: 300).importResult(result)
    #expect(try direct.write { $0.takesStoredSources })
    #expect(try wrapped.write { $0.takesStoredSources } == false)
    #expect(try direct.contentDump() == base.contentDump())
    #expect(try !direct.read { try $0.sources(of: result.records.map(\.uuid)) }.isEmpty)
  }
}


import CareModel
import CareStore
@testable import CareStoreFHIR
import Foundation
import Testing

/// The export reads the store a page of entities at a time, never all its versions at once, and
/// gives what a whole read gives, in the same order.
@Suite("Export in pages", .serialized)
struct ExportPagingTests {
  /// What an export asked the store for: the filters, and the most entities one read returned.
  final class Reads: @unchecked Sendable {
    var wholeKinds: [EntityKind] = []
    var largestRead = 0
  }

  /// A backend that records the reads made through it.
  struct RecordingBackend: CareStoreBackend {
    let inner: any CareStoreBackend
    let reads: Reads
    func read<T>(_ body: (any StoreReader) throws -> T) throws -> T {
      try inner.read { try body(RecordingReader(base: $0, reads: reads)) }
    }
    func write<T>(_ body: (any StoreWriter) throws -> T) throws -> T { try inner.write(body) }
  }

  struct RecordingReader: StoreReader {
    let base: any StoreReader
    let reads: Reads
    func versions(_ kind: EntityKind, _ filter: VersionFilter) throws -> [StoredVersion] {
      if filter == .all { reads.wholeKinds.append(kind) }
      let versions = try base.versions(kind, filter)
      reads.largestRead = max(reads.largestRead, Set(versions.map(\.id)).count)
      return versions
    }
    func entityIDs(_ kind: EntityKind) throws -> [String] { try base.entityIDs(kind) }
    func heads(_ kind: EntityKind, ids: [String]) throws -> [String: VersionHead] { try base.heads(kind, ids: ids) }
    func heads(_ kind: EntityKind, roots: [UUID]) throws -> [UUID: VersionHead] { try base.heads(kind, roots: roots) }
    func sources(of uuids: [UUID]) throws -> [UUID: [SourceReference]] { try base.sources(of: uuids) }
    func versions(fromResource type: String, id: String) throws -> [(kind: EntityKind, uuid: UUID)] {
      try base.versions(fromResource: type, id: id)
    }
    func occupiedSlots(_ slots: [OccurrenceSlot]) throws -> [OccurrenceSlot: String] { try base.occupiedSlots(slots) }
    func rowCounts() throws -> [String: Int] { try base.rowCounts() }
    func changes(from position: Int64, before horizon: Int64) throws -> [StoreChange] {
      try base.changes(from: position, before: horizon)
    }
    func changeHorizon() throws -> Int64 { try base.changeHorizon() }
    func syncProcess() throws -> UUID { try base.syncProcess() }
    func syncClocks() throws -> [UUID: Int64] { try base.syncClocks() }
  }

  @Test("every export reads pages of at most pageSize entities, in the order and with the content of a whole read", arguments: StoreBackendKind.allCases)
  func pages(_ kind: StoreBackendKind) throws {
    let backend = try StoreTestSupport.newStore(kind)
    try CareStore(backend: backend).importResult(StoreTestSupport.allResult)
    // More outcomes than one page holds: the pages must join up.
    #expect(StoreTestSupport.allResult.outcomes.count > 2 * ExportRun.pageSize)
    let reads = Reads()
    let store = CareStore(backend: RecordingBackend(inner: backend, reads: reads))
    var exporter = StoreExporter(store: store)
    let care = try exporter.items(.care)
    for target in [StoreExporter.Target.r4, .dstu2] {
      #expect(try !exporter.items(target).isEmpty)
      exporter.fromSources = true
      #expect(try !exporter.items(target).isEmpty)
      exporter.fromSources = false
    }
    #expect(reads.wholeKinds.isEmpty)
    #expect(reads.largestRead <= ExportRun.pageSize)
    // The care export is every entity's record in effect, kind by kind in id order: what a whole read gives.
    let writer = CareJSONWriter.fastDates
    var expected: [[UInt8]] = []
    for kind in [EntityKind.patient, .carePlan, .task, .outcome, .contact] {
      expected += try CareStore(backend: backend).records(kind, at: .distantFuture).map { writer.bytes($0) }
    }
    #expect(care.map(\.json) == expected)
  }
}

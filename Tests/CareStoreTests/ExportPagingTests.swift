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
      try inner.read { try body(RecordingReader(baseReader: $0, reads: reads)) }
    }
    func write<T>(_ body: (any StoreWriter) throws -> T) throws -> T { try inner.write(body) }
  }

  struct RecordingReader: ForwardingReader {
    let baseReader: any StoreReader
    let reads: Reads
    func versions(_ kind: EntityKind, _ filter: VersionFilter) throws -> [StoredVersion] {
      if filter == .all { reads.wholeKinds.append(kind) }
      let versions = try baseReader.versions(kind, filter)
      reads.largestRead = max(reads.largestRead, Set(versions.map(\.id)).count)
      return versions
    }
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

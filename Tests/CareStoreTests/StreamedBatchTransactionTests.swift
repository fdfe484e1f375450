import CareModel
import CarePipeline
import CareStore
import CareStoreFHIR
import Foundation
import Testing

/// A streamed import (`importStream`) writes each batch, every kind of it, in one transaction:
/// one commit a batch, all or nothing; a batch that fails for one entity is written again kind
/// by kind, then entity by entity, and costs only that entity.
@Suite("A streamed batch is one transaction")
struct StreamedBatchTransactionTests {
  /// Counts write transactions, and fails the `failAt`-th after its body ran (a store that
  /// filled up at the commit).
  final class Counter: @unchecked Sendable {
    var writes = 0
  }

  struct CountingBackend: CareStoreBackend {
    let inner: any CareStoreBackend
    let counter: Counter
    var failAt: Int?

    func read<T>(_ body: (any StoreReader) throws -> T) throws -> T { try inner.read(body) }

    func write<T>(_ body: (any StoreWriter) throws -> T) throws -> T {
      counter.writes += 1
      let fails = counter.writes == failAt
      return try inner.write { writer in
        let value = try body(writer)
        if fails { throw StoreError(.diskFull, store: "test", operation: "writing") }
        return value
      }
    }
  }

  /// Stages the Synthea bundles and imports the staged run into `backend` with `importStream`.
  static func streamedImport(
    into backend: any CareStoreBackend, batchSize: Int, jobs: Int = 1, afterBatch: (ImportSummary) -> Void = { _ in }
  ) throws -> ImportSummary {
    let conversion = try StagedConversion(pipeline: Pipeline(), staging: .init(partitionBytes: 256 << 10))
    for entry in try StoreTestSupport.input(StoreTestSupport.syntheaBundles).entries {
      try conversion.add(entry.resource, fullUrl: entry.fullUrl)
    }
    return try CareImporter(backend: backend, batchSize: batchSize, jobs: jobs).importStream(
      { add in _ = try conversion.finish(withSources: add) }, afterBatch: afterBatch)
  }

  @Test("one transaction per batch, every kind in it; the summary counts them", arguments: StoreBackendKind.allCases)
  func oneCommitPerBatch(_ kind: StoreBackendKind) throws {
    let counter = Counter()
    let backend = CountingBackend(inner: try StoreTestSupport.newStore(kind), counter: counter)
    var batches = 0
    let summary = try Self.streamedImport(into: backend, batchSize: 300) { _ in batches += 1 }
    #expect(batches > 2)
    #expect(counter.writes == batches)
    #expect(summary.batches == batches)
    #expect(try StoreTestSupport.entityRows(backend.inner) == StoreTestSupport.counts(StoreTestSupport.allResult))
  }

  @Test(
    "a store failing at a batch's commit keeps none of that batch, of any kind; importing again completes it",
    arguments: StoreBackendKind.allCases)
  func aFailedBatchLeavesNothingOfItself(_ kind: StoreBackendKind) throws {
    let store = try StoreTestSupport.newStore(kind)
    let counter = Counter()
    var first: ImportSummary?
    #expect(throws: StoreError.self) {
      _ = try Self.streamedImport(
        into: CountingBackend(inner: store, counter: counter, failAt: 2), batchSize: 300
      ) { first = first ?? $0 }
    }
    let written = try #require(first)
    let rows = try StoreTestSupport.entityRows(store)
    // The first batch holds several kinds; all of them, and nothing of the second, are stored.
    #expect(rows.values.filter { $0 > 0 }.count >= 3)
    #expect(rows.values.reduce(0, +) == written.versionsWritten)
    #expect(try StoreInvariants.violations(in: store) == [])
    _ = try Self.streamedImport(into: store, batchSize: 300)
    #expect(try StoreTestSupport.entityRows(store) == StoreTestSupport.counts(StoreTestSupport.allResult))
    #expect(try StoreInvariants.violations(in: store) == [])
  }

  @Test("one entity the store refuses in a batch of several kinds: the batch's others are stored, it is reported")
  func oneEntityOfABatchFails() throws {
    let result = StoreTestSupport.allResult
    let expected = StoreTestSupport.counts(result)
    let failing = result.outcomes[result.outcomes.count / 2].id
    let store = try StoreTestSupport.newStore()
    let injected = ImportContainmentTests.FailingBackend(
      base: store, failing: failing, error: ImportContainmentTests.InjectedFailure())
    let summary = try Self.streamedImport(into: injected, batchSize: 300, jobs: 2)
    #expect(summary.failures.map(\.id) == [failing])
    var rows = try StoreTestSupport.entityRows(store)
    rows[.outcome]! += 1
    #expect(rows == expected)
    #expect(try StoreInvariants.violations(in: store) == [])
    let again = try Self.streamedImport(into: store, batchSize: 300)
    #expect(again.versionsWritten == 1)
    #expect(try StoreTestSupport.entityRows(store) == expected)
  }
}

public import CareModel
import Foundation

extension CareImporter {
  /// Imports entities as a staged pipeline run hands them out — patient group after patient
  /// group, each group's patients, plans, tasks and outcomes in that order — writing them in
  /// batches while the run goes on: memory holds one batch, whatever the input's size.
  ///
  /// ```swift
  /// var report: PipelineReport?
  /// let summary = try importer.importStream { add in
  ///   report = try conversion.finish(withSources: add)
  /// }
  /// ```
  ///
  /// Every link of an entity must name an entity handed in before it (or already stored), as
  /// ``StagedConversion`` and ``Pipeline/convert(_:reading:staging:withSources:)`` guarantee: a
  /// batch is written kind by kind, so an outcome finds the task version it belongs to. For
  /// entities in any order (care records read from files), use ``importRecords(directory:_:afterBatch:)``.
  ///
  /// The store ends up as ``importResult(_:afterBatch:)`` leaves it for the same entities: the
  /// same versions, the same idempotency (importing again writes nothing), and an import killed at
  /// any point and run again gives the uninterrupted result. An id given twice within one batch
  /// keeps the later entity; given again in a later batch, the later entity becomes its newest
  /// version (a staged run hands out each entity once).
  /// - Parameters:
  ///   - produce: Called once with the function that takes each entity and its sources.
  ///   - afterBatch: Called after each committed batch with the summary so far.
  /// - Returns: Counts per kind.
  /// - Throws: ``StoreError`` when the store as a whole cannot be written (batches committed
  ///   before it stay stored; an entity it cannot write is skipped and listed in
  ///   ``ImportSummary/failures``), or what `produce` throws (batches committed before it stay).
  @discardableResult
  public func importStream(
    _ produce: (_ add: (CareRecord, [SourceReference]) throws -> Void) throws -> Void,
    afterBatch: (ImportSummary) -> Void = { _ in }
  ) throws -> ImportSummary {
    // `produce` calls back into the batch below, which reports through `afterBatch`; neither
    // outlives this call.
    try withoutActuallyEscaping(afterBatch) { afterBatch in try importStream(produce, reporting: afterBatch) }
  }

  private func importStream(
    _ produce: (_ add: (CareRecord, [SourceReference]) throws -> Void) throws -> Void,
    reporting afterBatch: @escaping (ImportSummary) -> Void
  ) throws -> ImportSummary {
    // Batches are encoded here and written by `writer`, on a thread of its own with more than
    // one job, while the next batch is merged and encoded. With more than one job their sources
    // are packed here too, as long as the batches written store most of their entities: the
    // transaction packs only the sources of the versions it writes, so packing them all ahead is
    // wasted on a run over entities already stored (importing again, `--recheck`).
    let writer = BatchWriter(importer: self)
    var batch = PendingBatch()
    func commit() throws {
      guard batch.count > 0 else { return }
      let packing = jobs > 1 && writer.lastBatchWroteMost
      let parts = try EntityKind.allCases.map { kind in
        let (records, duplicates) = batch.lastOfEachID(kind)
        let items =
          records.isEmpty
          ? [] : try Self.encode(records, sources: batch.sources, jobs: jobs, packingSources: packing)
        return BatchWriter.Part(kind: kind, items: items, duplicates: duplicates)
      }
      batch = PendingBatch()
      try writer.write(parts)
      afterBatch(writer.summary)
    }
    var summary: ImportSummary
    do {
      try produce { record, sources in
        batch.add(record, kind: EntityKind(of: record), sources: sources)
        if batch.count >= batchSize { try commit() }
      }
      try commit()
      summary = try writer.finish()
    } catch {
      // The batches handed in are written (or stopped) before the error goes on; a store that
      // could not be written is what stopped the import first.
      _ = try writer.finish()
      throw error
    }
    if jobs > 1 { afterBatch(summary) }
    for kind in EntityKind.allCases where summary.counts[kind] == nil { summary.counts[kind] = ImportSummary.Counts() }
    return summary
  }
}

/// The entities of one batch of ``CareImporter/importStream(_:afterBatch:)``, by kind, in the
/// order given, with their sources.
private struct PendingBatch {
  var records: [EntityKind: [CareRecord]] = [:]
  var sources: [UUID: [SourceReference]] = [:]
  var count = 0

  mutating func add(_ record: CareRecord, kind: EntityKind, sources: [SourceReference]) {
    records[kind, default: []].append(record)
    if !sources.isEmpty { self.sources[record.uuid, default: []] += sources }
    count += 1
  }

  /// The entities of `kind`, each id once (its last entity, in the place of that one), and how
  /// many were dropped for a later one with the same id.
  func lastOfEachID(_ kind: EntityKind) -> (records: [CareRecord], duplicates: Int) {
    let all = records[kind] ?? []
    var last: [String: Int] = [:]
    for (i, record) in all.enumerated() { last[record.id] = i }
    guard last.count < all.count else { return (all, 0) }
    return (all.indices.filter { last[all[$0].id] == $0 }.map { all[$0] }, all.count - last.count)
  }
}

public import CareModel
import Foundation

extension CareImporter {
  /// Imports entities handed out one at a time with their provenance — by a staged pipeline
  /// run (``StagedConversion/finish(withSources:)``, ``Pipeline/convert(_:reading:staging:withSources:)``)
  /// — in memory bounded by the batch size rather than by the input.
  ///
  /// The entities are first spooled to temporary files, one per kind, then written kind by kind
  /// in batches exactly as ``importResult(_:afterBatch:)`` writes a ``PipelineResult`` holding
  /// the same entities in the same order: the same versions, the same idempotency, one entity
  /// per id (the last given). Memory holds one batch and, per kind, the ids seen.
  ///
  /// ```swift
  /// var report: PipelineReport?
  /// let summary = try importer.importRecords { add in
  ///   report = try conversion.finish(withSources: add)
  /// }
  /// ```
  /// - Parameters:
  ///   - directory: The folder for the temporary files (default: the system's temporary folder).
  ///   - produce: Called once with the function that takes each entity and its sources.
  ///   - afterBatch: Called after each committed batch with the summary so far.
  /// - Returns: Counts per kind.
  /// - Throws: ``StoreError`` when the store as a whole cannot be written (batches committed
  ///   before it stay stored; an entity it cannot write is skipped and listed in
  ///   ``ImportSummary/failures``), or what `produce` throws (then nothing is written).
  @discardableResult
  public func importRecords(
    directory: String? = nil, _ produce: (_ add: (CareRecord, [SourceReference]) throws -> Void) throws -> Void,
    afterBatch: (ImportSummary) -> Void = { _ in }
  ) throws -> ImportSummary {
    let kinds = EntityKind.allCases
    var spools: [EntityKind: EntitySpool] = [:]
    // Per kind, the position of the last entity with each id, noted as they are spooled (reading
    // a spool back decodes every entity: once is enough).
    var last: [EntityKind: [String: Int32]] = [:]
    for kind in kinds { spools[kind] = try EntitySpool(directory: directory) }
    try produce { record, sources in
      let kind = EntityKind(of: record)
      guard let spool = spools[kind] else { return }
      last[kind, default: [:]][record.id] = Int32(spool.count)
      try spool.append(record, sources: sources)
    }
    var summary = ImportSummary()
    for kind in kinds {
      let spool = spools[kind]!
      spools[kind] = nil
      try importSpooled(spool, kind: kind, last: last.removeValue(forKey: kind) ?? [:], summary: &summary, afterBatch: afterBatch)
    }
    return summary
  }

  /// Writes one kind's spooled entities in batches of ``batchSize`` positions, keeping for each
  /// id only its last entity (at `last[id]`).
  private func importSpooled(
    _ spool: EntitySpool, kind: EntityKind, last: [String: Int32], summary: inout ImportSummary,
    afterBatch: (ImportSummary) -> Void
  ) throws {
    var counts = ImportSummary.Counts()
    var position: Int32 = 0
    counts.duplicateIDs = spool.count - last.count
    var records: [CareRecord] = []
    var sources: [UUID: [SourceReference]] = [:]
    var inBatch = 0
    func commit() throws {
      defer {
        records.removeAll(keepingCapacity: true)
        sources.removeAll(keepingCapacity: true)
        inBatch = 0
      }
      let items = try Self.encode(records, sources: sources, jobs: jobs)
      try writeContained(items, kind: kind, summary: &summary, counts: &counts)
      afterBatch(summary)
    }
    try spool.forEach { entry in
      if last[entry.record.id] == position {
        records.append(entry.record)
        if !entry.sources.isEmpty { sources[entry.record.uuid] = entry.sources }
      }
      position += 1
      inBatch += 1
      if inBatch == batchSize { try commit() }
    }
    if inBatch > 0 { try commit() }
    summary.counts[kind] = counts
  }
}

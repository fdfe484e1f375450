import CareModel
import Foundation

extension CareImporter {
  /// Writes one batch of `kind` in one transaction and adds it to `summary` and `counts`. When
  /// the transaction fails for a reason that may lie with one of its entities (a broken store
  /// rule, an entity that cannot be written, any error that is not the store's as a whole), it
  /// was rolled back: the items are written again one transaction each, and those that still
  /// fail are skipped and listed in ``ImportSummary/failures``, so one bad entity never stops
  /// the others. Running the import again retries them (an import is idempotent).
  /// - Throws: ``StoreError`` when the store as a whole cannot be written (disk full, read-only,
  ///   damaged, busy, newer schema): nothing of the batch is stored, batches before it are.
  func writeContained(
    _ items: [Item], kind: EntityKind, summary: inout ImportSummary, counts: inout ImportSummary.Counts
  ) throws {
    do {
      let batch = try backend.write { writer in try Self.write(items, kind: kind, jobs: jobs, to: writer) }
      summary.add(batch: batch, of: kind, to: &counts)
      return
    } catch let error where !Self.concernsWholeStore(error) && items.count > 1 {
      // One by one below.
    } catch let error where !Self.concernsWholeStore(error) {
      summary.failures.append(ImportSummary.Failure(kind: kind, id: items[0].record.id, reason: Self.reason(error)))
      return
    }
    for item in items {
      do {
        let batch = try backend.write { writer in try Self.write([item], kind: kind, jobs: jobs, to: writer) }
        summary.add(batch: batch, of: kind, to: &counts)
      } catch let error where !Self.concernsWholeStore(error) {
        summary.failures.append(ImportSummary.Failure(kind: kind, id: item.record.id, reason: Self.reason(error)))
      }
    }
  }

  /// Writes one batch of several kinds in one transaction, kind by kind in the order given (so
  /// that an outcome finds the task version written before it in the same transaction), and
  /// adds it to `summary`: the batch is stored whole or not at all. When the transaction fails
  /// for a reason that may lie with one of its entities, it was rolled back: each kind is written
  /// again in a transaction of its own (``writeContained(_:kind:summary:counts:)``, down to one
  /// entity a transaction).
  /// - Throws: ``StoreError`` when the store as a whole cannot be written: nothing of the batch
  ///   is stored, batches before it are.
  func writeContained(_ parts: [(kind: EntityKind, items: [Item])], summary: inout ImportSummary) throws {
    let parts = parts.filter { !$0.items.isEmpty }
    if parts.count > 1 {
      do {
        let written = try backend.write { writer in
          try parts.map { part in try Self.write(part.items, kind: part.kind, jobs: jobs, to: writer) }
        }
        for (part, batch) in zip(parts, written) {
          var counts = summary.counts[part.kind] ?? ImportSummary.Counts()
          summary.add(batch: batch, of: part.kind, to: &counts, committed: false)
        }
        summary.batches += 1
        return
      } catch let error where !Self.concernsWholeStore(error) {
        // Kind by kind below.
      }
    }
    for part in parts {
      var counts = summary.counts[part.kind] ?? ImportSummary.Counts()
      try writeContained(part.items, kind: part.kind, summary: &summary, counts: &counts)
    }
  }

  /// Whether `error` says the store as a whole cannot be written, so that writing the entities
  /// one by one would fail for each of them alike.
  static func concernsWholeStore(_ error: any Error) -> Bool {
    guard let error = error as? StoreError else { return false }
    switch error.kind {
    case .diskFull, .readOnly, .corrupt, .newerSchema, .olderSchema, .busy, .cannotOpen, .temporaryFile,
      .connectionLost:
      return true
    case .constraint, .badRecord, .database: return false
    }
  }

  /// Why an entity was not stored, in our words (a store error's summary, else the error's type).
  static func reason(_ error: any Error) -> String {
    if let error = error as? StoreError { return error.description }
    return "the entity could not be written (\(type(of: error)))"
  }
}

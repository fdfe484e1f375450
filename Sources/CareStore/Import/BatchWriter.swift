import CareModel
import Dispatch
import Synchronization

/// Writes the batches of a streamed import (``CareImporter/importStream(_:afterBatch:)``) in the
/// order they are handed in. With more than one job each batch is written on a thread of its own
/// while the caller goes on merging and encoding the next one (one batch written at a time, the
/// next one waiting): the store's writes, one transaction after the other, overlap with the rest
/// of the import instead of taking turns with it. With one job each batch is written on the
/// calling thread as it is handed in.
final class BatchWriter: Sendable {
  /// One kind of entity of one batch: its items, encoded, and how many entities were left out
  /// for a later one with the same id.
  struct Part: Sendable {
    var kind: EntityKind
    var items: [CareImporter.Item]
    var duplicates: Int
  }

  /// What the batches written so far add up to (their running counts per kind are the
  /// summary's), and what stopped one.
  private struct State {
    var summary = ImportSummary()
    var failure: (any Error)?
    /// Whether the last batch written stored new versions of most of its entities.
    var lastBatchWroteMost = true
  }

  private let importer: CareImporter
  /// Where batches are written, when they overlap with the caller's work.
  private let queue: DispatchQueue?
  /// Lets one batch be written while the next is handed in, no more.
  private let room = DispatchSemaphore(value: 1)
  private let state = Mutex(State())

  /// A writer for `importer`'s store, writing on a thread of its own when the importer has more
  /// than one job.
  init(importer: CareImporter) {
    self.importer = importer
    queue = importer.jobs > 1 ? DispatchQueue(label: "CareImporter.BatchWriter") : nil
  }

  /// The summary of the batches written so far.
  var summary: ImportSummary { state.withLock { $0.summary } }

  /// Whether the last batch written stored new versions of most of its entities (or no batch is
  /// written yet): an import into a new store, where packing every source of the next batch
  /// before it is written is work its transaction would do anyway; a run again over stored
  /// entities writes few (importing again, `--recheck`).
  var lastBatchWroteMost: Bool { state.withLock { $0.lastBatchWroteMost } }

  /// Writes one batch, `parts` kind by kind, after the batches handed in before it.
  /// - Throws: ``StoreError`` when the store as a whole could not be written (this batch or, when
  ///   batches overlap, one before it): the batches before that one are stored.
  func write(_ parts: [Part]) throws {
    guard let queue else { return try writeNow(parts) }
    room.wait()
    if let failure = state.withLock({ $0.failure }) {
      room.signal()
      throw failure
    }
    queue.async { [self] in
      defer { room.signal() }
      do { try writeNow(parts) } catch { state.withLock { $0.failure = error } }
    }
  }

  /// Waits for the batches handed in to be written and returns their summary.
  /// - Throws: What stopped one of them (the batches before it are stored).
  func finish() throws -> ImportSummary {
    queue?.sync {}
    return try state.withLock { state in
      if let failure = state.failure { throw failure }
      return state.summary
    }
  }

  private func writeNow(_ parts: [Part]) throws {
    var summary = state.withLock { $0.summary }
    let before = (written: summary.versionsWritten, unchanged: Self.unchanged(summary))
    for part in parts { summary.counts[part.kind, default: ImportSummary.Counts()].duplicateIDs += part.duplicates }
    try importer.writeContained(parts.map { ($0.kind, $0.items) }, summary: &summary)
    let written = summary.versionsWritten - before.written
    let unchanged = Self.unchanged(summary) - before.unchanged
    state.withLock { state in
      state.summary = summary
      state.lastBatchWroteMost = written >= unchanged
    }
  }

  private static func unchanged(_ summary: ImportSummary) -> Int {
    summary.counts.values.reduce(0) { $0 + $1.unchanged }
  }
}

public import CareModel
public import Foundation

/// Writes care entities into a store, in batched transactions (each all or nothing).
///
/// Idempotent: importing the same result again adds nothing; an entity whose content changed
/// gets exactly one new version. Entities are written kind by kind — patients, plans, tasks,
/// outcomes — so that links always name something already stored, and every derived uuid is
/// a function of the content, so an import interrupted at any point and run again leaves the
/// store exactly as one uninterrupted run would. See `docs/store.md`.
public struct CareImporter: Sendable {
  /// The store written to.
  public let backend: any CareStoreBackend
  /// Entities per write transaction.
  public var batchSize: Int
  /// Threads that encode, hash and compress a batch before it is written (at least 1).
  public var jobs: Int

  /// Creates an importer.
  /// - Parameters:
  ///   - backend: The store.
  ///   - batchSize: Entities per transaction (default 2000).
  ///   - jobs: Threads that encode, hash and compress each batch (default: all cores).
  public init(
    backend: any CareStoreBackend, batchSize: Int = 2000, jobs: Int = ProcessInfo.processInfo.activeProcessorCount
  ) {
    self.backend = backend
    self.batchSize = max(1, batchSize)
    self.jobs = max(1, jobs)
  }

  /// One entity to write, encoded before the transaction starts.
  struct Item {
    var record: CareRecord
    var json: Data
    var hash: String
    /// Its sources, in order.
    var sources: [SourceReference]
    /// Its sources packed as the store keeps them (``StoredSource/pack(_:)``), when that was done
    /// before the transaction; else they are packed in it, for the versions it writes.
    var storedSources: [Data?]?
  }

  /// Imports `records` — entities of any kind, each with its sources in `sources` — kind by
  /// kind (patients, plans, tasks, outcomes), each kind in the order given.
  /// - Parameters:
  ///   - records: The entities. An id given twice keeps its last entity (counted in
  ///     ``ImportSummary/Counts/duplicateIDs``).
  ///   - sources: The FHIR resources each entity came from, by entity uuid.
  ///   - afterBatch: Called after each committed batch with the summary so far.
  /// - Returns: Counts per kind, and the entities the store could not write (skipped and listed
  ///   in ``ImportSummary/failures``; the others are stored).
  /// - Throws: ``StoreError`` when the store as a whole cannot be written (batches committed
  ///   before it stay stored).
  @discardableResult
  public func importEntities(
    _ records: [CareRecord], sources: [UUID: [SourceReference]], afterBatch: (ImportSummary) -> Void = { _ in }
  ) throws -> ImportSummary {
    var summary = ImportSummary()
    var byKind: [EntityKind: [CareRecord]] = [:]
    for record in records {
      byKind[EntityKind(of: record), default: []].append(record)
    }
    for kind in EntityKind.allCases {
      let records = byKind[kind] ?? []
      var counts = ImportSummary.Counts()
      // One entity per id: the last in the order given.
      var last: [String: Int] = [:]
      for (i, record) in records.enumerated() { last[record.id] = i }
      counts.duplicateIDs = records.count - last.count
      var start = 0
      while start < records.count {
        let end = min(start + batchSize, records.count)
        let chosen = (start..<end).filter { last[records[$0].id] == $0 }
        let items = try Self.encode(chosen.map { records[$0] }, sources: sources, jobs: jobs)
        try writeContained(items, kind: kind, summary: &summary, counts: &counts)
        afterBatch(summary)
        start = end
      }
      summary.counts[kind] = counts
    }
    return summary
  }

  /// Encodes and hashes `records` on `jobs` threads (encoding is most of an import's own work),
  /// and packs their sources too if `packingSources`: lane `k` of `n` takes records `k`, `k + n`,
  /// … and hands its results in once, under a lock.
  static func encode(
    _ records: [CareRecord], sources: [UUID: [SourceReference]], jobs: Int, packingSources: Bool = false
  ) throws -> [Item] {
    let encoded = inLanes(records.count, grain: 64, jobs: jobs) { i, packer in
      let json = VersionRules.writer.bytes(records[i])
      let ordered = (sources[records[i].uuid] ?? []).sorted()
      return (
        json: Data(json), hash: VersionRules.hash(bytes: json), sources: ordered,
        stored: packingSources ? ordered.map { $0.json.map(packer.pack) } : nil
      )
    }
    return records.indices.map { i in
      Item(
        record: records[i], json: encoded[i].json, hash: encoded[i].hash, sources: encoded[i].sources,
        storedSources: encoded[i].stored)
    }
  }

  /// `(0..<count).map(transform)` on up to `jobs` threads: lane `k` of `n` computes items `k`,
  /// `k + n`, … with a source packer of its own and hands its results in once, under a lock; at
  /// most one lane per `grain` items.
  static func inLanes<Value>(
    _ count: Int, grain: Int, jobs: Int, _ transform: @escaping @Sendable (Int, StoredSource.Packer) -> Value
  ) -> [Value] {
    let lanes = max(1, min(jobs, count / grain))
    let results = LaneResults<Value>(lanes: lanes)
    DispatchQueue.concurrentPerform(iterations: lanes) { lane in
      let packer = StoredSource.Packer()
      results.set(lane, stride(from: lane, to: count, by: lanes).map { transform($0, packer) })
    }
    let byLane = results.all
    return (0..<count).map { i in byLane[i % lanes][i / lanes] }
  }

  /// Writes one batch inside a transaction; pure apart from `writer`, so it can be retried.
  static func write(_ items: [Item], kind: EntityKind, jobs: Int, to writer: any StoreWriter) throws -> ImportSummary {
    var summary = ImportSummary()
    var counts = ImportSummary.Counts()
    let heads = try writer.heads(kind, ids: items.map(\.record.id))
    var tasks: [UUID: VersionHead] = [:]
    var occupied: [OccurrenceSlot: String] = [:]
    if kind == .outcome {
      tasks = try writer.heads(.task, roots: Array(Set(items.compactMap(\.record.link))))
      let slots = items.compactMap { item -> OccurrenceSlot? in slot(of: item, tasks: tasks) }
      occupied = try writer.occupiedSlots(slots)
    }
    // The versions to append, decided first; their sources are then packed on `jobs` threads
    // (compressing them with zlib was a quarter of the transaction's time) unless packed before
    // the transaction (`Item.storedSources`), and the rows written in order.
    // (By index: an item, its record and sources, is not copied to be chosen.)
    var chosen: [(version: StoredVersion, head: VersionHead?, index: Int)] = []
    for (index, item) in items.enumerated() {
      let head = heads[item.record.id]
      var version: StoredVersion
      if let head {
        if head.contentHash == item.hash && !head.deleted {
          counts.unchanged += 1
          continue
        }
        version = try VersionRules.next(item.record, kind: kind, after: head, hash: item.hash)
      } else {
        version = VersionRules.first(item.record, kind: kind, json: item.json, hash: item.hash)
      }
      switch item.record {
      case .task(let task):
        version.impactsAdherence = task.impactsAdherence
      case .outcome(let outcome):
        version.occurrenceIndex = outcome.taskOccurrenceIndex
        if let root = outcome.taskUUID, let task = tasks[root] {
          version.taskVersionUUID = task.uuid
          version.impactsAdherence = task.impactsAdherence ?? true
          if let slot = slot(of: item, tasks: tasks) {
            if let holder = occupied[slot], holder != item.record.id {
              counts.conflicts += 1
              summary.conflicts.append((item.record.id, holder))
              continue
            }
            occupied[slot] = item.record.id
          }
        }
      default: break
      }
      chosen.append((version, head, index))
      if head == nil { counts.added += 1 } else { counts.newVersions += 1 }
    }
    let order = chosen.map(\.index)
    let packed =
      writer.takesStoredSources
      ? inLanes(order.count, grain: 32, jobs: jobs) { i, packer in
        items[order[i]].storedSources ?? items[order[i]].sources.map { $0.json.map(packer.pack) }
      } : []
    try writer.append(
      chosen.indices.map { i in
        VersionAppend(
          version: chosen[i].version, head: chosen[i].head, sources: items[order[i]].sources,
          storedSources: packed.isEmpty ? nil : packed[i])
      })
    summary.counts[kind] = counts
    return summary
  }

  /// The occurrence slot an outcome item takes, when its task is stored (every task's outcomes are
  /// unique per occurrence, whether or not the task counts towards adherence).
  static func slot(of item: Item, tasks: [UUID: VersionHead]) -> OccurrenceSlot? {
    guard case .outcome(let outcome) = item.record, let root = outcome.taskUUID, let task = tasks[root] else {
      return nil
    }
    return OccurrenceSlot(taskVersion: task.uuid, index: outcome.taskOccurrenceIndex)
  }
}

/// The results of each lane of ``CareImporter/inLanes(_:grain:_:)``, handed in under a lock
/// (the standard library's `Mutex` needs macOS 15; the package supports 13).
private final class LaneResults<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var lanes: [[Value]]

  init(lanes: Int) { self.lanes = Array(repeating: [], count: lanes) }

  func set(_ lane: Int, _ values: [Value]) { lock.withLock { lanes[lane] = values } }

  var all: [[Value]] { lock.withLock { lanes } }
}

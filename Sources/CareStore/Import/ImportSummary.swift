/// What an import did, per entity kind — counts only, no data values.
public struct ImportSummary: Hashable, Sendable {
  /// Counts for one kind.
  public struct Counts: Hashable, Sendable {
    /// Entities stored for the first time.
    public var added = 0
    /// Entities whose newest version already had this content.
    public var unchanged = 0
    /// Entities whose content changed: one new version each.
    public var newVersions = 0
    /// Outcomes not stored because their task version's occurrence already has another outcome
    /// (any task; see `docs/store.md`).
    public var conflicts = 0
    /// Entities given twice in one input under the same id (the later in the pipeline's order is stored).
    public var duplicateIDs = 0

    public init() {}
  }

  /// Counts per kind.
  public var counts: [EntityKind: Counts] = [:]
  /// Write transactions committed.
  public var batches = 0
  /// Outcomes not stored, as (outcome id, occupied by outcome id) — ids only.
  public var conflicts: [(outcome: String, occupiedBy: String)] = []
  /// Entities that could not be written and were skipped (the others were stored); importing
  /// again retries them.
  public var failures: [Failure] = []

  /// An entity the store could not write: its kind, id and why, without data values.
  public struct Failure: Hashable, Sendable, CustomStringConvertible {
    public var kind: EntityKind
    public var id: String
    public var reason: String

    public init(kind: EntityKind, id: String, reason: String) {
      self.kind = kind
      self.id = id
      self.reason = reason
    }

    /// `<kind> <id>: <reason>`.
    public var description: String { "\(kind.rawValue) \(id): \(reason)" }
  }

  public init() {}

  /// Adds one written batch of `kind` (its counts, conflicts and, when it was `committed` as a
  /// transaction of its own, the batch itself) to this summary and to `counts`, the running
  /// counts of that kind.
  mutating func add(batch: ImportSummary, of kind: EntityKind, to counts: inout Counts, committed: Bool = true) {
    let done = batch.counts[kind] ?? Counts()
    counts.added += done.added
    counts.unchanged += done.unchanged
    counts.newVersions += done.newVersions
    counts.conflicts += done.conflicts
    conflicts += batch.conflicts
    if committed { batches += 1 }
    self.counts[kind] = counts
  }

  /// Versions written (added + new versions) over all kinds.
  public var versionsWritten: Int { counts.values.reduce(0) { $0 + $1.added + $1.newVersions } }

  public static func == (a: Self, b: Self) -> Bool {
    a.counts == b.counts && a.batches == b.batches && a.conflicts.map(\.outcome) == b.conflicts.map(\.outcome)
      && a.failures == b.failures
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(counts)
    hasher.combine(batches)
  }
}

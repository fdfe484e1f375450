public import CareModel
public import Foundation

/// What the store's versioning, importer and queries need from a database: a few reads and
/// writes inside transactions. SQLite (`CareStoreSQLite`) is the embedded default; a server
/// backend (PostgreSQL) implements the same protocols, and nothing above them changes.
public protocol CareStoreBackend: Sendable {
  /// Runs `body` in one read transaction (a consistent snapshot).
  /// - Throws: ``StoreError``, or what `body` throws.
  func read<T>(_ body: (any StoreReader) throws -> T) throws -> T

  /// Runs `body` in one write transaction: all of it is stored, or none of it. The backend may
  /// run `body` again when another writer holds the store (after a wait), so `body` must not
  /// change anything outside the transaction.
  /// - Throws: ``StoreError``, or what `body` throws (the transaction is then rolled back).
  func write<T>(_ body: (any StoreWriter) throws -> T) throws -> T
}

/// Reads inside a transaction.
public protocol StoreReader {
  /// The newest version of each entity of `kind` among `ids` that has one.
  func heads(_ kind: EntityKind, ids: [String]) throws -> [String: VersionHead]
  /// The newest version of each entity of `kind` whose root uuid is among `roots`.
  func heads(_ kind: EntityKind, roots: [UUID]) throws -> [UUID: VersionHead]
  /// The versions of `kind` that pass `filter`, ordered by id, then sequence.
  func versions(_ kind: EntityKind, _ filter: VersionFilter) throws -> [StoredVersion]
  /// The id of every entity of `kind` (deleted ones too), each once, in no particular order:
  /// what a reader that must not hold every version at once (the export) walks in pages of
  /// ``VersionFilter/ids(_:)``.
  func entityIDs(_ kind: EntityKind) throws -> [String]
  /// The source resources recorded for each version uuid in `uuids`.
  func sources(of uuids: [UUID]) throws -> [UUID: [SourceReference]]
  /// The versions made from a resource of `type` with `id`, as (kind, version uuid).
  func versions(fromResource type: String, id: String) throws -> [(kind: EntityKind, uuid: UUID)]
  /// The current outcome in each of `slots` that has one, by outcome id.
  func occupiedSlots(_ slots: [OccurrenceSlot]) throws -> [OccurrenceSlot: String]
  /// The number of rows per table (`patient`, …, `versions`, `provenance`).
  func rowCounts() throws -> [String: Int]

  // Sync (what `fhirkit serve` hands to devices)

  /// The versions at or after `position` and before `horizon` (a ``changeHorizon()`` read in
  /// the same transaction), in change order.
  func changes(from position: Int64, before horizon: Int64) throws -> [StoreChange]
  /// A position below which every version is written and visible for good: reading
  /// ``changes(from:before:)`` up to it now and from it later misses none and repeats none.
  func changeHorizon() throws -> Int64
  /// The store's own process uuid in sync knowledge vectors, made once when the store is created
  /// and shared by every server on the store.
  func syncProcess() throws -> UUID
  /// What the store knows of every sync process it has heard from: its clock, by process uuid.
  func syncClocks() throws -> [UUID: Int64]

  // Import marks (``ImportMark``)

  /// Whether the store keeps an ``ImportMark`` (by default not: ``importMark()`` is then always
  /// `nil` and ``StoreWriter/setImportMark(_:)`` does nothing).
  var keepsImportMarks: Bool { get }
  /// The mark the last import that left one left, whether it still holds or not.
  func importMark() throws -> ImportMark?
}

/// Reads and writes inside a write transaction.
public protocol StoreWriter: StoreReader {
  /// Appends `version`; when `head` is given, `version` replaces it as the entity's newest.
  func append(_ version: StoredVersion, replacing head: VersionHead?) throws
  /// Records the resources `version` came from.
  func addSources(_ sources: [SourceReference], to version: UUID) throws
  /// Appends each of `versions` in order, with its sources, as one after the other would be
  /// (``appendOneByOne(_:)``, the default). A server backend writes the batch in a few
  /// statements instead of a few per version.
  func append(_ versions: [VersionAppend]) throws
  /// Whether ``addSources(_:stored:to:)`` keeps the stored forms it is given (by default not:
  /// the importer then hands the sources to ``addSources(_:to:)`` and packs nothing itself).
  var takesStoredSources: Bool { get }
  /// Records the resources `version` came from, with each one's JSON already in its stored form
  /// (``StoredSource/pack(_:)`` of ``SourceReference/json``, `nil` where that is `nil`): the
  /// importer packs them on all cores before it writes. By default the forms are dropped and
  /// ``addSources(_:to:)`` packs again.
  func addSources(_ sources: [SourceReference], stored: [Data?], to version: UUID) throws
  /// Raises each process's clock in ``StoreReader/syncClocks()`` to the one given, where that is
  /// higher (a knowledge vector merge: clocks never go back).
  func mergeSyncClocks(_ clocks: [UUID: Int64]) throws
  /// Replaces the store's import mark with `mark` (`nil`: none).
  func setImportMark(_ mark: ImportMark?) throws
}

extension StoreWriter {
  public var takesStoredSources: Bool { false }

  public func setImportMark(_ mark: ImportMark?) throws {}

  public func addSources(_ sources: [SourceReference], stored: [Data?], to version: UUID) throws {
    try addSources(sources, to: version)
  }
}

extension StoreReader {
  public var keepsImportMarks: Bool { false }

  public func importMark() throws -> ImportMark? { nil }

  /// By default, the ids of every version read at once; a backend answers from its id index
  /// instead (both FHIRKit backends do), so that the export never holds every version.
  public func entityIDs(_ kind: EntityKind) throws -> [String] {
    var seen: Set<String> = []
    return try versions(kind, .all).map(\.id).filter { seen.insert($0).inserted }
  }

  /// Every version of every kind, in import order (patients, plans, tasks, outcomes).
  public func allVersions() throws -> [StoredVersion] {
    try EntityKind.allCases.flatMap { try versions($0, .all) }
  }
}

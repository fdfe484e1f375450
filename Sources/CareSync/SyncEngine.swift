public import CareModel
public import CareStore
public import Foundation

/// The server side of CareKit's remote sync over a care store: devices pull the versions they
/// have not seen and push the versions they made; concurrent versions of one entity are settled
/// by ``ConflictPolicy`` with a resolution version that names both, so no side is dropped and
/// every device ends with the same newest version.
///
/// The store is one sync process (``StoreReader/syncProcess()``). Its clock in the vectors it
/// hands out is a change position (``StoreReader/changeHorizon()``): a device that pulls with
/// the vector it last received gets every version made since, and none twice. Every server on
/// one store shares the process, so a device may talk to any of them.
public struct SyncEngine: Sendable {
  /// The store.
  public let backend: any CareStoreBackend
  /// How two concurrent versions of one entity are settled.
  public var policy: ConflictPolicy

  /// Creates an engine over a store.
  public init(backend: any CareStoreBackend, policy: ConflictPolicy = ConflictPolicy()) {
    self.backend = backend
    self.policy = policy
  }

  /// The store's process uuid in knowledge vectors.
  /// - Throws: ``StoreError``.
  public func process() throws -> UUID {
    try backend.read { try $0.syncProcess() }
  }

  /// The versions in `scope` a device that knows `vector` has not seen, oldest first, with
  /// the store's knowledge vector (its own clock at the change horizon, and the highest clock it
  /// has been pushed for every other process).
  /// - Throws: ``StoreError``; `DecodingError` for a stored version that is not care JSON.
  public func pull(since vector: KnowledgeVector, scope: SyncScope) throws -> CareKitRevisionRecord {
    try backend.read { reader in
      // The horizon first: in PostgreSQL the read's snapshot is taken by its first statement, and
      // the horizon query then sees the server's activity closest to it (docs/sync.md).
      let horizon = try reader.changeHorizon()
      let process = try reader.syncProcess()
      let changes = try reader.changes(from: Int64(vector.clock(for: process)), before: horizon)
      let position = Dictionary(changes.map { ($0.uuid, $0.position) }, uniquingKeysWith: min)
      var versions: [StoredVersion] = []
      for (kind, uuids) in Dictionary(grouping: changes, by: \.kind) {
        versions += try reader.versions(kind, .uuids(uuids.map(\.uuid)))
      }
      if case .patients = scope {
        var ownership = Ownership(reader: reader)
        let owners = try ownership.owners(of: versions)
        versions = versions.filter { scope.allows(patient: owners[$0.uuid] ?? nil) }
      }
      versions.sort {
        (position[$0.uuid] ?? 0, $0.kind, $0.id, $0.sequence) < (position[$1.uuid] ?? 0, $1.kind, $1.id, $1.sequence)
      }
      var known = KnowledgeVector(try reader.syncClocks().mapValues { Int($0) })
      known.processes[process] = max(known.clock(for: process), Int(horizon))
      return CareKitRevisionRecord(
        entities: try versions.map { CareKitEntity(try $0.record()) }, knowledgeVector: known)
    }
  }

  /// Stores the versions of a device's revision record that the store does not hold, in one
  /// transaction, and takes in the record's knowledge vector. Pushing the same record again
  /// stores nothing more.
  /// - Throws: ``StoreError``.
  public func push(_ revision: CareKitRevisionRecord, scope: SyncScope) throws -> PushSummary {
    try backend.write { writer in
      var merge = PushMerge(writer: writer, scope: scope, policy: policy)
      try merge.add(revision.entities.map(\.record))
      let process = try writer.syncProcess()
      let clocks = revision.knowledgeVector.processes.filter { $0.key != process }
      try writer.mergeSyncClocks(clocks.mapValues { Int64($0) })
      return merge.summary
    }
  }
}

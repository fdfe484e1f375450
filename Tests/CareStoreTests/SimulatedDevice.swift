import CareModel
import CareStore
import CareStorePostgres
import CareSync
import Foundation

/// A CareKit device's store reduced to what sync needs, following CareKitStore's rules: versions
/// never change; an update is a new version naming the versions it replaces (every current one,
/// so an update also merges a fork); merging a pulled revision adds the versions it lacks, then
/// takes in the revision's knowledge vector and advances the device's own clock; a push sends
/// every version stamped at or after the clock the server last knew of the device.
final class SimulatedDevice {
  let name: String
  let process = UUID()
  let scope: SyncScope
  private(set) var vector = KnowledgeVector()
  private(set) var versions: [UUID: CareRecord] = [:]
  private var stamps: [UUID: Int] = [:]
  private var order: [UUID] = []

  init(_ name: String, scope: SyncScope) {
    self.name = name
    self.scope = scope
  }

  private var clock: Int { vector.clock(for: process) }

  private func add(_ record: CareRecord) {
    guard versions[record.uuid] == nil else { return }
    versions[record.uuid] = record
    stamps[record.uuid] = clock
    order.append(record.uuid)
  }

  /// Creates an entity.
  func create(_ record: CareRecord) { add(record) }

  /// The versions of an entity that no other version names: one, unless the device holds
  /// concurrent versions it has not merged.
  func tips(_ kind: String, _ id: String) -> [CareRecord] {
    let all = versions.values.filter { $0.kind == kind && $0.id == id }
    let named = Set(all.flatMap(Self.previous))
    return all.filter { !named.contains($0.uuid) }.sorted { $0.uuid.uuidString < $1.uuid.uuidString }
  }

  /// The entity's ids of a kind.
  func ids(_ kind: String) -> [String] {
    Array(Set(versions.values.filter { $0.kind == kind }.map(\.id))).sorted()
  }

  /// Updates an entity: `change` applied to its newest tip, as a new version naming every tip.
  func update(_ kind: String, _ id: String, at date: Date, _ change: (CareRecord) -> CareRecord) {
    let tips = tips(kind, id)
    guard let newest = tips.max(by: { Self.updated($0) < Self.updated($1) }) else { return }
    let record = change(newest).settingVersion(uuid: UUID(), previous: tips.map(\.uuid), updated: date)
    add(record)
  }

  /// Pulls, merges, then pushes what the server has not seen; returns the push's summary.
  ///
  /// On PostgreSQL it pulls twice before merging: a transaction of another database of the
  /// shared test cluster that ends as a pull starts holds that pull's horizon back, and what it
  /// held back comes with the next pull (docs/sync.md) — a second pull from where the first
  /// ended brings it, and nothing else, as nothing is written between the two. On SQLite one
  /// pull always brings everything, and is all the device makes.
  @discardableResult
  func sync(_ engine: SyncEngine) throws -> PushSummary {
    var pulled = try engine.pull(since: vector, scope: scope)
    if engine.backend is PostgresBackend {
      var since = vector
      since.merge(with: pulled.knowledgeVector)
      let again = try engine.pull(since: since, scope: scope)
      var known = pulled.knowledgeVector
      known.merge(with: again.knowledgeVector)
      pulled = CareKitRevisionRecord(entities: pulled.entities + again.entities, knowledgeVector: known)
    }
    return try engine.push(merge(pulled), scope: scope)
  }

  /// Merges a pulled revision record and returns the device's revision to push: every version
  /// stamped at or after the clock the server knew of the device.
  func merge(_ pulled: CareKitRevisionRecord) -> CareKitRevisionRecord {
    for entity in pulled.entities { add(entity.record) }
    let known = pulled.knowledgeVector.clock(for: process)
    vector.merge(with: pulled.knowledgeVector)
    vector.increment(clockFor: process)
    let changed = order.filter { stamps[$0]! >= known }.map { versions[$0]! }
    return CareKitRevisionRecord(entities: changed.map(CareKitEntity.init), knowledgeVector: vector)
  }

  static func previous(_ record: CareRecord) -> [UUID] { record.entity.previousVersionUUIDs }

  static func updated(_ record: CareRecord) -> Date { record.entity.updatedDate ?? record.entity.effectiveDate }
}

extension CareRecord {
  /// The record as a new version.
  func settingVersion(uuid: UUID, previous: [UUID], updated: Date) -> CareRecord {
    updating { entity in
      entity.uuid = uuid
      entity.previousVersionUUIDs = previous
      entity.updatedDate = updated
      entity.effectiveDate = max(entity.effectiveDate, updated)
    }
  }
}

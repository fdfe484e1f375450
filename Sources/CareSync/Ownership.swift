import CareStore
import Foundation

/// Which patient each version belongs to, found by following links up to a patient: an outcome
/// to its task, a task to its care plan, a care plan to its patient. An entity is looked up by its
/// root (first) version; links that lead to no stored patient give `nil`.
struct Ownership {
  let reader: any StoreReader
  /// The patient id of each entity root looked up so far (`nil`: none).
  private var owners: [UUID: String?] = [:]

  init(reader: any StoreReader) {
    self.reader = reader
  }

  /// The patient id `version` belongs to.
  mutating func owner(of version: StoredVersion) throws -> String? {
    try owners(of: [version])[version.uuid] ?? nil
  }

  /// The patient id each of `versions` belongs to, by version uuid.
  mutating func owners(of versions: [StoredVersion]) throws -> [UUID: String?] {
    var byTarget: [EntityKind: Set<UUID>] = [:]
    for version in versions where version.kind != .patient {
      if let link = version.link, let target = version.kind.linkTarget { byTarget[target, default: []].insert(link) }
    }
    for (kind, roots) in byTarget { try resolve(kind, roots: roots) }
    var result: [UUID: String?] = [:]
    for version in versions {
      result[version.uuid] = version.kind == .patient ? version.id : version.link.flatMap { owners[$0] ?? nil }
    }
    return result
  }

  /// Finds the owners of the entities of `kind` with these roots, and of what they link to.
  private mutating func resolve(_ kind: EntityKind, roots: Set<UUID>) throws {
    let unknown = roots.filter { owners[$0] == nil }
    guard !unknown.isEmpty else { return }
    let rootVersions = try reader.versions(kind, .uuids(Array(unknown)))
    for root in unknown { owners[root] = .some(nil) }
    if kind == .patient {
      for version in rootVersions { owners[version.rootUUID] = version.id }
      return
    }
    guard let target = kind.linkTarget else { return }
    try resolve(target, roots: Set(rootVersions.compactMap(\.link)))
    for version in rootVersions {
      owners[version.rootUUID] = version.link.flatMap { owners[$0] ?? nil }
    }
  }
}

import CareModel
import Foundation

/// The store's own consistency rules, checked over everything stored. Tests run it after every
/// import, crash and fault; each violation names the kind, id and rule — never a data value.
public enum StoreInvariants {
  /// Checks every rule and returns the violations (empty for a sound store):
  /// - each entity's versions are numbered 1…n, the first is the root (no previous version),
  ///   each later one names the one before, and the head is the newest;
  /// - each stored entity decodes as its kind with the row's id and uuid, and its
  ///   `previousVersionUUIDs` name earlier versions of the entity (the version before, for
  ///   what an import wrote; sync may name an earlier one, or two);
  /// - every link names the root of a stored entity of the right kind (a plan's patient may not
  ///   be stored yet, but never names an entity of another kind), and an outcome's task version
  ///   is a version of its task;
  /// - no two current outcomes share a (task version, occurrence), whatever their task.
  /// - Throws: ``StoreError`` when the store cannot be read.
  public static func violations(in backend: any CareStoreBackend) throws -> [String] {
    try backend.read { reader in
      var problems: [String] = []
      var roots: [EntityKind: Set<UUID>] = [:]
      var versionsOfRoot: [UUID: Set<UUID>] = [:]
      var all: [EntityKind: [StoredVersion]] = [:]
      var jsonLinks: [UUID: UUID?] = [:]
      var rootOf: [UUID: UUID] = [:]
      for kind in EntityKind.allCases {
        let versions = try reader.versions(kind, .all)
        all[kind] = versions
        let byID = Dictionary(grouping: versions, by: \.id)
        let heads = try reader.heads(kind, ids: Array(byID.keys))
        for (id, chain) in byID {
          let place = "\(kind.rawValue) \(id)"
          let sorted = chain.sorted { $0.sequence < $1.sequence }
          if sorted.map(\.sequence) != Array(1...sorted.count) { problems.append("\(place): version numbers not 1…n") }
          if sorted[0].previousUUID != nil || sorted[0].uuid != sorted[0].rootUUID {
            problems.append("\(place): first version is not the root")
          }
          for i in sorted.indices.dropFirst() where sorted[i].previousUUID != sorted[i - 1].uuid {
            problems.append("\(place): version \(sorted[i].sequence) does not name the one before")
          }
          if Set(sorted.map(\.rootUUID)).count != 1 { problems.append("\(place): versions with different roots") }
          if heads[id]?.uuid != sorted.last?.uuid { problems.append("\(place): the head is not the newest version") }
          roots[kind, default: []].insert(sorted[0].rootUUID)
          versionsOfRoot[sorted[0].rootUUID] = Set(sorted.map(\.uuid))
          for version in sorted { rootOf[version.uuid] = version.rootUUID }
          for version in sorted {
            guard let record = try? version.record() else {
              problems.append("\(place) v\(version.sequence): stored JSON is not a care record")
              continue
            }
            if record.kind != kind.rawValue || record.uuid != version.uuid {
              problems.append("\(place) v\(version.sequence): stored JSON has another kind or uuid")
            }
            // An import names exactly the version before; a version a device pushed may name an
            // earlier one it was made from, and a sync resolution names two (docs/sync.md).
            let named = record.entity.previousVersionUUIDs
            let earlier = Set(sorted.prefix { $0.sequence < version.sequence }.map(\.uuid))
            if version.sequence == 1 ? !named.isEmpty : !named.allSatisfy(earlier.contains) {
              problems.append("\(place) v\(version.sequence): previousVersionUUIDs names no earlier version")
            }
            jsonLinks[version.uuid] = .some(record.links.first?.uuid)
          }
        }
      }
      var slots: Set<String> = []
      for kind in EntityKind.allCases {
        guard let target = kind.linkTarget else { continue }
        for version in all[kind] ?? [] {
          let place = "\(kind.rawValue) \(version.id) v\(version.sequence)"
          // The JSON may name any version of the linked entity; the column holds its root.
          if let named = jsonLinks[version.uuid], named.map({ rootOf[$0] ?? $0 }) != version.link {
            problems.append("\(place): link column differs")
          }
          if let link = version.link, !(roots[target]?.contains(link) ?? false) {
            // A plan's patient may not be stored yet (docs/store.md, "Links"), but a link never
            // names an entity of another kind.
            let namesAnother = roots.contains { $0.key != target && $0.value.contains(link) }
            if kind != .carePlan || namesAnother {
              problems.append("\(place): \(kind.linkField ?? "link") names no stored \(target.rawValue)")
            }
          }
          guard kind == .outcome, let taskVersion = version.taskVersionUUID else { continue }
          if let link = version.link, !(versionsOfRoot[link]?.contains(taskVersion) ?? false) {
            problems.append("\(place): task version is not a version of its task")
          }
        }
      }
      // Current outcomes of every task: one per (task version, occurrence).
      let outcomes = Dictionary(grouping: all[.outcome] ?? [], by: \.id).compactMap {
        $0.value.max { $0.sequence < $1.sequence }
      }
      for o in outcomes where o.deletedDate == nil {
        guard let task = o.taskVersionUUID, let index = o.occurrenceIndex else { continue }
        if !slots.insert("\(task)|\(index)").inserted {
          problems.append("outcome \(o.id): occurrence already has an outcome")
        }
      }
      return problems.sorted()
    }
  }
}

import CareModel
import CareStore
import Foundation

/// One push's versions merged into the store, inside the push's write transaction.
struct PushMerge {
  let writer: any StoreWriter
  let scope: SyncScope
  let policy: ConflictPolicy
  private(set) var summary = PushSummary()
  private var ownership: Ownership

  init(writer: any StoreWriter, scope: SyncScope, policy: ConflictPolicy) {
    self.writer = writer
    self.scope = scope
    self.policy = policy
    self.ownership = Ownership(reader: writer)
  }

  /// Merges the versions of a revision: patients first, then care plans, tasks, outcomes and
  /// contacts (so a version's link is stored before it), each kind in the record's order.
  mutating func add(_ records: [CareRecord]) throws {
    let sorted = records.enumerated().sorted {
      (EntityKind(of: $0.element), $0.offset) < (EntityKind(of: $1.element), $1.offset)
    }
    for (_, record) in sorted { try add(record) }
  }

  /// Merges one version.
  mutating func add(_ record: CareRecord) throws {
    let kind = EntityKind(of: record)
    if try !writer.versions(kind, .uuids([record.uuid])).isEmpty {
      summary.alreadyKnown += 1
      return
    }
    // The version it links to (a version of the link's kind; links are stored as roots).
    var linked: StoredVersion?
    if let named = record.links.first?.uuid, let target = kind.linkTarget {
      guard let found = try writer.versions(target, .uuids([named])).first else { return refuse(record, .unknownLink) }
      linked = found
    }
    let head = try writer.heads(kind, ids: [record.id])[record.id]
    let headVersion = try head.flatMap { try writer.versions(kind, .uuids([$0.uuid])).first }
    guard try inScope(record, kind: kind, linked: linked, head: headVersion) else { return refuse(record, .outOfScope) }

    let previous = record.entity.previousVersionUUIDs
    guard let head, let headVersion else {
      guard previous.isEmpty else { return refuse(record, .unknownPrevious) }
      let version = try stored(record, kind: kind, root: record.uuid, sequence: 1, previous: nil, linked: linked)
      try writer.append(version, replacing: nil)
      summary.stored += 1
      return
    }
    if previous.contains(head.uuid) {
      let version = try stored(
        record, kind: kind, root: head.rootUUID, sequence: head.sequence + 1, previous: head.uuid, linked: linked)
      try writer.append(version, replacing: head)
      summary.stored += 1
      return
    }
    let earlier = previous.isEmpty ? [] : try writer.versions(kind, .uuids(previous)).filter { $0.id == record.id }
    guard Set(earlier.map(\.uuid)) == Set(previous) else { return refuse(record, .unknownPrevious) }
    try resolve(record, kind: kind, linked: linked, against: head, headVersion)
  }

  /// Stores `record`, concurrent with the entity's head, after the head, then the resolution
  /// version that names both (``ConflictPolicy``).
  private mutating func resolve(
    _ record: CareRecord, kind: EntityKind, linked: StoredVersion?, against head: VersionHead,
    _ headVersion: StoredVersion
  ) throws {
    let pushed = try stored(
      record, kind: kind, root: head.rootUUID, sequence: head.sequence + 1, previous: head.uuid, linked: linked)
    try writer.append(pushed, replacing: head)
    let current = try headVersion.record()
    let pushedWins = policy.pushedWins(record, over: current)
    let winner = pushedWins ? record : current
    let updated = [record, current].compactMap(\.entity.updatedDate).max()
    let resolution = winner.resolution(
      uuid: policy.resolutionUUID(kind: record.kind, id: record.id, stored: head.uuid, pushed: record.uuid),
      previous: [head.uuid, record.uuid], effectiveDate: max(pushed.effectiveDate, head.effectiveDate),
      updatedDate: updated)
    var winnerLink = linked
    if !pushedWins, let link = current.links.first?.uuid, let target = kind.linkTarget {
      winnerLink = try writer.versions(target, .uuids([link])).first
    }
    let version = try stored(
      resolution, kind: kind, root: head.rootUUID, sequence: head.sequence + 2, previous: pushed.uuid,
      linked: winnerLink)
    try writer.append(version, replacing: Self.head(of: pushed))
    summary.conflicts.append(.init(kind: kind, id: record.id, pushedWon: pushedWins))
  }

  /// Whether the pusher may write `record`: the patient it belongs to, and the one the entity
  /// belonged to so far, are in scope.
  private mutating func inScope(
    _ record: CareRecord, kind: EntityKind, linked: StoredVersion?, head: StoredVersion?
  ) throws -> Bool {
    if case .everything = scope { return true }
    let owner = kind == .patient ? record.id : try linked.flatMap { try ownership.owner(of: $0) }
    guard scope.allows(patient: owner) else { return false }
    guard let head else { return true }
    return scope.allows(patient: try ownership.owner(of: head))
  }

  /// The stored form of a version: its JSON and hash, its link as a root, and for an outcome
  /// its task version and occurrence (unless another outcome holds that occurrence).
  private mutating func stored(
    _ record: CareRecord, kind: EntityKind, root: UUID, sequence: Int, previous: UUID?, linked: StoredVersion?
  ) throws -> StoredVersion {
    let json = CareJSONWriter.fastDates.bytes(record)
    let deleted = record.entity.deletedDate
    var version = StoredVersion(
      kind: kind, id: record.id, uuid: record.uuid, rootUUID: root, sequence: sequence, previousUUID: previous,
      effectiveDate: record.entity.effectiveDate, deletedDate: deleted,
      contentHash: deleted == nil ? VersionRules.hash(Data(json)) : VersionRules.tombstoneHash,
      link: linked?.rootUUID, json: Data(json))
    switch record {
    case .task(let task):
      version.impactsAdherence = task.impactsAdherence
    case .outcome(let outcome):
      version.occurrenceIndex = outcome.taskOccurrenceIndex
      guard let task = linked else { break }
      version.impactsAdherence = task.impactsAdherence ?? true
      let slot = OccurrenceSlot(taskVersion: task.uuid, index: outcome.taskOccurrenceIndex)
      if deleted == nil, let holder = try writer.occupiedSlots([slot])[slot], holder != record.id {
        summary.outcomesWithoutOccurrence.append(record.id)
      } else {
        version.taskVersionUUID = task.uuid
      }
    default: break
    }
    return version
  }

  private static func head(of version: StoredVersion) -> VersionHead {
    VersionHead(
      kind: version.kind, id: version.id, uuid: version.uuid, rootUUID: version.rootUUID, sequence: version.sequence,
      effectiveDate: version.effectiveDate, contentHash: version.contentHash, deleted: version.deletedDate != nil,
      impactsAdherence: version.impactsAdherence)
  }

  private mutating func refuse(_ record: CareRecord, _ reason: PushSummary.Refusal) {
    summary.refused.append(.init(kind: record.kind, id: record.id, reason: reason))
  }
}

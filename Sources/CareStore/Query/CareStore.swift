public import CareModel
public import Foundation

/// The care store's library API: imports and queries over any ``CareStoreBackend``.
///
/// Queries take a date and return, for each entity, its newest version in effect at that date
/// (the highest version whose `effectiveDate` is not after it); an entity whose version in
/// effect is a tombstone is left out. Links name an entity's root uuid and follow it to the
/// version in effect. See `docs/store.md`.
public struct CareStore: Sendable {
  /// The backend.
  public let backend: any CareStoreBackend

  /// Creates a store over `backend`.
  public init(backend: any CareStoreBackend) {
    self.backend = backend
  }

  // MARK: Entities in effect

  /// The version of each entity among `versions` (one kind) in effect at `date`, tombstones left out.
  package static func inEffect(_ versions: [StoredVersion], at date: Date) -> [StoredVersion] {
    var chosen: [String: StoredVersion] = [:]
    for v in versions where v.effectiveDate <= date {
      if let c = chosen[v.id], c.sequence > v.sequence { continue }
      chosen[v.id] = v
    }
    return chosen.values.filter { $0.deletedDate == nil }.sorted { $0.id < $1.id }
  }

  /// The newest version of each entity among `versions`, tombstones left out.
  static func newest(_ versions: [StoredVersion]) -> [StoredVersion] {
    inEffect(versions, at: .distantFuture)
  }

  /// Every entity of `kind` in effect at `date`, as care records.
  /// - Throws: ``StoreError``.
  public func records(_ kind: EntityKind, at date: Date = Date()) throws -> [CareRecord] {
    try backend.read { try Self.inEffect($0.versions(kind, .all), at: date) }.map(Self.record)
  }

  /// The patients in effect at `date`.
  public func patients(at date: Date = Date()) throws -> [PatientEntity] {
    try records(.patient, at: date).compactMap { if case .patient(let e) = $0 { e } else { nil } }
  }

  /// The care plans of the patient with `id`, in effect at `date`.
  public func carePlans(ofPatient id: String, at date: Date = Date()) throws -> [CarePlanEntity] {
    try linked(.carePlan, to: .patient, id: id, at: date).compactMap {
      if case .carePlan(let e) = $0 { e } else { nil }
    }
  }

  /// The tasks of the care plan with `id`, in effect at `date`.
  public func tasks(ofCarePlan id: String, at date: Date = Date()) throws -> [TaskEntity] {
    try linked(.task, to: .carePlan, id: id, at: date).compactMap { if case .task(let e) = $0 { e } else { nil } }
  }

  /// The entities of `kind` in effect at `date` whose link names the entity of `target` kind with `id`.
  func linked(_ kind: EntityKind, to target: EntityKind, id: String, at date: Date) throws -> [CareRecord] {
    try backend.read { reader -> [StoredVersion] in
      guard let root = try reader.heads(target, ids: [id])[id]?.rootUUID else { return [] }
      return Self.inEffect(try reader.versions(kind, .linkedTo([root])), at: date).filter { $0.link == root }
    }.map(Self.record)
  }

  /// The outcomes whose newest version takes effect in `[start, end)`.
  public func outcomes(from start: Date, to end: Date) throws -> [OutcomeEntity] {
    try backend.read { reader -> [StoredVersion] in
      let ids = Set(try reader.versions(.outcome, .effective(from: start, to: end)).map(\.id))
      return Self.newest(try reader.versions(.outcome, .ids(Array(ids))))
        .filter { $0.effectiveDate >= start && $0.effectiveDate < end }
    }.map(Self.record).compactMap { if case .outcome(let e) = $0 { e } else { nil } }
  }

  /// The occurrences of the task with `id` in `[start, end)`, each from the task version in
  /// effect at its date, with the current outcomes recorded for it.
  public func events(ofTask id: String, from start: Date, to end: Date) throws -> [ScheduleEvent] {
    let (versions, outcomes) = try backend.read { reader -> ([StoredVersion], [StoredVersion]) in
      let versions = try reader.versions(.task, .ids([id]))
      guard let root = versions.first?.rootUUID else { return ([], []) }
      return (versions, Self.newest(try reader.versions(.outcome, .linkedTo([root]))))
    }
    var byIndex: [Int: [OutcomeEntity]] = [:]
    for v in outcomes {
      if case .outcome(let o) = try Self.record(v) { byIndex[o.taskOccurrenceIndex, default: []].append(o) }
    }
    var events: [ScheduleEvent] = []
    for (i, version) in versions.enumerated() where version.deletedDate == nil {
      let until = i + 1 < versions.count ? versions[i + 1].effectiveDate : Date.distantFuture
      let from = max(start, version.effectiveDate), to = min(end, until)
      guard from < to, case .task(let task) = try Self.record(version) else { continue }
      for occurrence in ScheduleOccurrences.occurrences(of: task.schedule, timeZone: task.timezone, from: from, to: to)
      {
        events.append(
          ScheduleEvent(
            task: task, occurrenceIndex: occurrence.index, date: occurrence.date,
            element: task.schedule.elements[occurrence.element], outcomes: byIndex[occurrence.index] ?? []))
      }
    }
    return events
  }

  /// Every version of the entity of `kind` with `id`, oldest first, with the resources each came from.
  public func history(_ kind: EntityKind, id: String) throws -> [EntityVersion] {
    try backend.read { reader in
      let versions = try reader.versions(kind, .ids([id]))
      let sources = try reader.sources(of: versions.map(\.uuid))
      return try versions.map {
        EntityVersion(stored: $0, record: try Self.record($0), sources: sources[$0.uuid] ?? [])
      }
    }
  }

  /// The versions made from the FHIR resource `type`/`id`, with their kinds.
  public func versions(fromResource type: String, id: String) throws -> [(kind: EntityKind, uuid: UUID)] {
    try backend.read { try $0.versions(fromResource: type, id: id) }
  }

  /// Deletes the entity of `kind` with `id` from `date` by appending a tombstone.
  /// - Returns: `false` when there is no such entity or it is already deleted.
  /// - Throws: ``StoreError``.
  @discardableResult
  public func delete(_ kind: EntityKind, id: String, at date: Date) throws -> Bool {
    try backend.write { writer in
      guard let head = try writer.heads(kind, ids: [id])[id], !head.deleted,
        let last = try writer.versions(kind, .uuids([head.uuid])).first
      else { return false }
      try writer.append(try VersionRules.tombstone(after: last, head: head, at: date), replacing: head)
      return true
    }
  }

  /// The number of rows per table.
  public func rowCounts() throws -> [String: Int] {
    try backend.read { try $0.rowCounts() }
  }

  /// The entity `version` holds, or ``StoreError`` naming the version when its JSON cannot be read.
  package static func record(_ version: StoredVersion) throws -> CareRecord {
    do {
      return try version.record()
    } catch {
      throw StoreError(.badRecord, store: "store", operation: "decoding \(version.kind.rawValue) \(version.id)")
    }
  }
}

public import CareModel
public import Foundation

extension CareStore {
  /// The entities of one patient in effect at `date`: the patient, the plans whose
  /// `patientUUID` names it, the tasks of those plans, the outcomes of those tasks and the
  /// contacts of those plans, each kind sorted by id. Every task and outcome the pipeline writes belongs to exactly one patient this
  /// way (standalone medication orders through their patient's medication plan); an entity whose
  /// links lead to no patient belongs to none (``ownerIDs(at:)`` lists them).
  /// - Returns: Empty when there is no patient with `id` in effect at `date`.
  /// - Throws: ``StoreError``.
  public func entities(ofPatient id: String, at date: Date = Date()) throws -> [CareRecord] {
    let versions = try backend.read { try Self.ownedVersions(ofPatient: id, at: date, in: $0) }
    return try versions.map(Self.record)
  }

  /// The versions behind ``entities(ofPatient:at:)``, read with `reader`.
  package static func ownedVersions(ofPatient id: String, at date: Date, in reader: any StoreReader) throws -> [StoredVersion] {
    let patient = inEffect(try reader.versions(.patient, .ids([id])), at: date)
    guard let root = patient.first?.rootUUID else { return [] }
    return patient + (try ownedVersions(ofPatientRoot: root, at: date, in: reader))
  }

  /// The versions in effect at `date` that belong to the patient whose root uuid is `root`,
  /// whether or not the store holds that patient (plans may link to a patient imported later:
  /// docs/store.md, "Links"): its plans, their tasks, the outcomes of those tasks and the
  /// contacts of those plans, each kind sorted by id; not the patient itself.
  /// - Throws: ``StoreError``.
  package static func ownedVersions(ofPatientRoot root: UUID, at date: Date, in reader: any StoreReader) throws
    -> [StoredVersion]
  {
    var out: [StoredVersion] = []
    var roots: [EntityKind: [UUID]] = [.patient: [root]]
    for kind in EntityKind.allCases {
      guard let target = kind.linkTarget, let targets = roots[target], !targets.isEmpty else { continue }
      let linked = inEffect(try reader.versions(kind, .linkedTo(targets)), at: date)
        .filter { $0.link.map(Set(targets).contains) ?? false }
      out += linked
      roots[kind] = linked.map(\.rootUUID)
    }
    return out
  }

  /// For every entity in effect at `date`, the id of the patient its links lead to (a patient
  /// maps to itself), by kind and entity id; an entity whose links lead to no patient in effect
  /// (a task of no plan, a plan without patient, an outcome of such a task) maps to `nil`.
  /// - Throws: ``StoreError``.
  public func ownerIDs(at date: Date = Date()) throws -> [EntityKind: [String: String?]] {
    try backend.read { reader in
      var owners: [EntityKind: [String: String?]] = [:]
      // Per kind, the owner of each entity root (kinds come after the kinds they link to).
      var ownerOfRoot: [EntityKind: [UUID: String]] = [:]
      for kind in EntityKind.allCases {
        var mine: [UUID: String] = [:]
        for v in Self.inEffect(try reader.versions(kind, .all), at: date) {
          let owner =
            kind == .patient ? v.id : kind.linkTarget.flatMap { target in v.link.flatMap { ownerOfRoot[target]?[$0] } }
          owners[kind, default: [:]][v.id] = .some(owner)
          if let owner { mine[v.rootUUID] = owner }
        }
        ownerOfRoot[kind] = mine
      }
      return owners
    }
  }
}

public import CareModel
public import Foundation

/// One version of one entity as the store keeps it: the version bookkeeping, the columns the
/// queries use, and the entity itself as care JSON (`CareJSON`).
///
/// An entity is identified by its ``kind`` and ``id``. Its first version's ``uuid`` is its
/// *root*: the uuid the pipeline gives it, and the uuid links (`patientUUID`, `carePlanUUID`,
/// `taskUUID`) name. Versions are numbered from 1 (``sequence``); each later one names the
/// one before in ``previousUUID``.
public struct StoredVersion: Hashable, Sendable {
  /// The entity kind.
  public var kind: EntityKind
  /// The entity's id, shared by all its versions.
  public var id: String
  /// This version's uuid.
  public var uuid: UUID
  /// The uuid of the entity's first version (what links name).
  public var rootUUID: UUID
  /// 1 for the first version, then 2, 3, …
  public var sequence: Int
  /// The version this one replaces (`nil` for the first).
  public var previousUUID: UUID?
  /// When this version takes effect.
  public var effectiveDate: Date
  /// Set on a tombstone: the entity is deleted from this date.
  public var deletedDate: Date?
  /// The hash of the pipeline's entity this version was made from (`"deleted"` for a tombstone).
  public var contentHash: String
  /// The root uuid of the entity this one links to (`patientUUID`, `carePlanUUID`, `taskUUID`).
  public var link: UUID?
  /// For an outcome: the task version it was recorded against.
  public var taskVersionUUID: UUID?
  /// For an outcome: the occurrence of the task's schedule.
  public var occurrenceIndex: Int?
  /// For a task: whether it counts towards adherence. For an outcome: whether its task does
  /// (every outcome must be the only current one of its (task version, occurrence)).
  public var impactsAdherence: Bool?
  /// The entity (with this version's uuid, `previousVersionUUIDs` and `effectiveDate`) as care JSON.
  public var json: Data

  /// Creates a version.
  public init(
    kind: EntityKind, id: String, uuid: UUID, rootUUID: UUID, sequence: Int, previousUUID: UUID?,
    effectiveDate: Date, deletedDate: Date?, contentHash: String, link: UUID?, taskVersionUUID: UUID? = nil,
    occurrenceIndex: Int? = nil, impactsAdherence: Bool? = nil, json: Data
  ) {
    self.kind = kind
    self.id = id
    self.uuid = uuid
    self.rootUUID = rootUUID
    self.sequence = sequence
    self.previousUUID = previousUUID
    self.effectiveDate = effectiveDate
    self.deletedDate = deletedDate
    self.contentHash = contentHash
    self.link = link
    self.taskVersionUUID = taskVersionUUID
    self.occurrenceIndex = occurrenceIndex
    self.impactsAdherence = impactsAdherence
    self.json = json
  }

  /// The entity as a care record.
  /// - Throws: `DecodingError` if the stored JSON is not a care record of its kind.
  public func record() throws -> CareRecord {
    // Dates read by arithmetic, as they were written: the same records as
    // `CareJSON.makeDecoder()` reads.
    try CareJSON.fastDatesDecoder().decode(CareRecord.self, from: json)
  }
}

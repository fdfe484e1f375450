public import Foundation

/// The newest version of an entity: what an import compares new content with.
public struct VersionHead: Hashable, Sendable {
  public var kind: EntityKind
  public var id: String
  public var uuid: UUID
  public var rootUUID: UUID
  public var sequence: Int
  public var effectiveDate: Date
  public var contentHash: String
  public var deleted: Bool
  /// For a task: whether it counts towards adherence.
  public var impactsAdherence: Bool?

  public init(
    kind: EntityKind, id: String, uuid: UUID, rootUUID: UUID, sequence: Int, effectiveDate: Date,
    contentHash: String, deleted: Bool, impactsAdherence: Bool? = nil
  ) {
    self.kind = kind
    self.id = id
    self.uuid = uuid
    self.rootUUID = rootUUID
    self.sequence = sequence
    self.effectiveDate = effectiveDate
    self.contentHash = contentHash
    self.deleted = deleted
    self.impactsAdherence = impactsAdherence
  }
}

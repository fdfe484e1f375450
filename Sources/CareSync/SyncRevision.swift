public import CareModel

/// A revision record (CareKit's `OCKRevisionRecord`): entity versions, oldest first, and the
/// knowledge vector of the process that wrote the record.
public struct SyncRevision: Hashable, Sendable {
  /// The versions, in the order they were made (an entity's earlier versions first, and an
  /// entity before those that link to it).
  public var entities: [CareRecord]
  /// What the writer of the record knew when it wrote it.
  public var knowledgeVector: KnowledgeVector

  /// Creates a revision record.
  public init(entities: [CareRecord], knowledgeVector: KnowledgeVector) {
    self.entities = entities
    self.knowledgeVector = knowledgeVector
  }
}

public import CareModel

/// One version of an entity, with the resources it came from.
public struct EntityVersion: Hashable, Sendable {
  /// The version's bookkeeping and content.
  public var stored: StoredVersion
  /// The entity.
  public var record: CareRecord
  /// The FHIR resources it came from.
  public var sources: [SourceReference]
}

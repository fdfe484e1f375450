public import CareModel
public import Foundation

/// One version handed to ``StoreWriter/append(_:)``: the version, the head it replaces, and the
/// resources it was made from.
public struct VersionAppend: Sendable {
  /// The version to append.
  public var version: StoredVersion
  /// The entity's newest version, which `version` replaces (`nil` for an entity's first version).
  public var head: VersionHead?
  /// The resources the version was made from, in order.
  public var sources: [SourceReference]
  /// Each source's JSON in its stored form (``StoredSource/pack(_:)``, `nil` where the source
  /// has no JSON), when the writer ``StoreWriter/takesStoredSources``; else `nil`.
  public var storedSources: [Data?]?

  /// Creates a version to append.
  public init(version: StoredVersion, head: VersionHead?, sources: [SourceReference], storedSources: [Data?]? = nil) {
    self.version = version
    self.head = head
    self.sources = sources
    self.storedSources = storedSources
  }
}

extension StoreWriter {
  /// Appends each of `versions` in order, with its sources: ``StoreWriter/append(_:replacing:)``
  /// and ``StoreWriter/addSources(_:stored:to:)`` (or ``StoreWriter/addSources(_:to:)``) for one
  /// after the other. This is what ``StoreWriter/append(_:)`` does unless a backend writes a
  /// batch its own way.
  public func appendOneByOne(_ versions: [VersionAppend]) throws {
    for entry in versions {
      try append(entry.version, replacing: entry.head)
      guard !entry.sources.isEmpty else { continue }
      if let stored = entry.storedSources {
        try addSources(entry.sources, stored: stored, to: entry.version.uuid)
      } else {
        try addSources(entry.sources, to: entry.version.uuid)
      }
    }
  }

  public func append(_ versions: [VersionAppend]) throws { try appendOneByOne(versions) }
}

public import Foundation

/// Which versions of one kind to read.
public enum VersionFilter: Hashable, Sendable {
  /// Every version.
  case all
  /// The versions of the entities with these ids.
  case ids([String])
  /// The versions that link to one of these root uuids.
  case linkedTo([UUID])
  /// The versions whose `effectiveDate` is in `[start, end)`.
  case effective(from: Date, to: Date)
  /// The versions with these uuids.
  case uuids([UUID])
}

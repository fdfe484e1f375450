public import Foundation

/// One version seen as a change of the store: where it stands in the order in which the store's
/// versions became visible. A sync server hands out the versions a device has not seen by
/// position (``StoreReader/changes(from:before:)``), and remembers how far a device has read as a
/// position (``StoreReader/changeHorizon()``).
///
/// Positions grow with time but need not be consecutive, and several versions written in one
/// transaction may share one (PostgreSQL numbers them by transaction).
public struct StoreChange: Hashable, Sendable {
  /// Where the version stands in the store's change order.
  public var position: Int64
  /// The version's kind.
  public var kind: EntityKind
  /// The version's uuid.
  public var uuid: UUID

  /// Creates a change.
  public init(position: Int64, kind: EntityKind, uuid: UUID) {
    self.position = position
    self.kind = kind
    self.uuid = uuid
  }
}

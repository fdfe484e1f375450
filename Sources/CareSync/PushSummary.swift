public import CareStore

/// What a push did with each version it carried. Versions are named by kind and id only, never
/// by content, so a summary can be logged.
public struct PushSummary: Hashable, Sendable {
  /// Why a version was not stored.
  public enum Refusal: String, Hashable, Sendable {
    /// It belongs to a patient outside the pusher's scope, or to none the store can name.
    case outOfScope
    /// It links to a patient, care plan or task version the store does not hold.
    case unknownLink
    /// It names previous versions the store does not hold for that entity.
    case unknownPrevious
  }

  /// One version that made the store choose between two concurrent versions of an entity.
  public struct Conflict: Hashable, Sendable {
    /// The entity's kind.
    public var kind: EntityKind
    /// The entity's id.
    public var id: String
    /// Whether the pushed version's content won (otherwise the stored head's did).
    public var pushedWon: Bool

    /// Creates a conflict entry.
    public init(kind: EntityKind, id: String, pushedWon: Bool) {
      self.kind = kind
      self.id = id
      self.pushedWon = pushedWon
    }
  }

  /// Versions stored as the entity's new head, or as its first version.
  public var stored = 0
  /// Versions the store already held (a push is idempotent).
  public var alreadyKnown = 0
  /// Versions stored beside a concurrent one, each followed by a resolution version.
  public var conflicts: [Conflict] = []
  /// Outcomes stored without their occurrence, which already had another outcome.
  public var outcomesWithoutOccurrence: [String] = []
  /// Versions not stored, with the reason.
  public var refused: [Refusal.Entry] = []

  /// Creates an empty summary.
  public init() {}
}

extension PushSummary.Refusal {
  /// A version that was refused: its kind (the record's name, as in CareKit's JSON), id and the
  /// reason.
  public struct Entry: Hashable, Sendable {
    /// The record's kind (`patient`, …, `contact`).
    public var kind: String
    /// The entity's id.
    public var id: String
    /// Why it was refused.
    public var reason: PushSummary.Refusal

    /// Creates an entry.
    public init(kind: String, id: String, reason: PushSummary.Refusal) {
      self.kind = kind
      self.id = id
      self.reason = reason
    }
  }
}

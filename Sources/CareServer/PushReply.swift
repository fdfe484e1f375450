public import CareSync

/// The answer to `POST /revisionRecord`: what the push did with each version, by kind and id
/// (``PushSummary``), as JSON.
public struct PushReply: Codable, Hashable, Sendable {
  /// A version stored beside a concurrent one and settled by a resolution version.
  public struct Conflict: Codable, Hashable, Sendable {
    public var type: String
    public var id: String
    public var pushedWon: Bool
  }

  /// A version not stored, and why (`outOfScope`, `unknownLink`, `unknownPrevious`).
  public struct Refused: Codable, Hashable, Sendable {
    public var type: String
    public var id: String
    public var reason: String
  }

  /// Versions stored.
  public var stored: Int
  /// Versions the store already held.
  public var alreadyKnown: Int
  /// Concurrent versions settled.
  public var conflicts: [Conflict]
  /// Outcomes stored without their occurrence (another outcome holds it).
  public var outcomesWithoutOccurrence: [String]
  /// Versions refused.
  public var refused: [Refused]

  /// The reply for a push's summary.
  public init(_ summary: PushSummary) {
    stored = summary.stored
    alreadyKnown = summary.alreadyKnown
    conflicts = summary.conflicts.map { Conflict(type: $0.kind.rawValue, id: $0.id, pushedWon: $0.pushedWon) }
    outcomesWithoutOccurrence = summary.outcomesWithoutOccurrence
    refused = summary.refused.map { Refused(type: $0.kind, id: $0.id, reason: $0.reason.rawValue) }
  }
}

public import Foundation

/// CareKit's knowledge vector (`OCKRevisionRecord.KnowledgeVector`), a vector clock: one
/// logical clock per process (a store, named by a UUID); a missing process counts as 0.
///
/// Encoded as CareKit encodes it: `{"processes": [{"id": UUID, "clock": N}, …]}` (sorted by
/// id here, for stable output; CareKit's order is its dictionary's).
public struct KnowledgeVector: Codable, Hashable, Sendable {
  /// Each process's clock.
  public var processes: [UUID: Int]

  /// A vector with these clocks (none by default).
  /// - Parameter processes: Each process's clock.
  public init(_ processes: [UUID: Int] = [:]) {
    self.processes = processes
  }

  /// The clock of `process`, 0 if the vector has none.
  /// - Parameter process: The process.
  public func clock(for process: UUID) -> Int { processes[process] ?? 0 }

  /// Advances the clock of `process` by one (after a process merges a revision or records a change).
  /// - Parameter process: The process.
  public mutating func increment(clockFor process: UUID) {
    processes[process] = clock(for: process) + 1
  }

  /// Takes in another process's knowledge: each clock becomes the larger of the two.
  /// - Parameter other: The other vector.
  public mutating func merge(with other: KnowledgeVector) {
    for (process, clock) in other.processes where clock > self.clock(for: process) {
      processes[process] = clock
    }
  }

  /// The vector merged with `other` (``merge(with:)``).
  /// - Parameter other: The other vector.
  public func merged(with other: KnowledgeVector) -> KnowledgeVector {
    var result = self
    result.merge(with: other)
    return result
  }

  /// Whether this vector happened before `other`, as CareKit's `<` defines it: no clock is
  /// larger than `other`'s and at least one is smaller. Then `other` knew of this one's
  /// changes and they are not in conflict.
  /// - Parameter other: The other vector.
  public func isLessThan(_ other: KnowledgeVector) -> Bool {
    var smaller = false
    for process in Set(processes.keys).union(other.processes.keys) {
      let mine = clock(for: process), theirs = other.clock(for: process)
      if mine > theirs { return false }
      if mine < theirs { smaller = true }
    }
    return smaller
  }

  /// Whether both vectors hold the same clocks, a missing process counting as 0.
  /// - Parameter other: The other vector.
  public func isEquivalent(to other: KnowledgeVector) -> Bool {
    Set(processes.keys).union(other.processes.keys).allSatisfy { clock(for: $0) == other.clock(for: $0) }
  }

  /// Whether the vectors are concurrent: neither happened before the other and they differ, so
  /// their changes must be resolved as conflicts.
  /// - Parameter other: The other vector.
  public func isConcurrent(with other: KnowledgeVector) -> Bool {
    !isLessThan(other) && !other.isLessThan(self) && !isEquivalent(to: other)
  }

  private enum CodingKeys: String, CodingKey { case processes }

  private struct Clock: Codable {
    var id: UUID
    var clock: Int
  }

  /// Decodes `{"processes": [{"id": …, "clock": …}]}`; a process listed twice keeps its larger clock;
  /// a negative clock is refused.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let clocks = try container.decode([Clock].self, forKey: .processes)
    guard clocks.allSatisfy({ $0.clock >= 0 }) else {
      throw DecodingError.dataCorruptedError(forKey: .processes, in: container, debugDescription: "a clock is negative")
    }
    processes = Dictionary(clocks.map { ($0.id, $0.clock) }, uniquingKeysWith: max)
  }

  /// Encodes `{"processes": [{"id": …, "clock": …}]}`, sorted by process id.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    let clocks = processes.map { Clock(id: $0.key, clock: $0.value) }.sorted { $0.id.uuidString < $1.id.uuidString }
    try container.encode(clocks, forKey: .processes)
  }
}

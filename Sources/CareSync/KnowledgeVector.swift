public import Foundation

/// A knowledge vector as CareKit's remote sync defines it (`OCKRevisionRecord.KnowledgeVector`):
/// one logical clock per process (a device's store, or this server's store), by process uuid.
/// A process that is absent has clock 0.
///
/// Vector A *happened before* B (`A < B`) when no clock of A is greater than B's and at least
/// one is smaller: B knew of everything A did. When neither is before the other and they
/// differ, the changes they stamp are concurrent.
///
/// On the wire it is CareKit's JSON, `{"processes":[{"id":"<UUID>","clock":N},…]}`, here with the
/// processes sorted by uuid so that the same vector always gives the same bytes.
public struct KnowledgeVector: Hashable, Sendable, Codable, Comparable {
  /// The clock of every process with a non-zero one.
  public private(set) var clocks: [UUID: Int]

  /// Creates a vector from clocks (zero clocks are dropped: absent means 0).
  public init(_ clocks: [UUID: Int] = [:]) {
    self.clocks = clocks.filter { $0.value != 0 }
  }

  /// The clock of `process` (0 when the vector has none).
  public func clock(for process: UUID) -> Int { clocks[process] ?? 0 }

  /// Advances the clock of `process` by one.
  public mutating func increment(clockFor process: UUID) {
    clocks[process, default: 0] += 1
  }

  /// Raises the clock of `process` to `clock` where that is higher.
  public mutating func raise(_ process: UUID, to clock: Int) {
    if clock > self.clock(for: process) { clocks[process] = clock }
  }

  /// Takes in what `other` knows: each clock becomes the higher of the two.
  public mutating func merge(with other: KnowledgeVector) {
    for (process, clock) in other.clocks { raise(process, to: clock) }
  }

  /// The merge of this vector and `other`.
  public func merged(with other: KnowledgeVector) -> KnowledgeVector {
    var result = self
    result.merge(with: other)
    return result
  }

  /// Whether `lhs` happened before `rhs` (see the type's description).
  public static func < (lhs: KnowledgeVector, rhs: KnowledgeVector) -> Bool {
    var smaller = false
    for process in Set(lhs.clocks.keys).union(rhs.clocks.keys) {
      let a = lhs.clock(for: process)
      let b = rhs.clock(for: process)
      if a > b { return false }
      if a < b { smaller = true }
    }
    return smaller
  }

  /// Whether neither vector happened before the other and they differ.
  public func isConcurrent(with other: KnowledgeVector) -> Bool {
    self != other && !(self < other) && !(other < self)
  }

  private enum Keys: String, CodingKey { case processes }

  private struct Process: Codable {
    var id: UUID
    var clock: Int
  }

  /// Decodes CareKit's `{"processes":[{"id":…,"clock":…}]}`; a process listed twice keeps its
  /// higher clock, and a negative clock is refused.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Keys.self)
    var clocks: [UUID: Int] = [:]
    for process in try container.decode([Process].self, forKey: .processes) {
      guard process.clock >= 0 else {
        throw DecodingError.dataCorruptedError(
          forKey: .processes, in: container, debugDescription: "a process clock is negative")
      }
      clocks[process.id] = max(clocks[process.id] ?? 0, process.clock)
    }
    self.init(clocks)
  }

  /// Encodes CareKit's form, processes sorted by uuid.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Keys.self)
    let processes = clocks.sorted { $0.key.uuidString < $1.key.uuidString }.map { Process(id: $0.key, clock: $0.value) }
    try container.encode(processes, forKey: .processes)
  }
}

public import FHIRCore
public import FHIRJSON

/// What a conversion did with each FHIR element, counted per path (`MedicationRequest.dosageInstruction.timing.repeat.periodMax`),
/// without any data value. Array positions are not part of a path, so counts add up over repeats.
public struct ConversionReport: Hashable, Sendable {
  /// What happened to an element.
  public enum Disposition: String, Hashable, Sendable, CaseIterable, Codable {
    /// Carried into the output.
    case mapped
    /// Present in the input, with no place in the output.
    case dropped
    /// Absent (or unusable) in the input; a documented default was used.
    case defaulted
    /// Present, but only partly kept (precision, a max, an approximation).
    case unrepresentable
  }

  /// Counts per path, one table per disposition (four stored tables: recording a path
  /// hashes it once).
  private var mappedCounts: [String: Int] = [:]
  private var droppedCounts: [String: Int] = [:]
  private var defaultedCounts: [String: Int] = [:]
  private var unrepresentableCounts: [String: Int] = [:]
  /// Dropped paths that element accounting recorded and nobody has read yet: kept as a list
  /// (each path once per walk, with its count) and hashed into the dropped table only when a
  /// caller reads the report, so a report made and thrown away never hashes them.
  private var pendingDropped: [(path: String, count: Int)] = []
  /// How many pending paths a report keeps before hashing them (bounds a merged report).
  private static let pendingLimit = 1024

  /// Counts per disposition and path (dispositions with no path left out).
  public var counts: [Disposition: [String: Int]] {
    var counts: [Disposition: [String: Int]] = [:]
    for disposition in Disposition.allCases where !self[disposition].isEmpty {
      counts[disposition] = self[disposition]
    }
    return counts
  }

  /// Problems in the input the conversion worked around (a timing period that is not
  /// positive, a period ending before it starts), each at its JSON path in the resource.
  public private(set) var issues: [ValidationIssue] = []

  public init() {}

  /// Records one occurrence of `path` with `disposition`.
  public mutating func record(_ disposition: Disposition, _ path: String) {
    add(1, of: path, to: disposition)
  }

  /// Records `count` occurrences of `path` with `disposition`.
  public mutating func record(_ disposition: Disposition, _ path: String, count: Int) {
    add(count, of: path, to: disposition)
  }

  private mutating func add(_ count: Int, of path: String, to disposition: Disposition) {
    // A first record reserves room for a typical resource's paths, so a table is not
    // rehashed again and again as it fills (a Patient maps about 20).
    switch disposition {
    case .mapped:
      if mappedCounts.isEmpty { mappedCounts.reserveCapacity(32) }
      mappedCounts[path, default: 0] += count
    case .dropped:
      if droppedCounts.isEmpty { droppedCounts.reserveCapacity(16) }
      droppedCounts[path, default: 0] += count
    case .defaulted: defaultedCounts[path, default: 0] += count
    case .unrepresentable: unrepresentableCounts[path, default: 0] += count
    }
  }

  /// Records `count` occurrences of `path` as dropped without hashing it yet (element
  /// accounting: each path comes once per walk). Reading the report gives the same counts as
  /// ``record(_:_:count:)`` would; `count` is positive.
  mutating func appendDropped(_ path: String, count: Int) {
    if pendingDropped.isEmpty { pendingDropped.reserveCapacity(16) }
    pendingDropped.append((path, count))
    if pendingDropped.count > Self.pendingLimit { hashPendingDropped() }
  }

  private mutating func hashPendingDropped() {
    for (path, count) in pendingDropped { add(count, of: path, to: .dropped) }
    pendingDropped.removeAll()
  }

  /// The dropped table with the pending paths added.
  private var allDropped: [String: Int] {
    guard !pendingDropped.isEmpty else { return droppedCounts }
    var all = droppedCounts
    for (path, count) in pendingDropped { all[path, default: 0] += count }
    return all
  }

  /// Records `path` as mapped.
  public mutating func mapped(_ path: String) { record(.mapped, path) }
  /// Records `path` as dropped.
  public mutating func dropped(_ path: String) { record(.dropped, path) }
  /// Records `path` as defaulted.
  public mutating func defaulted(_ path: String) { record(.defaulted, path) }
  /// Records `path` as not fully representable.
  public mutating func unrepresentable(_ path: String) { record(.unrepresentable, path) }

  /// Records a problem in the input at `path` (the JSON path in the resource, with array
  /// positions: `dosageInstruction[1].timing.repeat.period`). The message names no data value.
  public mutating func issue(_ code: ValidationIssue.Code, _ message: String, at path: JSONPath) {
    issues.append(ValidationIssue(.error, code, message, path: path))
  }

  /// Sets the resource type and id of the issues that have none yet.
  public mutating func locateIssues(resourceType: String, id: String?) {
    for index in issues.indices where issues[index].resourceType == nil {
      issues[index].resourceType = resourceType
      issues[index].resourceID = id
    }
  }

  /// The paths with `disposition` and their counts.
  public subscript(disposition: Disposition) -> [String: Int] {
    switch disposition {
    case .mapped: mappedCounts
    case .dropped: allDropped
    case .defaulted: defaultedCounts
    case .unrepresentable: unrepresentableCounts
    }
  }

  /// Paths dropped.
  public var dropped: [String: Int] { self[.dropped] }
  /// Paths defaulted.
  public var defaulted: [String: Int] { self[.defaulted] }
  /// Paths not fully representable.
  public var unrepresentable: [String: Int] { self[.unrepresentable] }
  /// Paths mapped.
  public var mapped: [String: Int] { self[.mapped] }

  /// Whether `path`, or an element containing it, was mapped.
  public func isMapped(_ path: String) -> Bool {
    let mapped = mappedCounts
    guard !mapped.isEmpty else { return false }
    var candidate = Substring(path)
    while true {
      if mapped[String(candidate)] != nil { return true }
      guard let dot = candidate.utf8.lastIndex(of: UInt8(ascii: ".")) else { return false }
      candidate = candidate[..<dot]
    }
  }

  /// Adds another report's counts to this one.
  public mutating func merge(_ other: ConversionReport) {
    for (path, count) in other.mappedCounts { add(count, of: path, to: .mapped) }
    for (path, count) in other.droppedCounts { add(count, of: path, to: .dropped) }
    for (path, count) in other.defaultedCounts { add(count, of: path, to: .defaulted) }
    for (path, count) in other.unrepresentableCounts { add(count, of: path, to: .unrepresentable) }
    pendingDropped += other.pendingDropped
    if pendingDropped.count > Self.pendingLimit { hashPendingDropped() }
    issues += other.issues
  }

  /// Whether nothing was dropped, defaulted or left unrepresentable.
  public var isLossless: Bool {
    droppedCounts.isEmpty && pendingDropped.isEmpty && defaultedCounts.isEmpty && unrepresentableCounts.isEmpty
  }

  /// Reports are equal when they hold the same counts and issues, however the counts were recorded.
  public static func == (lhs: ConversionReport, rhs: ConversionReport) -> Bool {
    lhs.mappedCounts == rhs.mappedCounts && lhs.defaultedCounts == rhs.defaultedCounts
      && lhs.unrepresentableCounts == rhs.unrepresentableCounts && lhs.issues == rhs.issues
      && lhs.allDropped == rhs.allDropped
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(mappedCounts)
    hasher.combine(allDropped)
    hasher.combine(defaultedCounts)
    hasher.combine(unrepresentableCounts)
    hasher.combine(issues)
  }
}

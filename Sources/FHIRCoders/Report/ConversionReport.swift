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

  /// Counts per disposition and path.
  public private(set) var counts: [Disposition: [String: Int]] = [:]

  public init() {}

  /// Records one occurrence of `path` with `disposition`.
  public mutating func record(_ disposition: Disposition, _ path: String) {
    counts[disposition, default: [:]][path, default: 0] += 1
  }

  /// Records `path` as mapped.
  public mutating func mapped(_ path: String) { record(.mapped, path) }
  /// Records `path` as dropped.
  public mutating func dropped(_ path: String) { record(.dropped, path) }
  /// Records `path` as defaulted.
  public mutating func defaulted(_ path: String) { record(.defaulted, path) }
  /// Records `path` as not fully representable.
  public mutating func unrepresentable(_ path: String) { record(.unrepresentable, path) }

  /// The paths with `disposition` and their counts.
  public subscript(disposition: Disposition) -> [String: Int] { counts[disposition] ?? [:] }

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
    guard let mapped = counts[.mapped], !mapped.isEmpty else { return false }
    var candidate = Substring(path)
    while true {
      if mapped[String(candidate)] != nil { return true }
      guard let dot = candidate.utf8.lastIndex(of: UInt8(ascii: ".")) else { return false }
      candidate = candidate[..<dot]
    }
  }

  /// Adds another report's counts to this one.
  public mutating func merge(_ other: ConversionReport) {
    for (disposition, paths) in other.counts {
      for (path, count) in paths { counts[disposition, default: [:]][path, default: 0] += count }
    }
  }

  /// Whether nothing was dropped, defaulted or left unrepresentable.
  public var isLossless: Bool {
    dropped.isEmpty && defaulted.isEmpty && unrepresentable.isEmpty
  }
}

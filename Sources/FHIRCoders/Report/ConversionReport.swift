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

  /// Counts per disposition and path.
  public private(set) var counts: [Disposition: [String: Int]] = [:]
  /// Problems in the input the conversion worked around (a timing period that is not
  /// positive, a period ending before it starts), each at its JSON path in the resource.
  public private(set) var issues: [ValidationIssue] = []

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
    let mapped = self.mapped
    var candidate = Substring(path)
    while true {
      if mapped[String(candidate)] != nil { return true }
      guard let dot = candidate.lastIndex(of: ".") else { return false }
      candidate = candidate[..<dot]
    }
  }

  /// Adds another report's counts to this one.
  public mutating func merge(_ other: ConversionReport) {
    for (disposition, paths) in other.counts {
      for (path, count) in paths { counts[disposition, default: [:]][path, default: 0] += count }
    }
    issues += other.issues
  }

  /// Whether nothing was dropped, defaulted or left unrepresentable.
  public var isLossless: Bool {
    dropped.isEmpty && defaulted.isEmpty && unrepresentable.isEmpty
  }
}

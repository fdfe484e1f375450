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

  /// The counts of each path, by the path's number in ``PathRegistry``, one table per
  /// disposition (numbers, so that recording and merging hash no strings).
  private var mappedIDs = PathCounts()
  private var droppedIDs = PathCounts()
  private var defaultedIDs = PathCounts()
  private var unrepresentableIDs = PathCounts()

  /// Counts per disposition and path (dispositions with no path left out).
  public var counts: [Disposition: [String: Int]] {
    var counts: [Disposition: [String: Int]] = [:]
    for disposition in Disposition.allCases where !table(disposition).isEmpty {
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
    record(disposition, path, count: 1)
  }

  /// Records `count` occurrences of `path` with `disposition`.
  public mutating func record(_ disposition: Disposition, _ path: String, count: Int) {
    record(disposition, id: PathRegistry.shared.id(of: path), count: count)
  }

  /// Records `count` occurrences of the path numbered `id` with `disposition`.
  mutating func record(_ disposition: Disposition, id: Int32, count: Int) {
    switch disposition {
    case .mapped: mappedIDs.add(count, to: id)
    case .dropped: droppedIDs.add(count, to: id)
    case .defaulted: defaultedIDs.add(count, to: id)
    case .unrepresentable: unrepresentableIDs.add(count, to: id)
    }
  }

  /// Records one occurrence with `disposition` of the path numbered by each of `ids`.
  mutating func record(_ disposition: Disposition, each ids: [Int32]) {
    switch disposition {
    case .mapped: mappedIDs.addOne(toEach: ids)
    case .dropped: droppedIDs.addOne(toEach: ids)
    case .defaulted: defaultedIDs.addOne(toEach: ids)
    case .unrepresentable: unrepresentableIDs.addOne(toEach: ids)
    }
  }

  /// Records `count` occurrences of a coder's `path` with `disposition`.
  mutating func record(_ disposition: Disposition, _ path: ReportPath, count: Int = 1) {
    record(disposition, id: path.id, count: count)
  }

  /// Records `path` as mapped.
  mutating func mapped(_ path: ReportPath) { record(.mapped, id: path.id, count: 1) }
  /// Records `path` as dropped.
  mutating func dropped(_ path: ReportPath) { record(.dropped, id: path.id, count: 1) }
  /// Records `path` as defaulted.
  mutating func defaulted(_ path: ReportPath) { record(.defaulted, id: path.id, count: 1) }
  /// Records `path` as not fully representable.
  mutating func unrepresentable(_ path: ReportPath) { record(.unrepresentable, id: path.id, count: 1) }

  /// Records `path` as mapped.
  public mutating func mapped(_ path: String) { record(.mapped, path) }
  /// Records `path` as dropped.
  public mutating func dropped(_ path: String) { record(.dropped, path) }
  /// Records `path` as defaulted.
  public mutating func defaulted(_ path: String) { record(.defaulted, path) }
  /// Records `path` as not fully representable.
  public mutating func unrepresentable(_ path: String) { record(.unrepresentable, path) }

  /// Counts one occurrence of `path` this report counted dropped as mapped instead: for a
  /// caller that keeps what the coder had no place for (the pipeline keeps an order's or plan's
  /// `status` in the entity's `userInfo`, and export writes it back). Nothing changes when
  /// `path` was not counted dropped.
  public mutating func kept(_ path: String) {
    let id = PathRegistry.shared.id(of: path)
    if droppedIDs.takeOne(from: id) { mappedIDs.add(1, to: id) }
  }

  /// Records a problem in the input at `path` (the JSON path in the resource, with array
  /// positions: `dosageInstruction[1].timing.repeat.period`). The message names no data value.
  public mutating func issue(_ code: ValidationIssue.Code, _ message: String, at path: JSONPath) {
    issues.append(ValidationIssue(.error, code, message, path: path))
  }

  /// Records a number no `Double` holds (``DecimalFit/doesNotFit(_:)``) at `path`, or, with
  /// `integer`, one too large for a 32-bit integer (``FHIRCore/IntegerPrimitiveValue/isTooLarge(_:)``):
  /// kept as text (an information issue, nothing lost) or skipped (an error: a value is missing
  /// from the entity). The message names no value.
  public mutating func numberDoesNotFit(at path: JSONPath, keptAsText: Bool, integer: Bool = false) {
    if keptAsText {
      let message = integer ? "a number too large for a 32-bit integer; kept as text" : "a number too large or too small for a double; kept as text"
      issues.append(ValidationIssue(.information, .invalidValue, message, path: path))
    } else {
      issues.append(
        ValidationIssue(.error, .invalidValue, integer ? Self.integerSkippedMessage : Self.numberSkippedMessage, path: path))
    }
  }

  /// The message of ``numberDoesNotFit(at:keptAsText:integer:)`` when the number is skipped: the
  /// one coder issue that loses a value (a run that has it fails, ``isNumberSkipped(_:)``).
  public static let numberSkippedMessage = "a number too large or too small for a double; the value is skipped"
  /// ``numberSkippedMessage`` for an integer (a timing's `frequency`, `count`, `offset`).
  public static let integerSkippedMessage = "a number too large for a 32-bit integer; the value is skipped"

  /// Whether `issue` says that a number had to be skipped (``numberDoesNotFit(at:keptAsText:integer:)``
  /// without `keptAsText`).
  public static func isNumberSkipped(_ issue: ValidationIssue) -> Bool {
    issue.severity == .error && (issue.message == numberSkippedMessage || issue.message == integerSkippedMessage)
  }

  /// Records something valid in the input that the conversion could only approximate, at
  /// `path` (as ``issue(_:_:at:)``), with severity `warning`. The message names no data value.
  public mutating func approximation(_ code: ValidationIssue.Code, _ message: String, at path: JSONPath) {
    issues.append(ValidationIssue(.warning, code, message, path: path))
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
    let ids = table(disposition)
    guard !ids.isEmpty else { return [:] }
    let table = PathRegistry.shared.table
    var named: [String: Int] = [:]
    named.reserveCapacity(ids.count)
    ids.forEach { id, count in named[table.names[Int(id)], default: 0] += count }
    return named
  }

  /// The counts with `disposition` by path number.
  func table(_ disposition: Disposition) -> PathCounts {
    switch disposition {
    case .mapped: mappedIDs
    case .dropped: droppedIDs
    case .defaulted: defaultedIDs
    case .unrepresentable: unrepresentableIDs
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
    // A path the process has not met is not mapped, but one containing it may be.
    guard !mappedIDs.isEmpty, let id = PathRegistry.shared.knownID(ofPathOrPrefix: path) else { return false }
    return isMapped(id: id, in: PathRegistry.shared.table)
  }

  /// Whether the path numbered `id`, or one containing it, was mapped.
  func isMapped(id: Int32, in table: PathRegistry.Table) -> Bool {
    var id = id
    while id >= 0 {
      if mappedIDs[id] != nil { return true }
      id = table.parents[Int(id)]
    }
    return false
  }

  /// Adds another report's counts to this one.
  public mutating func merge(_ other: ConversionReport) {
    mappedIDs.merge(other.mappedIDs)
    droppedIDs.merge(other.droppedIDs)
    defaultedIDs.merge(other.defaultedIDs)
    unrepresentableIDs.merge(other.unrepresentableIDs)
    issues += other.issues
  }

  /// Whether nothing was dropped, defaulted or left unrepresentable.
  public var isLossless: Bool {
    droppedIDs.isEmpty && defaultedIDs.isEmpty && unrepresentableIDs.isEmpty
  }
}

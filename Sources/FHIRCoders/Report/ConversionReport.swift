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

  /// The counts are kept as lists in the order recorded (a path may come more than once) and
  /// summed when the report is read, so that recording and merging hash no `String`: a path
  /// recorded by name waits in ``named`` until the report is merged or accounted for, when it
  /// is interned (``PathInterner``) and its count moves to ``listed`` under the path's id. A
  /// list longer than ``listLimit`` (a merged report) is summed into ``totals``, one entry per id.
  private var named: [Named] = []
  private var listed: [Listed] = []
  private var totals: [Totals] = []
  /// Paths the interner had no room for, summed per disposition; `nil` (nothing to destroy)
  /// in the usual report.
  private var spilled: [Disposition: [String: Int]]? = nil
  private static let listLimit = 1024

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
    if named.isEmpty { named.reserveCapacity(32) }
    named.append(Named(path: path, disposition: disposition, count: count))
    if named.count > Self.listLimit { internNamed() }
  }

  /// Records `count` occurrences of `path` with `disposition`: by id when it has one (no
  /// hashing), else by name; the report reads the same as with ``record(_:_:count:)``.
  mutating func record(_ disposition: Disposition, _ path: ReportPath, count: Int = 1) {
    if path.id >= 0 {
      append(id: Int(path.id), disposition, count: count)
    } else {
      add(count, of: path.name, to: disposition)
    }
  }

  /// Records `path` as mapped.
  mutating func mapped(_ path: ReportPath) { record(.mapped, path) }
  /// Records `path` as dropped.
  mutating func dropped(_ path: ReportPath) { record(.dropped, path) }
  /// Records `path` as defaulted.
  mutating func defaulted(_ path: ReportPath) { record(.defaulted, path) }
  /// Records `path` as not fully representable.
  mutating func unrepresentable(_ path: ReportPath) { record(.unrepresentable, path) }

  /// Records `counts[i]` occurrences of the path with id `ids[i]` in ``PathInterner/shared`` as
  /// dropped, for each `i` (element accounting: one append for a resource's dropped paths).
  mutating func appendDropped(ids: UnsafeBufferPointer<Int32>, counts: UnsafeBufferPointer<Int32>) {
    guard !ids.isEmpty else { return }
    withUnsafeTemporaryAllocation(of: Listed.self, capacity: ids.count) { added in
      for index in ids.indices {
        added.initializeElement(at: index, to: Listed(id: UInt32(ids[index]), disposition: .dropped, count: Int(counts[index])))
      }
      listed.append(contentsOf: UnsafeBufferPointer(added))
    }
    if listed.count > Self.listLimit { sumListedIfLong() }
  }

  @inline(__always)
  private mutating func append(id: Int, _ disposition: Disposition, count: Int) {
    if listed.isEmpty { listed.reserveCapacity(32) }
    listed.append(Listed(id: UInt32(id), disposition: disposition, count: count))
    if listed.count > Self.listLimit { sumListedIfLong() }
  }

  /// Records `count` occurrences of `path` as dropped (element accounting, when the interner is full).
  mutating func appendDropped(_ path: String, count: Int) {
    add(count, of: path, to: .dropped)
  }

  /// Moves the paths recorded by name to ``listed``, interned (one lock for all of them).
  mutating func internNamed() {
    guard !named.isEmpty else { return }
    let recorded = named
    named = []
    intern(recorded)
  }

  /// Adds `recorded` to ``listed`` by id (or to ``spilled`` when the interner is full).
  private mutating func intern(_ recorded: [Named]) {
    var full: [Named] = []
    // A new report's list gets room for the dropped paths that accounting adds next (a longer
    // list, a merged one, grows as arrays do).
    if listed.isEmpty { listed.reserveCapacity(recorded.count + 32) }
    PathInterner.shared.withTable { table, limit in
      for entry in recorded {
        var path = entry.path
        let id = path.withUTF8 { utf8 in
          let raw = UnsafeRawBufferPointer(utf8)
          return table.internedID(raw, digest: PathInterner.digest(raw), limit: limit)
        }
        if let id {
          listed.append(Listed(id: UInt32(id), disposition: entry.disposition, count: entry.count))
        } else {
          full.append(entry)
        }
      }
    }
    guard !full.isEmpty else { return sumListedIfLong() }
    var spilled = self.spilled ?? [:]
    self.spilled = nil
    for entry in full { spilled[entry.disposition, default: [:]][entry.path, default: 0] += entry.count }
    self.spilled = spilled
    sumListedIfLong()
  }

  /// Sums ``listed`` into ``totals`` when it is longer than ``listLimit`` (rare: out of line, so
  /// that ``append(id:_:count:)`` stays small enough to inline where accounting records).
  @inline(never)
  private mutating func sumListedIfLong() {
    guard listed.count > Self.listLimit else { return }
    addTotals(listed)
    listed.removeAll(keepingCapacity: true)
  }

  /// Adds each of `entries` to ``totals`` (grown once, then summed in place).
  private mutating func addTotals(_ entries: [Listed]) {
    guard !entries.isEmpty else { return }
    var top = 0
    for entry in entries where Int(entry.id) > top { top = Int(entry.id) }
    if top >= totals.count { totals.append(contentsOf: repeatElement(Totals(), count: top + 1 - totals.count)) }
    totals.withUnsafeMutableBufferPointer { totals in
      for entry in entries { totals[Int(entry.id)].add(entry.count, entry.disposition) }
    }
  }

  private mutating func addTotal(_ count: Int, id: Int, _ disposition: Disposition) {
    if id >= totals.count { totals.append(contentsOf: repeatElement(Totals(), count: id + 1 - totals.count)) }
    totals[id].add(count, disposition)
  }

  /// Calls `mappedID` with the id of each path recorded mapped (an id may come more than once)
  /// and `mappedName` with each path recorded mapped that has no id; call ``internNamed()`` first
  /// for the fewest names.
  @inline(__always)
  func forEachMapped(_ mappedID: (Int) -> Void, _ mappedName: (String) -> Void) {
    for entry in listed where entry.disposition == .mapped { mappedID(Int(entry.id)) }
    for (id, total) in totals.enumerated() where total.has(.mapped) { mappedID(id) }
    for entry in named where entry.disposition == .mapped { mappedName(entry.path) }
    if let spilled = spilled?[.mapped] { for path in spilled.keys { mappedName(path) } }
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
    var paths: [String: Int] = [:]
    let hasIDs = listed.contains { $0.disposition == disposition } || totals.contains { $0.has(disposition) }
    if hasIDs {
      PathInterner.shared.withTable { table, _ in
        for entry in listed where entry.disposition == disposition {
          paths[table.name(Int(entry.id)), default: 0] += entry.count
        }
        for (id, total) in totals.enumerated() where total.has(disposition) {
          paths[table.name(id), default: 0] += total[disposition]
        }
      }
    }
    for entry in named where entry.disposition == disposition { paths[entry.path, default: 0] += entry.count }
    if let spilled = spilled?[disposition] { for (path, count) in spilled { paths[path, default: 0] += count } }
    return paths
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
    let anyID = listed.contains { $0.disposition == .mapped } || totals.contains { $0.has(.mapped) }
    let anyName = named.contains { $0.disposition == .mapped } || spilled?[.mapped] != nil
    guard anyID || anyName else { return false }
    var candidate = Substring(path)
    while true {
      if anyName && hasMappedName(candidate) { return true }
      if anyID && hasMappedID(candidate) { return true }
      guard let dot = candidate.utf8.lastIndex(of: UInt8(ascii: ".")) else { return false }
      candidate = candidate[..<dot]
    }
  }

  private func hasMappedName(_ path: Substring) -> Bool {
    let path = String(path)
    return named.contains { $0.disposition == .mapped && $0.path == path } || spilled?[.mapped]?[path] != nil
  }

  private func hasMappedID(_ path: Substring) -> Bool {
    var path = path
    let found = path.withUTF8 { utf8 in
      let raw = UnsafeRawBufferPointer(utf8)
      return PathInterner.shared.withTable { table, _ in table.find(raw, digest: PathInterner.digest(raw)) }
    }
    guard let id = found else { return false }
    return listed.contains { Int($0.id) == id && $0.disposition == .mapped }
      || (id < totals.count && totals[id].has(.mapped))
  }

  /// Adds another report's counts to this one.
  public mutating func merge(_ other: ConversionReport) {
    if !other.named.isEmpty { intern(other.named) }
    if !totals.isEmpty {
      // A summary already summed: the other's counts go straight to the totals.
      addTotals(other.listed)
    } else if listed.isEmpty && other.listed.count <= Self.listLimit {
      listed = other.listed
    } else {
      listed += other.listed
    }
    for (id, total) in other.totals.enumerated() where total.present != 0 {
      for disposition in Disposition.allCases where total.has(disposition) {
        addTotal(total[disposition], id: id, disposition)
      }
    }
    if let others = other.spilled {
      var spilled = self.spilled ?? [:]
      self.spilled = nil
      for (disposition, paths) in others { spilled[disposition, default: [:]].merge(paths, uniquingKeysWith: +) }
      self.spilled = spilled
    }
    if !other.issues.isEmpty { issues += other.issues }
    sumListedIfLong()
  }

  /// Whether nothing was dropped, defaulted or left unrepresentable.
  public var isLossless: Bool {
    named.allSatisfy { $0.disposition == .mapped } && listed.allSatisfy { $0.disposition == .mapped }
      && totals.allSatisfy { $0.present & ~Disposition.mapped.bit == 0 }
      && (spilled?.keys.allSatisfy { $0 == .mapped } ?? true)
  }

  /// Reports are equal when they hold the same counts and issues, however the counts were recorded.
  public static func == (lhs: ConversionReport, rhs: ConversionReport) -> Bool {
    lhs.issues == rhs.issues && Disposition.allCases.allSatisfy { lhs[$0] == rhs[$0] }
  }

  public func hash(into hasher: inout Hasher) {
    for disposition in Disposition.allCases { hasher.combine(self[disposition]) }
    hasher.combine(issues)
  }
}

extension ConversionReport {
  /// A path recorded by name.
  private struct Named: Sendable {
    var path: String
    var disposition: Disposition
    var count: Int
  }

  /// A count of the path with id `id` in ``PathInterner/shared``.
  private struct Listed: Sendable {
    var id: UInt32
    var disposition: Disposition
    var count: Int
  }

  /// The summed counts of one path, per disposition, and which dispositions it has.
  private struct Totals: Sendable {
    var mapped = 0
    var dropped = 0
    var defaulted = 0
    var unrepresentable = 0
    var present: UInt8 = 0

    func has(_ disposition: Disposition) -> Bool { present & disposition.bit != 0 }

    subscript(disposition: Disposition) -> Int {
      switch disposition {
      case .mapped: mapped
      case .dropped: dropped
      case .defaulted: defaulted
      case .unrepresentable: unrepresentable
      }
    }

    mutating func add(_ count: Int, _ disposition: Disposition) {
      present |= disposition.bit
      switch disposition {
      case .mapped: mapped += count
      case .dropped: dropped += count
      case .defaulted: defaulted += count
      case .unrepresentable: unrepresentable += count
      }
    }
  }
}

extension ConversionReport.Disposition {
  /// One bit per disposition.
  fileprivate var bit: UInt8 {
    switch self {
    case .mapped: 1
    case .dropped: 2
    case .defaulted: 4
    case .unrepresentable: 8
    }
  }
}

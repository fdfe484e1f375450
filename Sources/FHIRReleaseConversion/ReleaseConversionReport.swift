/// What a release conversion did not carry over one to one, by FHIR path.
///
/// Paths are JSON paths in the *source* document (`entry[2].resource.dosageInstruction[0]
/// .timing.repeat.periodUnits`), except for ``Action/defaulted`` entries, which name the
/// element set in the target. Entries never hold data values, only paths and fixed notes,
/// so a report can be logged for health data.
public struct ReleaseConversionReport: Hashable, Sendable, CustomStringConvertible {
  /// What happened to an element.
  public enum Action: String, Hashable, Sendable, CaseIterable, Comparable {
    /// The element has no home in the target release and could not be carried: it is lost.
    case dropped
    /// The target release requires an element the source lacks; a documented default was set.
    case defaulted
    /// The element has no home in the target release and travels as a cross-version
    /// extension (`http://hl7.org/fhir/1.0/StructureDefinition/extension-<Path>` into R4,
    /// `http://hl7.org/fhir/4.0/StructureDefinition/extension-<Path>` into DSTU2); the
    /// reverse conversion puts it back.
    case carriedAsExtension
    /// The element equals the value the reverse conversion sets by default, so it is left
    /// out of the target and comes back unchanged.
    case implied
    /// Array elements that come back in a different order (DSTU2 `Observation.related`
    /// split into `hasMember`, `derivedFrom` and extensions).
    case reordered
    /// A resource of a type the converter does not model, passed through unchanged.
    case passedThrough
    /// An element the source model does not know (its `unknown` bag), carried along as is.
    case unknown

    public static func < (lhs: Action, rhs: Action) -> Bool {
      allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
  }

  /// One thing that happened to one element.
  public struct Entry: Hashable, Sendable, CustomStringConvertible {
    public var action: Action
    /// The JSON path, `$` for the resource itself.
    public var path: String
    /// Why, in a fixed phrase without data values.
    public var note: String

    public init(_ action: Action, path: String, note: String) {
      self.action = action
      self.path = path
      self.note = note
    }

    public var description: String { "\(action.rawValue) \(path): \(note)" }
  }

  /// Everything recorded, in the order it happened.
  public private(set) var entries: [Entry] = []

  public init(entries: [Entry] = []) {
    self.entries = entries
  }

  /// Records one entry.
  public mutating func record(_ action: Action, path: String, note: String) {
    entries.append(Entry(action, path: path.isEmpty ? "$" : path, note: note))
  }

  /// Appends another report's entries, their paths put under `prefix`.
  public mutating func append(_ other: ReleaseConversionReport, under prefix: String) {
    for entry in other.entries {
      let path = entry.path == "$" ? prefix : ReleaseConversionReport.join(prefix, entry.path)
      entries.append(Entry(entry.action, path: path.isEmpty ? "$" : path, note: entry.note))
    }
  }

  /// The paths recorded for one action, in order.
  public func paths(_ action: Action) -> [String] {
    entries.filter { $0.action == action }.map(\.path)
  }

  /// How many entries each action has.
  public var counts: [Action: Int] {
    entries.reduce(into: [:]) { $0[$1.action, default: 0] += 1 }
  }

  /// How many entries each action has per element, array indices removed
  /// (`dosageInstruction.timing.repeat.periodUnits`), for summaries over many resources.
  public var countsByElement: [String: Int] {
    entries.reduce(into: [:]) { counts, entry in
      counts["\(entry.action.rawValue) \(ReleaseConversionReport.element(of: entry.path))", default: 0] += 1
    }
  }

  /// Whether nothing at all was recorded.
  public var isEmpty: Bool { entries.isEmpty }

  public var description: String {
    entries.map(\.description).joined(separator: "\n")
  }

  /// `path` without array indices.
  public static func element(of path: String) -> String {
    var result = ""
    var skipping = false
    for character in path {
      if character == "[" { skipping = true } else if character == "]" { skipping = false } else if !skipping {
        result.append(character)
      }
    }
    return result
  }

  /// Joins a path and a key or an `[index]` step.
  static func join(_ path: String, _ step: String) -> String {
    if path.isEmpty || path == "$" { return step }
    return step.hasPrefix("[") ? path + step : path + "." + step
  }
}

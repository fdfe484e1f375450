/// The report paths of a timing's elements at one FHIR path (`MedicationRequest.dosageInstruction.timing`
/// → `….repeat.period`, …). A coder builds them once (``init(cached:unitNameSuffix:)``),
/// so that recording one while decoding builds no string; for any other path they are joined
/// when asked.
struct TimingPaths: Sendable {
  /// An element of a timing, by its path below the timing.
  enum Key: Int, CaseIterable {
    case codeText, event, bounds, boundsPeriodStart, boundsPeriodEnd, boundsDuration, boundsRangeHigh, boundsRangeLow
    case period, periodUnit, periodMax, frequency, frequencyMax, duration, durationUnit, durationMax
    case timeOfDay, when, offset, dayOfWeek, count, countMax, codeCoding, timeZone, repeatExtension

    /// The path below the timing in the release whose units end in `unitNameSuffix`
    /// (``TimingPattern/unitNameSuffix``): DSTU2 (`"s"`) names its elements `periodUnits`,
    /// `durationUnits`, and `boundsQuantity` for a bounding Duration (a profiled Quantity takes
    /// its base type's name there).
    func suffix(unitNameSuffix: String) -> String {
      switch self {
      case .periodUnit, .durationUnit: suffix + unitNameSuffix
      case .boundsDuration where !unitNameSuffix.isEmpty: ".repeat.boundsQuantity"
      default: suffix
      }
    }

    /// The path below the timing, as R4 names it.
    var suffix: String {
      switch self {
      case .codeText: ".code.text"
      case .event: ".event"
      case .bounds: ".repeat.bounds"
      case .boundsPeriodStart: ".repeat.boundsPeriod.start"
      case .boundsPeriodEnd: ".repeat.boundsPeriod.end"
      case .boundsDuration: ".repeat.boundsDuration"
      case .boundsRangeHigh: ".repeat.boundsRange.high"
      case .boundsRangeLow: ".repeat.boundsRange.low"
      case .period: ".repeat.period"
      case .periodUnit: ".repeat.periodUnit"
      case .periodMax: ".repeat.periodMax"
      case .frequency: ".repeat.frequency"
      case .frequencyMax: ".repeat.frequencyMax"
      case .duration: ".repeat.duration"
      case .durationUnit: ".repeat.durationUnit"
      case .durationMax: ".repeat.durationMax"
      case .timeOfDay: ".repeat.timeOfDay"
      case .when: ".repeat.when"
      case .offset: ".repeat.offset"
      case .dayOfWeek: ".repeat.dayOfWeek"
      case .count: ".repeat.count"
      case .countMax: ".repeat.countMax"
      case .codeCoding: ".code.coding"
      case .timeZone: ".extension"
      case .repeatExtension: ".repeat.extension"
      }
    }
  }

  /// The timing's own path.
  let base: String
  /// ``base`` as a report path.
  let basePath: ReportPath
  /// What `periodUnit` and `durationUnit` paths end with (`"s"` for DSTU2).
  let unitNameSuffix: String
  /// Every key's path, by `rawValue`; empty when they are joined on demand.
  private let table: [ReportPath]

  /// Paths joined when asked (a caller's own path, used once).
  init(_ base: String, unitNameSuffix: String = "") {
    self.base = base
    basePath = ReportPath(base)
    self.unitNameSuffix = unitNameSuffix
    table = []
  }

  /// Every path built now, for a coder to keep.
  init(cached base: String, unitNameSuffix: String = "") {
    self.base = base
    basePath = ReportPath(base)
    self.unitNameSuffix = unitNameSuffix
    table = Key.allCases.map { ReportPath(Self.join(base, $0, unitNameSuffix)) }
  }

  /// The path of `key`.
  subscript(key: Key) -> ReportPath {
    table.isEmpty ? ReportPath(Self.join(base, key, unitNameSuffix)) : table[key.rawValue]
  }

  /// The path of `key` below `base`. DSTU2 (whose units end in `s`) names its elements as it
  /// names them: `periodUnits`, `durationUnits`, and `boundsQuantity` for a bounding Duration
  /// (a profiled Quantity takes its base type's name there).
  private static func join(_ base: String, _ key: Key, _ unitNameSuffix: String) -> String {
    base + key.suffix(unitNameSuffix: unitNameSuffix)
  }
}

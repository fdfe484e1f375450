public import Foundation

/// FHIR time units (`s | min | h | d | wk | mo | a`) and calendar intervals.
public enum TimingUnit {
  /// Seconds per fixed-length unit (`mo` and `a` have none).
  public static let seconds: [String: Double] = ["s": 1, "min": 60, "h": 3600, "d": 86_400, "wk": 604_800]

  static let code: [Calendar.Component: String] = [
    .second: "s", .minute: "min", .hour: "h", .day: "d", .weekOfYear: "wk", .month: "mo", .year: "a",
  ]

  /// The longest period accepted, in its unit; a longer one (`1e300 d`) is not representable.
  public static let maxPeriod = 1_000_000.0
  /// The most elements one period is split into (`frequency`); more are not representable.
  public static let maxFrequency = 1_440

  /// A period of `value` `unit` as calendar components, exact when the fraction is a whole number
  /// of a smaller unit (`0.5 d` is 12 hours); otherwise rounded to whole seconds (or, for months,
  /// to days of 30) with `exact` false. `nil` when `value` is not positive, not finite, over
  /// ``maxPeriod`` or `unit` is unknown.
  public static func interval(_ value: Double, unit: String) -> (DateComponents, exact: Bool)? {
    step(value, unit: unit).map { ($0.step.components, $0.exact) }
  }

  /// ``interval(_:unit:)`` as a ``Step`` (one unit, never several).
  static func step(_ value: Double, unit: String) -> (step: Step, exact: Bool)? {
    guard value > 0, value <= maxPeriod, value.isFinite, var current = component(unit) else { return nil }
    var amount = value
    while abs(amount - amount.rounded()) > 1e-9 {
      guard let (next, factor) = smaller(current) else {
        if current == .month {
          let days = max(1, Int((amount * 30).rounded()))
          return (Step(.day, days), false)
        }
        return (Step(current, max(1, Int(amount.rounded()))), false)
      }
      amount *= factor
      current = next
    }
    return (Step(current, Int(amount.rounded())), true)
  }

  /// The calendar unit of a unit code (a switch: no hashing).
  static func component(_ unit: String) -> Calendar.Component? {
    switch unit {
    case "s": .second
    case "min": .minute
    case "h": .hour
    case "d": .day
    case "wk": .weekOfYear
    case "mo": .month
    case "a": .year
    default: nil
    }
  }

  /// Each unit's next smaller one with its factor, for fractional periods.
  static func smaller(_ unit: Calendar.Component) -> (Calendar.Component, Double)? {
    switch unit {
    case .year: (.month, 12)
    case .weekOfYear: (.day, 7)
    case .day: (.hour, 24)
    case .hour: (.minute, 60)
    case .minute: (.second, 60)
    default: nil
    }
  }

  /// Seconds per fixed-length unit code: ``seconds`` as a switch (no hashing).
  static func secondsPerUnit(_ unit: String) -> Double? {
    switch unit {
    case "s": 1
    case "min": 60
    case "h": 3600
    case "d": 86_400
    case "wk": 604_800
    default: nil
    }
  }

  /// A whole number of one calendar unit: a timing's period as a schedule interval.
  struct Step: Equatable {
    var unit: Calendar.Component
    var value: Int

    init(_ unit: Calendar.Component, _ value: Int) {
      self.unit = unit
      self.value = value
    }

    /// The interval, as ``TimingUnit/interval(_:unit:)`` gives it.
    var components: DateComponents { TimingUnit.components(value, unit) }

    /// The length in seconds (0 for a zero step), or `nil` for months and years
    /// (``TimingUnit/fixedSeconds(_:)`` of ``components``).
    var fixedSeconds: Double? {
      guard value != 0 else { return 0 }
      switch unit {
      case .second: return Double(value)
      case .minute: return Double(value) * 60
      case .hour: return Double(value) * 3600
      case .day: return Double(value) * 86_400
      case .weekOfYear: return Double(value) * 604_800
      default: return nil
      }
    }
  }

  /// The single unit and amount of an interval, or `nil` when it has several or none.
  public static func single(_ interval: DateComponents) -> (value: Int, unit: String)? {
    var found: (Int, String)?
    for (unit, code) in code {
      guard let value = interval.value(for: unit), value != 0, value != NSDateComponentUndefined else { continue }
      if found != nil { return nil }
      found = (value, code)
    }
    return found
  }

  /// The fixed length of an interval in seconds, or `nil` if it has months or years.
  public static func fixedSeconds(_ interval: DateComponents) -> Double? {
    var total = 0.0
    for (unit, code) in code {
      guard let value = interval.value(for: unit), value != 0, value != NSDateComponentUndefined else { continue }
      guard let seconds = seconds[code] else { return nil }
      total += Double(value) * seconds
    }
    return total
  }

  static func components(_ value: Int, _ unit: Calendar.Component) -> DateComponents {
    var c = DateComponents()
    c.setValue(value, for: unit)
    return c
  }
}

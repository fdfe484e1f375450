public import Foundation

/// FHIR time units (`s | min | h | d | wk | mo | a`) and calendar intervals.
public enum TimingUnit {
  /// Seconds per fixed-length unit (`mo` and `a` have none).
  public static let seconds: [String: Double] = ["s": 1, "min": 60, "h": 3600, "d": 86_400, "wk": 604_800]

  static let component: [String: Calendar.Component] = [
    "s": .second, "min": .minute, "h": .hour, "d": .day, "wk": .weekOfYear, "mo": .month, "a": .year,
  ]
  static let code: [Calendar.Component: String] = [
    .second: "s", .minute: "min", .hour: "h", .day: "d", .weekOfYear: "wk", .month: "mo", .year: "a",
  ]
  /// Each unit and the next smaller one with its factor, for fractional periods.
  static let smaller: [String: (String, Double)] = [
    "a": ("mo", 12), "wk": ("d", 7), "d": ("h", 24), "h": ("min", 60), "min": ("s", 60),
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
    guard value > 0, value <= maxPeriod, value.isFinite, var current = component[unit] else { return nil }
    var amount = value
    var unitCode = unit
    while abs(amount - amount.rounded()) > 1e-9 {
      guard let (next, factor) = smaller[unitCode] else {
        if unitCode == "mo" {
          let days = max(1, Int((amount * 30).rounded()))
          return (components(days, .day), false)
        }
        return (components(max(1, Int(amount.rounded())), current), false)
      }
      amount *= factor
      unitCode = next
      current = component[next]!
    }
    return (components(Int(amount.rounded()), current), true)
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

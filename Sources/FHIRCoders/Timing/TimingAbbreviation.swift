/// The HL7 timing abbreviations (`Timing.code`, value set `timing-abbreviation`, GTS
/// abbreviations of v3) as the `repeat` they stand for. A code fills in only what the timing's
/// own `repeat` leaves out: a `repeat` with a period, frequency or event times wins.
public enum TimingAbbreviation {
  /// What an abbreviation says: `frequency` per `period` `periodUnit`, or a `when` event.
  public struct Meaning: Hashable, Sendable {
    /// Occurrences per period.
    public var frequency: Int
    /// The period's length, in `periodUnit`.
    public var period: Double
    /// `h`, `d`, `wk` or `mo`.
    public var periodUnit: String
    /// The event code (`MORN`, `AFT`, `HS`) for an abbreviation tied to one.
    public var when: String?
    /// The abbreviation in words (`Twice a day`, `Every 4 hours`).
    public var text: String
  }

  /// The meaning of `code` (case and surrounding spaces ignored), or `nil` for a code that is
  /// not a timing abbreviation. Besides the value set's codes (`BID TID QID AM PM QD QOD Q1H
  /// Q2H Q3H Q4H Q6H Q8H BED WK MO`) any `Q<n>H` and `Q<n>D` is read.
  public static func meaning(_ code: String) -> Meaning? {
    let upper = code.trimmingWhitespace().uppercased()
    switch upper {
    case "QD": return Meaning(frequency: 1, period: 1, periodUnit: "d", text: "Once a day")
    case "BID": return Meaning(frequency: 2, period: 1, periodUnit: "d", text: "Twice a day")
    case "TID": return Meaning(frequency: 3, period: 1, periodUnit: "d", text: "Three times a day")
    case "QID": return Meaning(frequency: 4, period: 1, periodUnit: "d", text: "Four times a day")
    case "QOD": return Meaning(frequency: 1, period: 2, periodUnit: "d", text: "Every other day")
    case "AM": return Meaning(frequency: 1, period: 1, periodUnit: "d", when: "MORN", text: "Every morning")
    case "PM": return Meaning(frequency: 1, period: 1, periodUnit: "d", when: "AFT", text: "Every afternoon")
    case "BED", "HS": return Meaning(frequency: 1, period: 1, periodUnit: "d", when: "HS", text: "At bedtime")
    case "WK": return Meaning(frequency: 1, period: 1, periodUnit: "wk", text: "Once a week")
    case "MO": return Meaning(frequency: 1, period: 1, periodUnit: "mo", text: "Once a month")
    default: break
    }
    // Q<n>H, Q<n>D.
    guard upper.count >= 3, upper.first == "Q", let last = upper.last, last == "H" || last == "D",
      let n = Int(upper.dropFirst().dropLast()), n > 0, n <= 1000
    else { return nil }
    let unit = last == "H" ? "hour" : "day"
    return Meaning(
      frequency: 1, period: Double(n), periodUnit: last == "H" ? "h" : "d",
      text: n == 1 ? "Every " + unit : "Every \(n) " + unit + "s")
  }

  /// The abbreviation a timing's code gives: the first coding whose code is one, else the text
  /// when it is one (`"BID"`).
  static func meaning(of timing: TimingPattern) -> (Meaning, fromCoding: Bool)? {
    for code in timing.codeCodes {
      if let found = meaning(code) { return (found, true) }
    }
    if let text = timing.codeText, let found = meaning(text) { return (found, false) }
    return nil
  }

  /// Fills `timing`'s repeat from its code where the repeat says nothing of how often; the
  /// code's elements are reported mapped, a coding that is no abbreviation unrepresentable.
  static func apply(to timing: inout TimingPattern, paths: TimingPaths, report: inout ConversionReport) {
    guard let (meaning, fromCoding) = meaning(of: timing) else {
      if !timing.codeCodes.isEmpty { report.unrepresentable(paths[.codeCoding]) }
      return
    }
    if fromCoding { report.mapped(paths[.codeCoding]) }
    let saysHowOften = timing.period != nil || timing.frequency != nil || !timing.when.isEmpty
      || !timing.timeOfDay.isEmpty || !timing.dayOfWeek.isEmpty
    guard !saysHowOften else { return }
    // A repeat with only bounds or a count, or none: the code gives the pattern.
    guard timing.events.isEmpty || timing.hasRepeat else { return }
    timing.hasRepeat = true
    timing.frequency = meaning.frequency
    timing.period = meaning.period
    timing.periodUnit = meaning.periodUnit
    if let when = meaning.when { timing.when = [when] }
    timing.fromAbbreviation = true
    if timing.codeText == nil { timing.abbreviationText = meaning.text }
  }
}

extension String {
  /// The string without leading and trailing spaces, tabs and newlines.
  func trimmingWhitespace() -> Substring {
    var s = self[...]
    while let c = s.first, c == " " || c == "\t" || c == "\n" || c == "\r" { s = s.dropFirst() }
    while let c = s.last, c == " " || c == "\t" || c == "\n" || c == "\r" { s = s.dropLast() }
    return s
  }
}

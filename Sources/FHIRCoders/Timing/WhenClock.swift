/// The documented default clock time for each FHIR event-timing (`when`) code, in minutes after
/// midnight in the entity's time zone.
///
/// Codes relative to an event — `AC…` before a meal, `PC…` after it, `HS` before sleep, `PHS`
/// after it — default to half an hour from the event (meals at 08:00, 12:00 and 18:00; sleep at
/// 22:30). With an `offset` the time is the event moved by the offset (earlier for `AC…` and
/// `HS`), not the default moved again. Other codes are moved later by the offset, as FHIR says
/// of a code that does not tell before or after.
public enum WhenClock {
  /// Minutes after midnight per code, without offset.
  public static let minutes: [String: Int] = [
    "WAKE": 7 * 60, "MORN": 8 * 60, "MORN.early": 6 * 60, "MORN.late": 10 * 60, "NOON": 12 * 60,
    "AFT": 14 * 60, "AFT.early": 13 * 60, "AFT.late": 16 * 60, "EVE": 18 * 60, "EVE.early": 17 * 60,
    "EVE.late": 20 * 60, "NIGHT": 22 * 60, "HS": 22 * 60, "PHS": 23 * 60,
    "C": 8 * 60, "CM": 8 * 60, "CD": 12 * 60, "CV": 18 * 60,
    "AC": 7 * 60 + 30, "ACM": 7 * 60 + 30, "ACD": 11 * 60 + 30, "ACV": 17 * 60 + 30,
    "PC": 8 * 60 + 30, "PCM": 8 * 60 + 30, "PCD": 12 * 60 + 30, "PCV": 18 * 60 + 30,
  ]

  /// The meals a generic meal code stands for: `C` (with a meal), `AC` (before), `PC` (after),
  /// as breakfast, lunch and dinner.
  private static let meals: [String: [String]] = [
    "C": ["CM", "CD", "CV"], "AC": ["ACM", "ACD", "ACV"], "PC": ["PCM", "PCD", "PCV"],
  ]

  /// `codes` with each generic meal code (`C`, `AC`, `PC`) read as the meals a timing of
  /// `perDay` occurrences a day leaves to it once its `others` other clock times (`timeOfDay`)
  /// and other codes are counted: two, breakfast and dinner; three, all three (`frequency 3`
  /// a day, `when AC`: before breakfast, lunch and dinner, not once a day). Unchanged when the
  /// count a day is not known, or leaves each generic code one meal (breakfast, its default
  /// time) or a number no meals hold (reported by the caller as a frequency the times do not
  /// match).
  static func expandingMeals(_ codes: [String], perDay: Int?, others: Int) -> [String] {
    guard let perDay else { return codes }
    let generic = codes.count { meals[$0] != nil }
    guard generic > 0 else { return codes }
    let left = perDay - others - (codes.count - generic)
    guard left > 0, left % generic == 0, (2...3).contains(left / generic) else { return codes }
    return codes.flatMap { code -> [String] in
      guard let specific = meals[code] else { return [code] }
      return left / generic == 3 ? specific : [specific[0], specific[2]]
    }
  }

  /// The event a relative code is measured from (minutes after midnight), and whether the
  /// code is before it.
  static func event(of code: String) -> (minutes: Int, before: Bool)? {
    switch code {
    case "AC", "ACM": (8 * 60, true)
    case "ACD": (12 * 60, true)
    case "ACV": (18 * 60, true)
    case "PC", "PCM": (8 * 60, false)
    case "PCD": (12 * 60, false)
    case "PCV": (18 * 60, false)
    case "HS": (22 * 60 + 30, true)
    case "PHS": (22 * 60 + 30, false)
    default: nil
    }
  }

  /// The clock time of `code` with `offset` minutes, or `nil` for an unknown code; `wrapped`
  /// when the offset moved it past midnight (the time is then taken on the same day).
  public static func minutes(for code: String, offset: Int?) -> Int? {
    clock(for: code, offset: offset)?.minutes
  }

  static func clock(for code: String, offset: Int?) -> (minutes: Int, wrapped: Bool)? {
    guard let base = minutes[code] else { return nil }
    guard let offset else { return (base, false) }
    let shifted: Int
    if let (event, before) = event(of: code) {
      shifted = before ? event - offset : event + offset
    } else {
      shifted = base + offset
    }
    let wrapped = ((shifted % 1440) + 1440) % 1440
    return (wrapped, wrapped != shifted)
  }
}

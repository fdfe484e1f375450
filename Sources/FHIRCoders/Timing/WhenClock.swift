/// The documented default clock time for each FHIR event-timing (`when`) code, in minutes after
/// midnight in the entity's time zone. `AC…` (before a meal) and `PC…` (after) are half an hour
/// before or after the meal; `offset` moves before-codes earlier and other codes later.
public enum WhenClock {
  /// Minutes after midnight per code.
  public static let minutes: [String: Int] = [
    "WAKE": 7 * 60, "MORN": 8 * 60, "MORN.early": 6 * 60, "MORN.late": 10 * 60, "NOON": 12 * 60,
    "AFT": 14 * 60, "AFT.early": 13 * 60, "AFT.late": 16 * 60, "EVE": 18 * 60, "EVE.early": 17 * 60,
    "EVE.late": 20 * 60, "NIGHT": 22 * 60, "PHS": 21 * 60, "HS": 22 * 60,
    "C": 8 * 60, "CM": 8 * 60, "CD": 12 * 60, "CV": 18 * 60,
    "AC": 7 * 60 + 30, "ACM": 7 * 60 + 30, "ACD": 11 * 60 + 30, "ACV": 17 * 60 + 30,
    "PC": 8 * 60 + 30, "PCM": 8 * 60 + 30, "PCD": 12 * 60 + 30, "PCV": 18 * 60 + 30,
  ]

  /// The clock time of `code` moved by `offset` minutes, or `nil` for an unknown code.
  public static func minutes(for code: String, offset: Int?) -> Int? {
    guard let base = minutes[code] else { return nil }
    guard let offset else { return base }
    let shifted = code.hasPrefix("AC") ? base - offset : base + offset
    return ((shifted % 1440) + 1440) % 1440
  }
}

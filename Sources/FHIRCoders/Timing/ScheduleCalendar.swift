import FHIRCore
import Foundation

/// The calendar arithmetic schedule decoding needs (start of day, weekday, adding a single
/// unit), Gregorian in one time zone. In a zone at a fixed offset from UTC (`Z`, `-04:00`: the
/// zones FHIR dates carry, which ``FHIRDates`` turns into `GMT±hhmm` zones) it counts civil days
/// and months directly; otherwise — a zone with daylight saving rules, a date with a fraction of
/// a second or outside the years 1583…9999 — it asks Foundation's `Calendar`, made only then.
/// Both give the same dates (checked by `ScheduleCalendarTests` against `Calendar`); making a
/// `Calendar` for every timing was most of a medication order's schedule cost.
struct ScheduleCalendar {
  let zone: TimeZone
  /// Seconds east of UTC when `zone` has a fixed offset; worked out on first use (most timings
  /// need no calendar arithmetic at all, and reading the zone's identifier has a cost).
  private var knownOffset: Int?? = nil
  private var calendar: Calendar?

  init(_ zone: TimeZone) {
    self.zone = zone
  }

  /// Seconds east of UTC when `zone` has a fixed offset.
  private mutating func fixedOffset() -> Int? {
    if let knownOffset { return knownOffset }
    let offset = Self.isFixedOffset(zone) ? zone.secondsFromGMT(for: Date(timeIntervalSince1970: 0)) : nil
    knownOffset = .some(offset)
    return offset
  }

  /// Whether `zone` is `GMT`, `UTC` or `GMT±hhmm`: a zone whose offset never changes.
  static func isFixedOffset(_ zone: TimeZone) -> Bool {
    let id = zone.identifier.utf8
    if id.elementsEqual("GMT".utf8) || id.elementsEqual("UTC".utf8) { return true }
    guard id.count == 8, id.starts(with: "GMT".utf8) else { return false }
    var index = id.index(id.startIndex, offsetBy: 3)
    guard id[index] == UInt8(ascii: "+") || id[index] == UInt8(ascii: "-") else { return false }
    for _ in 0..<4 {
      index = id.index(after: index)
      guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(id[index]) else { return false }
    }
    return true
  }

  /// Foundation's Gregorian calendar in `zone`, made on first use.
  private mutating func foundation() -> Calendar {
    if let calendar { return calendar }
    var made = Calendar(identifier: .gregorian)
    made.timeZone = zone
    calendar = made
    return made
  }

  /// The local civil time of `date` when the fast path applies: whole seconds, 1583…9999.
  private mutating func local(_ date: Date) -> (days: Int, seconds: Int)? {
    guard let fixedOffset = fixedOffset() else { return nil }
    let t = date.timeIntervalSince1970
    guard t >= Self.earliest, t <= Self.latest, t == t.rounded(.down) else { return nil }
    let local = Int(t) + fixedOffset
    let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
    return (days, local - days * 86_400)
  }

  /// 1583-01-02 and 9999-12-30 (UTC): a day inside the fast path's years whatever the offset.
  private static let earliest = -12_212_467_200.0
  private static let latest = 253_402_128_000.0

  /// The date of a local civil time (after ``local(_:)`` found the zone's fixed offset).
  private func date(days: Int, seconds: Int) -> Date {
    Date(timeIntervalSince1970: TimeInterval(days * 86_400 + seconds - knownOffset!!))
  }

  /// Local midnight of the day of `date`.
  mutating func startOfDay(_ date: Date) -> Date {
    if let (days, _) = local(date) { return self.date(days: days, seconds: 0) }
    return foundation().startOfDay(for: date)
  }

  /// The instant at `secondsOfDay` after midnight, by the clock, on the local day of `date` (in a
  /// zone with daylight saving, 08:00 is 08:00 whatever the day's length).
  mutating func clock(_ secondsOfDay: Int, onDayOf date: Date) -> Date {
    if let (days, _) = local(date) { return self.date(days: days, seconds: secondsOfDay) }
    let calendar = foundation()
    var parts = calendar.dateComponents([.year, .month, .day], from: date)
    parts.hour = secondsOfDay / 3_600
    parts.minute = secondsOfDay % 3_600 / 60
    parts.second = secondsOfDay % 60
    return calendar.date(from: parts) ?? calendar.startOfDay(for: date).addingTimeInterval(Double(secondsOfDay))
  }

  /// `instant` if it is at or after `earliest`; else, when the clock goes back over its clock
  /// time that day (daylight saving ends), the second instant of that clock time if that is at
  /// or after `earliest`; else `nil`.
  mutating func sameClock(as instant: Date, notBefore earliest: Date) -> Date? {
    if instant >= earliest { return instant }
    let shift = zone.daylightSavingTimeOffset(for: instant)
    guard shift > 0 else { return nil }
    let second = instant.addingTimeInterval(shift)
    guard second >= earliest, secondsOfDay(second) == secondsOfDay(instant), day(of: second) == day(of: instant) else {
      return nil
    }
    return second
  }

  /// Seconds after local midnight of `date` by the clock (what `timeOfDay` would say).
  mutating func secondsOfDay(_ date: Date) -> Int {
    if let (_, seconds) = local(date) { return seconds }
    let parts = foundation().dateComponents([.hour, .minute, .second], from: date)
    return (parts.hour ?? 0) * 3_600 + (parts.minute ?? 0) * 60 + (parts.second ?? 0)
  }

  /// The local date of `date` (year, month, day).
  mutating func day(of date: Date) -> (year: Int, month: Int, day: Int) {
    if let (days, _) = local(date) { return GregorianDays.date(ofDay: days) }
    let parts = foundation().dateComponents([.year, .month, .day], from: date)
    return (parts.year ?? 1970, parts.month ?? 1, parts.day ?? 1)
  }

  /// The weekday of `date`, 1 (Sunday) … 7 (Saturday).
  mutating func weekday(_ date: Date) -> Int {
    // 1970-01-01 was a Thursday (5).
    if let (days, _) = local(date) { return ((days + 4) % 7 + 7) % 7 + 1 }
    return foundation().component(.weekday, from: date)
  }

  /// The first date from `date` on (itself included) that falls on `weekday`, a day at a time
  /// as Foundation counts them (the same clock time, or what daylight saving makes of it).
  mutating func next(weekday: Int, from date: Date) -> Date {
    if local(date) != nil {
      let ahead = ((weekday - self.weekday(date)) % 7 + 7) % 7
      if let moved = adding(ahead, .day, to: date) { return moved }
    }
    var day = date
    while foundation().component(.weekday, from: day) != weekday {
      day = foundation().date(byAdding: .day, value: 1, to: day) ?? day.addingTimeInterval(86_400)
    }
    return day
  }

  /// `date` plus `value` `unit`s (`nil` when Foundation cannot add them).
  mutating func adding(_ value: Int, _ unit: Calendar.Component, to date: Date) -> Date? {
    if let (days, seconds) = local(date), let added = Self.add(value, unit, days: days, seconds: seconds) {
      return self.date(days: added.days, seconds: added.seconds)
    }
    return foundation().date(byAdding: unit, value: value, to: date)
  }

  /// Civil addition, `nil` when the result leaves the fast path's range (or `unit` is not one
  /// of an interval's).
  private static func add(_ value: Int, _ unit: Calendar.Component, days: Int, seconds: Int) -> (
    days: Int, seconds: Int
  )? {
    // About 8,400 years either way keeps every product below in range.
    guard abs(value) <= 3_000_000 * 1_000 else { return nil }
    var result: (days: Int, seconds: Int)
    switch unit {
    case .second, .minute, .hour:
      let factor = unit == .second ? 1 : unit == .minute ? 60 : 3_600
      let (product, overflow) = value.multipliedReportingOverflow(by: factor)
      guard !overflow else { return nil }
      let total = seconds + product
      let carry = total >= 0 ? total / 86_400 : (total - 86_399) / 86_400
      result = (days + carry, total - carry * 86_400)
    case .day: result = (days + value, seconds)
    case .weekOfYear: result = (days + 7 * value, seconds)
    case .month, .year:
      let months = unit == .month ? value : 12 * value
      let (y, m, d) = GregorianDays.date(ofDay: days)
      // A day past the 28th may not exist in the month reached; Foundation's clamping of it
      // has its own rules (2024-03-31 minus 25 months is 2022-03-01), so it decides those.
      guard d <= 28 else { return nil }
      let total = y * 12 + (m - 1) + months
      let year = total >= 0 ? total / 12 : (total - 11) / 12
      let month = total - year * 12 + 1
      guard (1583...9999).contains(year) else { return nil }
      result = (GregorianDays.days(year: year, month: month, day: d), seconds)
    default: return nil
    }
    guard (-141_349...2_932_896).contains(result.days) else { return nil }  // 1583-01-01 … 9999-12-31
    return result
  }
}

public import CareModel
public import Foundation
import FHIRCore

/// Schedule elements → timings, each decoding back (``ScheduleDecoding``) to elements with the
/// same occurrences: one timing for each run of elements that one FHIR Timing holds exactly —
/// clock times from one start (`timeOfDay`, or `when` codes), weekdays (`dayOfWeek`), all-day
/// elements on the same days or elements spaced evenly over an interval shorter than a day
/// (`frequency` *n*), events, with a shared end or a `count` over all of them — checked by
/// decoding the timing; one timing per element otherwise.
public enum ScheduleEncoding {
  /// A timing and the targets of the elements it stands for.
  public struct Written: Hashable, Sendable {
    public var timing: TimingPattern
    public var targetValues: [OutcomeValue]
  }

  /// The timings for `elements`.
  /// - Parameters:
  ///   - elements: The schedule's elements.
  ///   - path: The FHIR path written to, for the report.
  ///   - zone: The zone dates are written in; a zone with rules (`America/New_York`) is also
  ///     written as the Timing's `timezone` extension.
  ///   - capacity: What the release's Timing holds (DSTU2: one `when`, no `offset`).
  ///   - report: Receives what could not be represented.
  public static func timings(
    _ elements: [ScheduleElement], path: String, zone: TimeZone, capacity: Capacity = .r4,
    report: inout ConversionReport
  ) -> [Written] {
    var calendar = ScheduleCalendar(zone)
    var written: [Written] = []
    var index = 0
    while index < elements.count {
      if let (timing, count) = group(elements, from: index, zone: zone, capacity: capacity, calendar: &calendar) {
        written.append(Written(timing: timing, targetValues: elements[index].targetValues))
        index += count
      } else {
        let timing = pattern(elements[index], calendar: &calendar, path: path, report: &report)
        written.append(Written(timing: timing, targetValues: elements[index].targetValues))
        index += 1
      }
    }
    return written
  }

  /// One timing for all of `elements` — for a target that holds one (a CarePlan activity) — or
  /// `nil` when none gives their occurrences back.
  ///
  /// Elements that one Timing holds exactly give that timing. When they differ only in their
  /// texts (clock times named by event codes DSTU2 cannot list), the timing keeps their times
  /// without the texts, reported `unrepresentable` at `code.text`.
  /// - Parameters: As ``timings(_:path:zone:capacity:report:)``.
  public static func timing(
    _ elements: [ScheduleElement], path: String, zone: TimeZone, capacity: Capacity = .r4,
    report: inout ConversionReport
  ) -> Written? {
    guard let first = elements.first else { return nil }
    var calendar = ScheduleCalendar(zone)
    if elements.count == 1 {
      return Written(timing: pattern(first, calendar: &calendar, path: path, report: &report), targetValues: first.targetValues)
    }
    if let timing = oneTiming(elements[...], zone: zone, capacity: capacity, keepsTexts: true, calendar: &calendar) {
      return Written(timing: timing, targetValues: first.targetValues)
    }
    if let timing = oneTiming(elements[...], zone: zone, capacity: capacity, keepsTexts: false, calendar: &calendar) {
      report.unrepresentable(path + ".code.text")
      return Written(timing: timing, targetValues: first.targetValues)
    }
    return nil
  }

  /// Whether one timing holds `elements` exactly, texts included (what
  /// ``timing(_:path:zone:capacity:report:)`` writes without reporting anything lost).
  public static func isOneTiming(_ elements: [ScheduleElement], zone: TimeZone, capacity: Capacity = .r4) -> Bool {
    guard elements.count > 1 else { return true }
    var calendar = ScheduleCalendar(zone)
    return oneTiming(elements[...], zone: zone, capacity: capacity, keepsTexts: true, calendar: &calendar) != nil
  }

  /// `dayOfWeek` codes, Sunday first.
  static let dayCodes = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]

  /// Whether `element` has exactly one occurrence, a day after which it ends: an `event`.
  static func isEvent(_ element: ScheduleElement, calendar: inout ScheduleCalendar) -> Bool {
    guard element.interval == DateComponents(day: 1), let end = element.end else { return false }
    // An all-day event is written as a date: its start must be that date's midnight.
    if element.duration == .allDay && calendar.startOfDay(element.start) != element.start { return false }
    return calendar.adding(1, .day, to: element.start) == end
  }

  /// Whether an interval counts in seconds, minutes or hours.
  static func hasSubDayUnit(_ interval: DateComponents) -> Bool {
    [interval.hour, interval.minute, interval.second].contains { ($0 ?? 0) != 0 && $0 != NSDateComponentUndefined }
  }

  /// The timing of one element.
  static func pattern(
    _ element: ScheduleElement, calendar: inout ScheduleCalendar, path: String, report: inout ConversionReport
  ) -> TimingPattern {
    var timing = TimingPattern()
    timing.codeText = element.text
    if !ScheduleCalendar.isFixedOffset(calendar.zone) { timing.timeZone = calendar.zone.identifier }
    let allDay = element.duration == .allDay
    var seconds = 0.0
    if case .seconds(let value) = element.duration { seconds = value }
    if seconds != 0 {
      timing.duration = seconds
      timing.durationUnit = "s"
    }
    if isEvent(element, calendar: &calendar) {
      timing.events = [allDay ? dateOnly(element.start, calendar: &calendar) : FHIRDates.dateTime(element.start, zone: calendar.zone)]
      timing.hasRepeat = timing.duration != nil
      return timing
    }
    timing.hasRepeat = true
    timing.bounds = .period(
      start: FHIRDates.dateTime(element.start, zone: calendar.zone),
      end: element.end.map { inclusiveEnd($0, calendar: &calendar) })
    timing.frequency = 1
    if let single = TimingUnit.single(element.interval), single.value > 0 {
      timing.period = Double(single.value)
      timing.periodUnit = single.unit
    } else if let seconds = TimingUnit.fixedSeconds(element.interval), seconds > 0 {
      timing.period = seconds
      timing.periodUnit = "s"
      report.unrepresentable(path + ".repeat.period")
    } else {
      timing.period = 1
      timing.periodUnit = "d"
      report.unrepresentable(path + ".repeat.period")
    }
    let subDay = hasSubDayUnit(element.interval)
    if !allDay && !subDay {
      // A clock time: the start's, every day (week, month) of the interval.
      timing.timeOfDay = [clockText(calendar.secondsOfDay(element.start))]
      if element.start.timeIntervalSince1970 != element.start.timeIntervalSince1970.rounded(.down) {
        report.unrepresentable(path + ".repeat.timeOfDay")
      }
    } else if allDay && subDay {
      // All day every few hours: read back, the occurrences would keep their times.
      report.unrepresentable(path + ".repeat.duration")
    }
    return timing
  }

  /// A FHIR period end that includes what `end` (exclusive) leaves out: the day before a
  /// midnight as a date, else a second before.
  static func inclusiveEnd(_ end: Date, calendar: inout ScheduleCalendar) -> Primitive<FHIRDateTime> {
    let whole = end.timeIntervalSince1970 == end.timeIntervalSince1970.rounded(.down)
    if whole, calendar.secondsOfDay(end) == 0, let dayBefore = calendar.adding(-1, .day, to: end),
      calendar.adding(1, .day, to: calendar.startOfDay(dayBefore)) == end
    {
      return dateOnly(dayBefore, calendar: &calendar)
    }
    return FHIRDates.dateTime(end.addingTimeInterval(whole ? -1 : -0.001), zone: calendar.zone)
  }

  /// The local date of `date` as a FHIR date (`2024-03-14`).
  static func dateOnly(_ date: Date, calendar: inout ScheduleCalendar) -> Primitive<FHIRDateTime> {
    let (y, m, d) = calendar.day(of: date)
    return Primitive(FHIRDateTime(uncheckedString: FHIRDates.pad(y, 4) + "-" + FHIRDates.pad(m, 2) + "-" + FHIRDates.pad(d, 2)))
  }

  /// `hh:mm:ss`.
  static func clockText(_ seconds: Int) -> String {
    FHIRDates.pad(seconds / 3_600, 2) + ":" + FHIRDates.pad(seconds % 3_600 / 60, 2) + ":" + FHIRDates.pad(seconds % 60, 2)
  }
}

public import CareModel
public import Foundation
import FHIRCore

/// Schedule elements → timings, each decoding back (``ScheduleDecoding``) to elements with the
/// same occurrences: one timing per element, or one for a run of elements that differ only in
/// their start — all-day elements on the same days (`frequency` *n* a day), elements spaced
/// evenly over an interval shorter than a day (`frequency` *n*), or clock times on one day
/// (`timeOfDay`).
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
  ///   - report: Receives what could not be represented.
  public static func timings(
    _ elements: [ScheduleElement], path: String, zone: TimeZone, report: inout ConversionReport
  ) -> [Written] {
    var calendar = ScheduleCalendar(zone)
    var written: [Written] = []
    var index = 0
    while index < elements.count {
      let element = elements[index]
      var timing = pattern(element, calendar: &calendar, path: path, report: &report)
      var run = 1
      if !isEvent(element, calendar: &calendar) {
        func sameButStart(_ next: ScheduleElement) -> Bool {
          next.interval == element.interval && next.text == element.text && next.duration == element.duration
            && next.targetValues == element.targetValues && next.end == element.end
        }
        let subDay = hasSubDayUnit(element.interval)
        if element.duration == .allDay, element.interval == DateComponents(day: 1) {
          // n all-day occurrences on the same days.
          while index + run < elements.count, elements[index + run] == element { run += 1 }
          if run > 1 { timing.frequency = run }
        } else if element.duration != .allDay, subDay, let seconds = TimingUnit.fixedSeconds(element.interval), seconds > 0 {
          while index + run < elements.count, sameButStart(elements[index + run]) { run += 1 }
          // Keep the longest prefix whose starts are k × interval / n apart.
          while run > 1 {
            let step = seconds / Double(run)
            let even = (0..<run).allSatisfy { k in
              elements[index + k].start == element.start.addingTimeInterval(step * Double(k))
            }
            if even && step == step.rounded() { break }
            run -= 1
          }
          if run > 1 { timing.frequency = run }
        } else if element.interval == DateComponents(weekOfYear: 1) {
          // Other weekdays of the same week at the same clock time (or all day): `dayOfWeek`.
          run = weekdayRun(elements, from: index, calendar: &calendar, sameButStart: sameButStart)
          if run > 1 {
            timing.dayOfWeek = (0..<run).map { Self.dayCodes[calendar.weekday(elements[index + $0].start) - 1] }
          }
        }
        if run == 1, element.duration != .allDay, !subDay {
          // Clock times later on the same day.
          let day = calendar.day(of: element.start)
          while index + run < elements.count {
            let next = elements[index + run]
            guard sameButStart(next), next.start > elements[index + run - 1].start, calendar.day(of: next.start) == day,
              !isEvent(next, calendar: &calendar)
            else { break }
            timing.timeOfDay.append(clockText(calendar.secondsOfDay(next.start)))
            run += 1
          }
        }
      }
      written.append(Written(timing: timing, targetValues: element.targetValues))
      index += run
    }
    return written
  }

  /// `dayOfWeek` codes, Sunday first.
  static let dayCodes = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]

  /// How many elements from `index` on are the same weekly pattern on later days of the first
  /// one's week (each on another weekday, at the same clock time, all day or not): read back as
  /// `dayOfWeek` from the first start, each comes on its own day at that time.
  static func weekdayRun(
    _ elements: [ScheduleElement], from index: Int, calendar: inout ScheduleCalendar,
    sameButStart: (ScheduleElement) -> Bool
  ) -> Int {
    let first = elements[index]
    let clock = calendar.secondsOfDay(first.start)
    let firstDay = calendar.startOfDay(first.start)
    guard let weekLater = calendar.adding(7, .day, to: firstDay) else { return 1 }
    var weekdays: Set<Int> = [calendar.weekday(first.start)]
    var run = 1
    while index + run < elements.count {
      let next = elements[index + run]
      guard sameButStart(next), next.start > elements[index + run - 1].start, next.start < weekLater,
        calendar.secondsOfDay(next.start) == clock,
        weekdays.insert(calendar.weekday(next.start)).inserted
      else { break }
      run += 1
    }
    return run
  }

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

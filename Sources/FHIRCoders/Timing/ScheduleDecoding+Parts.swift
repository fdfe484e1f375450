import CareModel
import FHIRCore
import FHIRJSON
import Foundation

extension ScheduleDecoding {
  /// What `repeat.bounds[x]` says: the start, an end (exclusive), or a length from the start.
  struct Bounds {
    var start: Date
    var end: Date?
    var length: TimingPattern.Amount?
    var lengthPath: ReportPath
  }

  /// A pattern's first occurrence and text.
  struct Start {
    var start: Date
    var text: String?
  }

  /// The patterns of a timing, and whether they are all day (no clock time known; CareKit then
  /// counts each occurrence from midnight of its day).
  struct Shape {
    var starts: [Start]
    var allDay: Bool
  }

  /// The exclusive end of a FHIR period end, which includes all it names: a date-only end
  /// (`2024-03-14`) ends at the next midnight, a month at the next month, a time to the minute
  /// a minute later, to the second a second later.
  static func exclusiveEnd(_ point: FHIRDates.Point, calendar: inout ScheduleCalendar) -> Date {
    switch point.precision {
    case .year: calendar.adding(1, .year, to: point.date) ?? point.date
    case .month: calendar.adding(1, .month, to: point.date) ?? point.date
    case .day: calendar.adding(1, .day, to: point.date) ?? point.date
    case .minute: point.date.addingTimeInterval(60)
    case .second: point.date.addingTimeInterval(1)
    case .fraction: point.date.addingTimeInterval(0.001)
    }
  }

  /// The bounds: `boundsPeriod` (its end inclusive), `boundsDuration`, `boundsRange.high`; an
  /// end that comes before the start is an issue, and dropped.
  static func readBounds(
    _ timing: TimingPattern, paths: TimingPaths, at location: () -> JSONPath, anchor: Date,
    calendar: inout ScheduleCalendar, report: inout ConversionReport
  ) -> Bounds {
    var bounds = Bounds(start: anchor, end: nil, length: nil, lengthPath: paths[.boundsDuration])
    switch timing.bounds {
    case .period(let s, let e):
      if let point = FHIRDates.point(s, zone: calendar.zone) {
        bounds.start = point.date
        report.mapped(paths[.boundsPeriodStart])
      } else {
        report.defaulted(paths[.boundsPeriodStart])
      }
      if let point = FHIRDates.point(e, zone: calendar.zone) {
        let end = exclusiveEnd(point, calendar: &calendar)
        if end <= bounds.start {
          // per-1: the end must not come before the start. An open schedule keeps the start.
          // One problem, counted once: the issue, and the end `dropped` (not mapped, so the
          // element accounting lists it, as for a CarePlan activity's `scheduledPeriod`).
          report.issue(
            .invalidValue, "repeat.boundsPeriod ends before it starts (per-1); the end is dropped",
            at: location().appending(key: "repeat").appending(key: "boundsPeriod"))
        } else {
          bounds.end = end
          report.mapped(paths[.boundsPeriodEnd])
        }
      }
    case .duration(let amount):
      bounds.length = amount
      report.mapped(paths[.boundsDuration])
      if timing.unfitNumbers.contains(.boundsDuration) {
        // A number no Double holds (1e400, 1e-400): reported with the others; the schedule is left open.
        bounds.length = nil
      } else if let value = amount.value, isTooLong(value, unit: amount.unit) {
        let number = TimingPaths.Key.boundsDuration.numberPath(below: location(), unitNameSuffix: timing.unitNameSuffix)
        report.numberDoesNotFit(at: number, keptAsText: false)
        bounds.length = nil
        report.unrepresentable(paths[.boundsDuration])
      } else if !((amount.value ?? 0) > 0) {
        let name = timing.unitNameSuffix.isEmpty ? "boundsDuration" : "boundsQuantity"
        report.issue(
          .invalidValue, "repeat.\(name) is not a positive length; the schedule is left open",
          at: location().appending(key: "repeat").appending(key: name))
        bounds.length = nil
        report.unrepresentable(paths[.boundsDuration])
      }
    case .range(let low, let high):
      // A bound no Double holds (1e400, -1e400, 1e-400) is reported with the other numbers.
      bounds.lengthPath = paths[.boundsRangeHigh]
      if let high, let value = high.value, isTooLong(value, unit: high.unit) {
        let number = TimingPaths.Key.boundsRangeHigh.numberPath(below: location(), unitNameSuffix: timing.unitNameSuffix)
        report.numberDoesNotFit(at: number, keptAsText: false)
        report.unrepresentable(paths[.boundsRangeHigh])
      } else if let high, (high.value ?? 0) > 0 {
        bounds.length = high
        report.mapped(paths[.boundsRangeHigh])
      } else if high != nil && !timing.unfitNumbers.contains(.boundsRangeHigh) {
        report.unrepresentable(paths[.boundsRangeHigh])
      }
      if low != nil && !timing.unfitNumbers.contains(.boundsRangeLow) { report.unrepresentable(paths[.boundsRangeLow]) }
    case nil:
      report.defaulted(paths[.bounds])
    }
    return bounds
  }

  /// Whether a bound of `value` `unit` is longer than ten thousand years (``maxSeconds``), or
  /// not finite: a number that does not fit a schedule.
  static func isTooLong(_ value: Double, unit: String?) -> Bool {
    !value.isFinite || abs(value) * (TimingUnit.secondsPerUnit(unit ?? "s") ?? 1) > maxSeconds
  }

  /// The interval from `period` and `periodUnit` (1 `d` when absent; a period that is not
  /// positive is an issue, and 1 unit is used).
  static func readStep(
    _ timing: TimingPattern, paths: TimingPaths, at location: () -> JSONPath, report: inout ConversionReport
  ) -> TimingUnit.Step {
    var step = TimingUnit.Step(.day, 1)
    let unit = timing.periodUnit ?? "d"
    if timing.periodUnit == nil {
      report.defaulted(paths[.periodUnit])
      if timing.period != nil {
        // tim-2: a period needs its unit. Days are assumed, said where it shows, not only counted:
        // `period 4` meant as hours would otherwise become every 4 days without a word.
        report.issue(
          .required, "repeat.period has no unit (tim-2); days are assumed",
          at: location().appending(key: "repeat").appending(key: "periodUnit" + paths.unitNameSuffix))
      }
    } else if !timing.fromAbbreviation {
      report.mapped(paths[.periodUnit])
    }
    if let period = timing.period, !(period > 0) {
      // tim-5 forbids a negative period; 0 would repeat without end (CareKit stops on it).
      // One problem, counted once: the issue, and the period `defaulted` (read, so that the
      // element accounting does not list it as dropped too).
      report.issue(
        .invalidValue, "repeat.period is not a positive number (tim-5); a period of 1 is used",
        at: location().appending(key: "repeat").appending(key: "period"))
      report.mapped(paths[.period])
      report.defaulted(paths[.period])
      if let (one, _) = TimingUnit.step(1, unit: unit) { step = one }
    } else if let period = timing.period {
      if let (read, exact) = TimingUnit.step(period, unit: unit) {
        step = read
        if !timing.fromAbbreviation { report.mapped(paths[.period]) }
        if !exact { report.unrepresentable(paths[.period]) }
      } else {
        report.unrepresentable(paths[.period])
        report.defaulted(paths[.period])
        if !period.isFinite {
          // A number no Double holds (1e400): the period is skipped (1 unit is used).
          report.numberDoesNotFit(at: location().appending(key: "repeat").appending(key: "period"), keptAsText: false)
        }
      }
    } else {
      // No period, or one no Double holds (reported with the other numbers): 1 unit.
      report.defaulted(paths[.period])
      if let (one, _) = TimingUnit.step(1, unit: unit) { step = one }
    }
    if timing.periodMax != nil { report.unrepresentable(paths[.periodMax]) }
    if timing.frequencyMax != nil { report.unrepresentable(paths[.frequencyMax]) }
    return step
  }

  /// The clock times of `timeOfDay` and `when` (with `offset`), in seconds after midnight,
  /// earliest first, each once. In a timing of `perDay` occurrences a day, a generic meal code
  /// (`C`, `AC`, `PC`) stands for as many meals as the other times leave
  /// (``WhenClock/expandingMeals(_:perDay:others:)``).
  static func clockTimes(
    _ timing: TimingPattern, perDay: Int?, paths: TimingPaths, report: inout ConversionReport
  ) -> [(seconds: Int, text: String?)] {
    var times: [(seconds: Int, text: String?)] = []
    for text in timing.timeOfDay {
      let parts = text.split(separator: ":").map { Int($0.prefix(2)) }
      guard parts.count >= 2, let h = parts[0], let m = parts[1], (0..<24).contains(h), (0..<60).contains(m) else {
        report.unrepresentable(paths[.timeOfDay])
        continue
      }
      let s = parts.count > 2 ? min(59, max(0, parts[2] ?? 0)) : 0
      times.append((h * 3_600 + m * 60 + s, timing.elementText))
      report.mapped(paths[.timeOfDay])
    }
    for code in WhenClock.expandingMeals(timing.when, perDay: perDay, others: timing.timeOfDay.count) {
      guard let clock = WhenClock.clock(for: code, offset: timing.offset) else {
        report.unrepresentable(paths[.when])
        continue
      }
      if clock.wrapped { report.unrepresentable(paths[.offset]) }
      times.append((clock.minutes * 60, timing.elementText ?? code))
      if !timing.fromAbbreviation { report.mapped(paths[.when]) }
    }
    if timing.offset != nil { report.mapped(paths[.offset]) }
    times.sort { $0.seconds < $1.seconds }
    var unique: [(seconds: Int, text: String?)] = []
    for time in times where !unique.contains(where: { $0.seconds == time.seconds && $0.text == time.text }) {
      unique.append(time)
    }
    return unique
  }

  /// The patterns' starts: per day of the week, per clock time, spread over a period shorter
  /// than a day, or all day (`n` a day: `n` all-day elements on the same days).
  static func patterns(
    _ timing: TimingPattern, start: Date, step: inout TimingUnit.Step, frequency: Int,
    times: [(seconds: Int, text: String?)], calendar: inout ScheduleCalendar, paths: TimingPaths,
    report: inout ConversionReport
  ) -> Shape {
    let subDay = step.unit == .second || step.unit == .minute || step.unit == .hour
    var shape = Shape(starts: [], allDay: times.isEmpty && !subDay)
    if !timing.dayOfWeek.isEmpty {
      var weekly = TimingUnit.Step(.weekOfYear, 1)
      if step.unit == .weekOfYear {
        weekly = step
      } else if !(step.unit == .day && step.value == 1) {
        report.unrepresentable(paths[.period])
      }
      // Without clock times, `n` a day is `n` all-day elements on each of the days (twice a day
      // on Mondays and Fridays: twice each); `n` a week is the days themselves.
      var perDay = 1
      if times.isEmpty && step == TimingUnit.Step(.day, 1) {
        perDay = frequency
      } else if times.isEmpty && frequency != 1 && frequency != timing.dayOfWeek.count {
        report.unrepresentable(paths[.frequency])
      }
      step = weekly
      shape.allDay = times.isEmpty
      for code in timing.dayOfWeek {
        guard let weekday = weekday(code) else {
          report.unrepresentable(paths[.dayOfWeek])
          continue
        }
        report.mapped(paths[.dayOfWeek])
        let day = calendar.next(weekday: weekday, from: start)
        if shape.allDay {
          for _ in 0..<perDay { shape.starts.append(Start(start: day, text: timing.elementText)) }
          continue
        }
        for time in times {
          let first = calendar.clock(time.seconds, onDayOf: day)
          let date =
            calendar.sameClock(as: first, notBefore: start) ?? calendar.adding(step.value, .weekOfYear, to: first)
            ?? first
          shape.starts.append(Start(start: date, text: time.text))
        }
      }
      return shape
    }
    if !times.isEmpty {
      if subDay { report.unrepresentable(paths[.period]) }
      for time in times {
        // The clock time on the start's day (its second instant when the clock goes back over
        // it and the first is before the start), else on the next.
        let first = calendar.clock(time.seconds, onDayOf: start)
        let date =
          calendar.sameClock(as: first, notBefore: start) ?? calendar.adding(1, .day, to: first) ?? first
        shape.starts.append(Start(start: date, text: time.text))
      }
      return shape
    }
    if subDay {
      let seconds = step.fixedSeconds ?? 0
      let spacing = seconds / Double(frequency)
      for k in 0..<frequency {
        shape.starts.append(Start(start: start.addingTimeInterval(spacing * Double(k)), text: timing.elementText))
      }
      if spacing != spacing.rounded() { report.unrepresentable(paths[.frequency]) }
      return shape
    }
    // No clock time: all day, from the start's day (CareKit counts from its midnight; the start
    // itself is kept, so that a schedule written back reads the same).
    let day = start
    if frequency == 1 || step == TimingUnit.Step(.day, 1) {
      for _ in 0..<frequency { shape.starts.append(Start(start: day, text: timing.elementText)) }
      return shape
    }
    // n times in several days: spread over whole days (months as 30 days).
    var days = step.value
    var exact = true
    switch step.unit {
    case .day: days = step.value
    case .weekOfYear: days = 7 * step.value
    case .month: days = 30 * step.value; exact = false
    default: days = 365 * step.value; exact = false
    }
    if days % frequency != 0 { exact = false }
    let stride = max(1, days / frequency)
    for k in 0..<frequency {
      shape.starts.append(Start(start: calendar.adding(k * stride, .day, to: day) ?? day, text: timing.elementText))
    }
    if !exact { report.unrepresentable(paths[.frequency]) }
    return shape
  }
}

public import CareModel
public import FHIRJSON
public import Foundation

/// Timing → schedule elements. The rules are listed in `docs/mapping.md`.
public enum ScheduleDecoding {
  /// The elements a timing describes.
  /// - Parameters:
  ///   - timing: The timing, or `nil` when the resource has none (a default schedule is used).
  ///   - path: The FHIR path of the timing, for the report.
  ///   - anchor: Where a schedule without bounds starts (validity period, authored date…).
  ///   - zone: The entity's time zone, for clock times and dates without a zone.
  ///   - targetValues: The targets each element gets.
  ///   - location: The JSON path of the timing in the resource, with array positions
  ///     (`dosageInstruction[1].timing`), for located issues; `nil` derives it from `path`.
  ///   - report: Receives what was mapped, defaulted or not representable, and the issues
  ///     (a period that is not positive, bounds that end before they start).
  public static func elements(
    _ timing: TimingPattern?, path: String, at location: JSONPath? = nil, anchor: Date, zone: TimeZone,
    targetValues: [OutcomeValue] = [], report: inout ConversionReport
  ) -> [ScheduleElement] {
    var elements: [ScheduleElement] = []
    decode(
      timing, paths: TimingPaths(path), at: { location ?? elementPath(path) }, anchor: anchor, zone: zone,
      targetValues: targetValues, into: &elements, report: &report)
    return elements
  }

  /// ``elements(_:path:at:anchor:zone:targetValues:report:)`` appended to `elements`, with the
  /// report paths given (a coder's, built once) and the issue location made only for an issue.
  /// `timing` is consumed: unwrapping it then moves it instead of copying every field.
  static func decode(
    _ timing: consuming TimingPattern?, paths given: TimingPaths, at location: () -> JSONPath, anchor: Date, zone: TimeZone,
    targetValues: [OutcomeValue], into elements: inout [ScheduleElement], report: inout ConversionReport
  ) {
    guard let timing, timing.hasRepeat || !timing.events.isEmpty else {
      decodeAbsent(paths: given, anchor: anchor, targetValues: targetValues, into: &elements, report: &report)
      return
    }
    // The coder's paths, borrowed (not copied) when the units' names match.
    if timing.unitNameSuffix == given.unitNameSuffix {
      decodeRepeat(
        timing, paths: given, at: location, anchor: anchor, zone: zone, targetValues: targetValues, into: &elements,
        report: &report)
    } else {
      decodeRepeat(
        timing, paths: TimingPaths(given.base, unitNameSuffix: timing.unitNameSuffix), at: location, anchor: anchor,
        zone: zone, targetValues: targetValues, into: &elements, report: &report)
    }
  }

  /// The element of a resource without a timing (or one with neither repeat nor events): daily
  /// from the anchor, all day, the timing reported defaulted.
  static func decodeAbsent(
    paths: TimingPaths, anchor: Date, targetValues: [OutcomeValue], into elements: inout [ScheduleElement],
    report: inout ConversionReport
  ) {
    report.defaulted(paths.basePath)
    elements.append(ScheduleElement(start: anchor, interval: DateComponents(day: 1), targetValues: targetValues))
  }

  /// ``decode(_:paths:at:anchor:zone:targetValues:into:report:)`` of a timing with a repeat or
  /// events, with the paths of its units' names.
  private static func decodeRepeat(
    _ timing: TimingPattern, paths: TimingPaths, at location: () -> JSONPath, anchor: Date, zone: TimeZone,
    targetValues: [OutcomeValue], into elements: inout [ScheduleElement], report: inout ConversionReport
  ) {
    var calendar = ScheduleCalendar(zone)
    if timing.codeText != nil { report.mapped(paths[.codeText]) }
    let duration = self.duration(timing, paths: paths, at: location, report: &report)
    let first = elements.count

    for event in timing.events {
      guard let point = FHIRDates.point(event, zone: zone) else {
        report.unrepresentable(paths[.event])
        continue
      }
      report.mapped(paths[.event])
      if point.precision < .minute { report.unrepresentable(paths[.event]) }
      elements.append(ScheduleElement(
        start: point.date, end: calendar.adding(1, .day, to: point.date), interval: DateComponents(day: 1),
        text: timing.codeText, duration: duration, targetValues: targetValues))
    }
    let repeats = timing.period != nil || timing.frequency != nil || !timing.when.isEmpty
      || !timing.timeOfDay.isEmpty || !timing.dayOfWeek.isEmpty || timing.count != nil || timing.bounds != nil
    guard timing.hasRepeat, repeats || elements.count == first else { return }

    // Start and end from the bounds.
    var start = anchor
    var end: Date?
    switch timing.bounds {
    case .period(let s, let e):
      if let point = FHIRDates.point(s, zone: zone) {
        start = point.date
        report.mapped(paths[.boundsPeriodStart])
      } else {
        report.defaulted(paths[.boundsPeriodStart])
      }
      if let point = FHIRDates.point(e, zone: zone) {
        if point.date < start {
          // per-1: the end must not come before the start. An open schedule keeps the start.
          report.issue(
            .invalidValue, "repeat.boundsPeriod ends before it starts (per-1); the end is dropped",
            at: location().appending(key: "repeat").appending(key: "boundsPeriod"))
        } else {
          end = point.date
          report.mapped(paths[.boundsPeriodEnd])
        }
      }
    case .duration(let amount):
      end = add(amount, to: start, calendar: &calendar)
      report.mapped(paths[.boundsDuration])
      if end == nil { report.unrepresentable(paths[.boundsDuration]) }
      if end == nil, let value = amount.value, !value.isFinite || abs(value) > Self.maxSeconds {
        report.numberDoesNotFit(
          at: location().appending(key: "repeat").appending(key: "boundsDuration").appending(key: "value"), keptAsText: false)
      }
    case .range(let low, let high):
      if let high { end = add(high, to: start, calendar: &calendar) }
      report.mapped(paths[.boundsRangeHigh])
      if low != nil { report.unrepresentable(paths[.boundsRangeLow]) }
    case nil:
      report.defaulted(paths[.bounds])
    }

    // Interval.
    var step = TimingUnit.Step(.day, 1)
    let unit = timing.periodUnit ?? "d"
    if timing.periodUnit == nil { report.defaulted(paths[.periodUnit]) } else { report.mapped(paths[.periodUnit]) }
    if let period = timing.period, !(period > 0) {
      // tim-5 forbids a negative period; 0 would repeat without end. One unit is used.
      report.issue(
        .invalidValue, "repeat.period is not a positive number (tim-5); a period of 1 is used",
        at: location().appending(key: "repeat").appending(key: "period"))
      report.unrepresentable(paths[.period])
      report.defaulted(paths[.period])
      if let (one, _) = TimingUnit.step(1, unit: unit) { step = one }
    } else if let period = timing.period {
      if let (read, exact) = TimingUnit.step(period, unit: unit) {
        step = read
        report.mapped(paths[.period])
        if !exact { report.unrepresentable(paths[.period]) }
      } else {
        report.unrepresentable(paths[.period])
        report.defaulted(paths[.period])
        if !period.isFinite {
          report.numberDoesNotFit(at: location().appending(key: "repeat").appending(key: "period"), keptAsText: false)
        }
      }
    } else {
      report.defaulted(paths[.period])
      if let (one, _) = TimingUnit.step(1, unit: unit) { step = one }
    }
    if timing.periodMax != nil { report.unrepresentable(paths[.periodMax]) }
    if timing.frequencyMax != nil { report.unrepresentable(paths[.frequencyMax]) }
    if timing.durationMax != nil { report.unrepresentable(paths[.durationMax]) }
    // At most `maxFrequency` elements per period, whatever the input asks for.
    let frequency = min(max(1, timing.frequency ?? 1), TimingUnit.maxFrequency)
    if timing.frequency != nil { report.mapped(paths[.frequency]) }
    if let f = timing.frequency, f < 1 || f > TimingUnit.maxFrequency { report.unrepresentable(paths[.frequency]) }

    // Clock times from timeOfDay and when.
    var times: [(minutes: Int, seconds: Int, text: String?)] = []
    for text in timing.timeOfDay {
      let parts = text.split(separator: ":").compactMap { Int($0.prefix(2)) }
      guard parts.count >= 2 else {
        report.unrepresentable(paths[.timeOfDay])
        continue
      }
      times.append((parts[0] * 60 + parts[1], parts.count > 2 ? parts[2] : 0, timing.codeText))
      report.mapped(paths[.timeOfDay])
    }
    for code in timing.when {
      guard let minutes = WhenClock.minutes(for: code, offset: timing.offset) else {
        report.unrepresentable(paths[.when])
        continue
      }
      times.append((minutes, 0, timing.codeText ?? code))
      report.mapped(paths[.when])
    }
    if timing.offset != nil { report.mapped(paths[.offset]) }
    if !times.isEmpty && frequency != 1 && frequency != times.count {
      report.unrepresentable(paths[.frequency])
    }

    // The patterns, each an element ending at the bounds' end (the count may end it sooner).
    let patterns = elements.count
    func append(_ start: Date, _ interval: DateComponents, _ text: String?) {
      elements.append(ScheduleElement(
        start: start, end: end, interval: interval, text: text, duration: duration, targetValues: targetValues))
    }
    if !timing.dayOfWeek.isEmpty {
      // Days of the week.
      var weekly = TimingUnit.Step(.weekOfYear, 1)
      if unit == "wk", step.value != 0 { weekly = TimingUnit.Step(.weekOfYear, step.value) }
      else if !(unit == "d" && (timing.period ?? 1) == 1) { report.unrepresentable(paths[.period]) }
      step = weekly
      let interval = weekly.components
      for day in timing.dayOfWeek {
        guard let weekday = Self.weekday(day) else {
          report.unrepresentable(paths[.dayOfWeek])
          continue
        }
        report.mapped(paths[.dayOfWeek])
        let first = calendar.next(weekday: weekday, from: start)
        if times.isEmpty {
          append(first, interval, timing.codeText)
        } else {
          let midnight = calendar.startOfDay(first)
          for time in times {
            let date = calendar.adding(time.minutes, .minute, to: midnight) ?? midnight
            append(date.addingTimeInterval(Double(time.seconds)), interval, time.text)
          }
        }
      }
    } else if !times.isEmpty {
      let interval = step.components
      let midnight = calendar.startOfDay(start)
      for time in times {
        // The clock time on the start's day, else on the next.
        var date = calendar.adding(time.minutes, .minute, to: midnight) ?? midnight
        date = date.addingTimeInterval(Double(time.seconds))
        if date < start { date = calendar.adding(1, .day, to: date) ?? date }
        append(date, interval, time.text)
      }
    } else if frequency > 1 {
      let interval = step.components
      if let seconds = step.fixedSeconds {
        let spacing = seconds / Double(frequency)
        for k in 0..<frequency { append(start.addingTimeInterval(spacing * Double(k)), interval, timing.codeText) }
        if spacing != spacing.rounded() { report.unrepresentable(paths[.frequency]) }
      } else {
        // Months and years have no fixed length: spread by days of a 30-day month.
        report.unrepresentable(paths[.frequency])
        let months = Double(step.unit == .month ? step.value : 12 * step.value)
        let stepDays = max(1, Int((30 * months / Double(frequency)).rounded(.down)))
        for k in 0..<frequency {
          append(calendar.adding(k * stepDays, .day, to: start) ?? start, interval, timing.codeText)
        }
      }
    } else {
      append(start, step.components, timing.codeText)
    }

    // Count.
    let patternCount = elements.count - patterns
    var occurrences: Int?
    if let count = timing.count {
      report.mapped(paths[.count])
      if count < 1 {
        report.unrepresentable(paths[.count])
      } else {
        occurrences = (count + patternCount - 1) / patternCount
        if count % patternCount != 0 { report.unrepresentable(paths[.count]) }
      }
    }
    if timing.countMax != nil { report.unrepresentable(paths[.countMax]) }
    if let occurrences {
      let (product, overflow) = step.value.multipliedReportingOverflow(by: occurrences)
      for index in patterns..<elements.count {
        if overflow {
          report.unrepresentable(paths[.count])
        } else if let countEnd = calendar.adding(product, step.unit, to: elements[index].start) {
          elements[index].end = min(end ?? countEnd, countEnd)
        }
      }
    }
  }

  /// The weekday (1 Sunday … 7 Saturday) of a `dayOfWeek` code.
  static func weekday(_ code: String) -> Int? {
    switch code {
    case "sun": 1
    case "mon": 2
    case "tue": 3
    case "wed": 4
    case "thu": 5
    case "fri": 6
    case "sat": 7
    default: nil
    }
  }

  /// The JSON path of an element path without its resource type and array positions
  /// (`MedicationRequest.dosageInstruction.timing` → `dosageInstruction.timing`).
  static func elementPath(_ path: String) -> JSONPath {
    JSONPath(path.split(separator: ".").dropFirst().map { .key(String($0)) })
  }

  static func duration(
    _ timing: TimingPattern, paths: TimingPaths, at location: () -> JSONPath, report: inout ConversionReport
  ) -> ScheduleElement.Duration {
    guard let value = timing.duration else { return .allDay }
    let unit = timing.durationUnit ?? "s"
    if timing.durationUnit != nil { report.mapped(paths[.durationUnit]) } else { report.defaulted(paths[.durationUnit]) }
    // Months and years as 30 and 365 days.
    let perUnit = TimingUnit.secondsPerUnit(unit) ?? (unit == "mo" ? 30 : 365) * 86_400
    let seconds = value * perUnit
    guard seconds.isFinite, abs(seconds) <= maxSeconds, seconds != 0 || value == 0 else {
      // A number no Double holds (1e400), or a duration of more than ten thousand years.
      report.numberDoesNotFit(at: location().appending(key: "repeat").appending(key: "duration"), keptAsText: false)
      report.unrepresentable(paths[.duration])
      return .allDay
    }
    report.mapped(paths[.duration])
    if TimingUnit.secondsPerUnit(unit) == nil { report.unrepresentable(paths[.duration]) }
    return .seconds(seconds)
  }

  /// The longest duration or bound a schedule takes: ten thousand years, in seconds.
  static let maxSeconds = 10_000 * 365.25 * 86_400

  static func add(_ amount: TimingPattern.Amount, to date: Date, calendar: inout ScheduleCalendar) -> Date? {
    guard let value = amount.value, let unit = amount.unit else { return nil }
    if let seconds = TimingUnit.secondsPerUnit(unit) {
      let interval = value * seconds
      guard interval.isFinite, abs(interval) <= maxSeconds else { return nil }
      return date.addingTimeInterval(interval)
    }
    guard let (step, _) = TimingUnit.step(value, unit: unit) else { return nil }
    return calendar.adding(step.value, step.unit, to: date)
  }
}

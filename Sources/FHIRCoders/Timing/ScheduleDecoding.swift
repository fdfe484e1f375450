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
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    guard let timing, timing.hasRepeat || !timing.events.isEmpty else {
      report.defaulted(path)
      return [ScheduleElement(start: anchor, interval: DateComponents(day: 1), targetValues: targetValues)]
    }
    if timing.codeText != nil { report.mapped(path + ".code.text") }
    let duration = self.duration(timing, path: path, report: &report)
    var elements: [ScheduleElement] = []

    for (index, event) in timing.events.enumerated() {
      guard let point = FHIRDates.point(event, zone: zone) else {
        report.unrepresentable(path + ".event")
        continue
      }
      _ = index
      report.mapped(path + ".event")
      if point.precision < .minute { report.unrepresentable(path + ".event") }
      elements.append(ScheduleElement(
        start: point.date, end: calendar.date(byAdding: .day, value: 1, to: point.date), interval: DateComponents(day: 1),
        text: timing.codeText, duration: duration, targetValues: targetValues))
    }
    let repeats = timing.period != nil || timing.frequency != nil || !timing.when.isEmpty
      || !timing.timeOfDay.isEmpty || !timing.dayOfWeek.isEmpty || timing.count != nil || timing.bounds != nil
    guard timing.hasRepeat, repeats || elements.isEmpty else { return elements }

    // Start and end from the bounds.
    var start = anchor
    var end: Date?
    switch timing.bounds {
    case .period(let s, let e):
      if let point = FHIRDates.point(s, zone: zone) {
        start = point.date
        report.mapped(path + ".repeat.boundsPeriod.start")
      } else {
        report.defaulted(path + ".repeat.boundsPeriod.start")
      }
      if let point = FHIRDates.point(e, zone: zone) {
        if point.date < start {
          // per-1: the end must not come before the start. An open schedule keeps the start.
          report.issue(
            .invalidValue, "repeat.boundsPeriod ends before it starts (per-1); the end is dropped",
            at: (location ?? elementPath(path)).appending(key: "repeat").appending(key: "boundsPeriod"))
        } else {
          end = point.date
          report.mapped(path + ".repeat.boundsPeriod.end")
        }
      }
    case .duration(let amount):
      end = add(amount, to: start, calendar: calendar)
      report.mapped(path + ".repeat.boundsDuration")
      if end == nil { report.unrepresentable(path + ".repeat.boundsDuration") }
    case .range(let low, let high):
      if let high { end = add(high, to: start, calendar: calendar) }
      report.mapped(path + ".repeat.boundsRange.high")
      if low != nil { report.unrepresentable(path + ".repeat.boundsRange.low") }
    case nil:
      report.defaulted(path + ".repeat.bounds")
    }

    // Interval.
    var interval = DateComponents(day: 1)
    let unit = timing.periodUnit ?? "d"
    if timing.periodUnit == nil { report.defaulted(path + ".repeat.periodUnit" + timing.unitNameSuffix) } else { report.mapped(path + ".repeat.periodUnit" + timing.unitNameSuffix) }
    if let period = timing.period, !(period > 0) {
      // tim-5 forbids a negative period; 0 would repeat without end. One unit is used.
      report.issue(
        .invalidValue, "repeat.period is not a positive number (tim-5); a period of 1 is used",
        at: (location ?? elementPath(path)).appending(key: "repeat").appending(key: "period"))
      report.unrepresentable(path + ".repeat.period")
      report.defaulted(path + ".repeat.period")
      if let (components, _) = TimingUnit.interval(1, unit: unit) { interval = components }
    } else if let period = timing.period {
      if let (components, exact) = TimingUnit.interval(period, unit: unit) {
        interval = components
        report.mapped(path + ".repeat.period")
        if !exact { report.unrepresentable(path + ".repeat.period") }
      } else {
        report.unrepresentable(path + ".repeat.period")
        report.defaulted(path + ".repeat.period")
      }
    } else {
      report.defaulted(path + ".repeat.period")
      if let (components, _) = TimingUnit.interval(1, unit: unit) { interval = components }
    }
    if timing.periodMax != nil { report.unrepresentable(path + ".repeat.periodMax") }
    if timing.frequencyMax != nil { report.unrepresentable(path + ".repeat.frequencyMax") }
    if timing.durationMax != nil { report.unrepresentable(path + ".repeat.durationMax") }
    let frequency = max(1, timing.frequency ?? 1)
    if timing.frequency != nil { report.mapped(path + ".repeat.frequency") }
    if let f = timing.frequency, f < 1 { report.unrepresentable(path + ".repeat.frequency") }

    // Clock times from timeOfDay and when.
    var times: [(minutes: Int, seconds: Int, text: String?)] = []
    for text in timing.timeOfDay {
      let parts = text.split(separator: ":").compactMap { Int($0.prefix(2)) }
      guard parts.count >= 2 else {
        report.unrepresentable(path + ".repeat.timeOfDay")
        continue
      }
      times.append((parts[0] * 60 + parts[1], parts.count > 2 ? parts[2] : 0, timing.codeText))
      report.mapped(path + ".repeat.timeOfDay")
    }
    for code in timing.when {
      guard let minutes = WhenClock.minutes(for: code, offset: timing.offset) else {
        report.unrepresentable(path + ".repeat.when")
        continue
      }
      times.append((minutes, 0, timing.codeText ?? code))
      report.mapped(path + ".repeat.when")
    }
    if timing.offset != nil { report.mapped(path + ".repeat.offset") }
    if !times.isEmpty && frequency != 1 && frequency != times.count {
      report.unrepresentable(path + ".repeat.frequency")
    }

    // Days of the week.
    var patterns: [(start: Date, interval: DateComponents, text: String?)] = []
    func atClock(_ day: Date, _ time: (minutes: Int, seconds: Int, text: String?)) -> Date {
      let midnight = calendar.startOfDay(for: day)
      var date = calendar.date(byAdding: .minute, value: time.minutes, to: midnight) ?? midnight
      date = date.addingTimeInterval(Double(time.seconds))
      if date < start { date = calendar.date(byAdding: .day, value: 1, to: date) ?? date }
      return date
    }
    if !timing.dayOfWeek.isEmpty {
      var weekly = DateComponents(weekOfYear: 1)
      if unit == "wk", let single = TimingUnit.single(interval) { weekly = DateComponents(weekOfYear: single.value) }
      else if !(unit == "d" && (timing.period ?? 1) == 1) { report.unrepresentable(path + ".repeat.period") }
      let weekdays = ["sun": 1, "mon": 2, "tue": 3, "wed": 4, "thu": 5, "fri": 6, "sat": 7]
      for day in timing.dayOfWeek {
        guard let weekday = weekdays[day] else {
          report.unrepresentable(path + ".repeat.dayOfWeek")
          continue
        }
        report.mapped(path + ".repeat.dayOfWeek")
        var first = start
        while calendar.component(.weekday, from: first) != weekday {
          first = calendar.date(byAdding: .day, value: 1, to: first) ?? first.addingTimeInterval(86_400)
        }
        if times.isEmpty {
          patterns.append((first, weekly, timing.codeText))
        } else {
          for time in times {
            var date = calendar.date(byAdding: .minute, value: time.minutes, to: calendar.startOfDay(for: first))!
            date = date.addingTimeInterval(Double(time.seconds))
            patterns.append((date, weekly, time.text))
          }
        }
      }
    } else if !times.isEmpty {
      for time in times { patterns.append((atClock(start, time), interval, time.text)) }
    } else if frequency > 1 {
      if let seconds = TimingUnit.fixedSeconds(interval) {
        let step = seconds / Double(frequency)
        for k in 0..<frequency { patterns.append((start.addingTimeInterval(step * Double(k)), interval, timing.codeText)) }
        if step != step.rounded() { report.unrepresentable(path + ".repeat.frequency") }
      } else {
        // Months and years have no fixed length: spread by days of a 30-day month.
        report.unrepresentable(path + ".repeat.frequency")
        let months = Double((interval.month ?? 0) + 12 * (interval.year ?? 0))
        let stepDays = max(1, Int((30 * months / Double(frequency)).rounded(.down)))
        for k in 0..<frequency {
          patterns.append((calendar.date(byAdding: .day, value: k * stepDays, to: start) ?? start, interval, timing.codeText))
        }
      }
    } else {
      patterns.append((start, interval, timing.codeText))
    }

    // Count.
    var occurrences: Int?
    if let count = timing.count {
      report.mapped(path + ".repeat.count")
      if count < 1 {
        report.unrepresentable(path + ".repeat.count")
      } else {
        occurrences = (count + patterns.count - 1) / patterns.count
        if count % patterns.count != 0 { report.unrepresentable(path + ".repeat.count") }
      }
    }
    if timing.countMax != nil { report.unrepresentable(path + ".repeat.countMax") }

    for pattern in patterns {
      var elementEnd = end
      if let occurrences {
        var step = DateComponents()
        for unit in ScheduleElement.units {
          if let value = pattern.interval.value(for: unit), value != 0 { step.setValue(value * occurrences, for: unit) }
        }
        if let countEnd = calendar.date(byAdding: step, to: pattern.start) {
          elementEnd = min(elementEnd ?? countEnd, countEnd)
        }
      }
      elements.append(ScheduleElement(
        start: pattern.start, end: elementEnd, interval: pattern.interval, text: pattern.text, duration: duration,
        targetValues: targetValues))
    }
    return elements
  }

  /// The JSON path of an element path without its resource type and array positions
  /// (`MedicationRequest.dosageInstruction.timing` → `dosageInstruction.timing`).
  static func elementPath(_ path: String) -> JSONPath {
    JSONPath(path.split(separator: ".").dropFirst().map { .key(String($0)) })
  }

  static func duration(_ timing: TimingPattern, path: String, report: inout ConversionReport) -> ScheduleElement.Duration {
    guard let value = timing.duration else { return .allDay }
    report.mapped(path + ".repeat.duration")
    let unit = timing.durationUnit ?? "s"
    if timing.durationUnit != nil { report.mapped(path + ".repeat.durationUnit" + timing.unitNameSuffix) } else { report.defaulted(path + ".repeat.durationUnit" + timing.unitNameSuffix) }
    if let seconds = TimingUnit.seconds[unit] { return .seconds(value * seconds) }
    // Months and years as 30 and 365 days.
    report.unrepresentable(path + ".repeat.duration")
    return .seconds(value * (unit == "mo" ? 30 : 365) * 86_400)
  }

  static func add(_ amount: TimingPattern.Amount, to date: Date, calendar: Calendar) -> Date? {
    guard let value = amount.value, let unit = amount.unit else { return nil }
    if let seconds = TimingUnit.seconds[unit] { return date.addingTimeInterval(value * seconds) }
    guard let (components, _) = TimingUnit.interval(value, unit: unit) else { return nil }
    return calendar.date(byAdding: components, to: date)
  }
}

public import CareModel
public import FHIRJSON
public import Foundation
import FHIRCore

/// Timing → schedule elements, read the way CareKit will read them (`OCKScheduleElement`:
/// occurrence *k* at `start + k × interval` while before `end`; an all-day element's start is
/// moved to midnight, so its ends are counted from there). The rules are listed in `docs/mapping.md`.
public enum ScheduleDecoding {
  /// The elements a timing describes.
  /// - Parameters:
  ///   - timing: The timing, or `nil` when the resource has none (a default schedule is used).
  ///   - path: The FHIR path of the timing, for the report.
  ///   - anchor: Where a schedule without bounds starts (validity period, authored date…).
  ///   - zone: The entity's time zone, for clock times and dates without a zone (the timing's
  ///     own `timezone` extension wins).
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
  static func decode(
    _ timing: consuming TimingPattern?, paths given: TimingPaths, at location: () -> JSONPath, anchor: Date, zone: TimeZone,
    targetValues: [OutcomeValue], into elements: inout [ScheduleElement], report: inout ConversionReport
  ) {
    guard var timing else {
      decodeAbsent(paths: given, anchor: anchor, zone: zone, targetValues: targetValues, into: &elements, report: &report)
      return
    }
    let paths = timing.unitNameSuffix == given.unitNameSuffix
      ? given : TimingPaths(given.base, unitNameSuffix: timing.unitNameSuffix)
    var zone = zone
    if let id = timing.timeZone, let named = TimeZone(identifier: id) {
      zone = named
      if !timing.hasOtherExtensions { report.mapped(paths[.timeZone]) }
    }
    TimingAbbreviation.apply(to: &timing, paths: paths, report: &report)
    guard timing.hasRepeat || !timing.events.isEmpty else {
      decodeAbsent(paths: paths, anchor: anchor, zone: zone, targetValues: targetValues, into: &elements, report: &report)
      if let text = timing.codeText {
        report.mapped(paths[.codeText])
        elements[elements.count - 1].text = text
      }
      return
    }
    decodeRepeat(
      timing, paths: paths, at: location, anchor: anchor, zone: zone, targetValues: targetValues, into: &elements,
      report: &report)
  }

  /// Whether the schedule of `timing` starts at the anchor it is decoded with: no timing, or one
  /// that gives no start of its own (a `boundsPeriod.start`, or events only).
  public static func startsAtAnchor(_ timing: TimingPattern?) -> Bool {
    guard let timing else { return true }
    if case .period(let start?, _)? = timing.bounds, start.value != nil { return false }
    return timing.events.isEmpty || timing.hasRepeat
  }

  /// The element of a resource without a timing (or one that says nothing of when): daily,
  /// all day, from the anchor (CareKit counts from its day's midnight), the timing reported defaulted.
  static func decodeAbsent(
    paths: TimingPaths, anchor: Date, zone: TimeZone, targetValues: [OutcomeValue], into elements: inout [ScheduleElement],
    report: inout ConversionReport
  ) {
    report.defaulted(paths.basePath)
    elements.append(ScheduleElement(start: anchor, interval: DateComponents(day: 1), targetValues: targetValues))
  }

  /// ``decode(_:paths:at:anchor:zone:targetValues:into:report:)`` of a timing with a repeat or
  /// events, in its zone.
  private static func decodeRepeat(
    _ timing: TimingPattern, paths: TimingPaths, at location: () -> JSONPath, anchor: Date, zone: TimeZone,
    targetValues: [OutcomeValue], into elements: inout [ScheduleElement], report: inout ConversionReport
  ) {
    var calendar = ScheduleCalendar(zone)
    if timing.codeText != nil { report.mapped(paths[.codeText]) }
    if timing.repeatExtensionsRead { report.mapped(paths[.repeatExtension]) }
    reportUnfitNumbers(timing, paths: paths, at: location, report: &report)
    let seconds = durationSeconds(timing, paths: paths, at: location, report: &report)
    var durationLost = false

    // Events: one occurrence each; a date without a time is all day.
    let first = elements.count
    for event in timing.events {
      guard let point = FHIRDates.point(event, zone: zone) else {
        report.unrepresentable(paths[.event])
        continue
      }
      report.mapped(paths[.event])
      if point.precision < .minute {
        if point.precision < .day { report.unrepresentable(paths[.event]) }
        let day = calendar.startOfDay(point.date)
        elements.append(ScheduleElement(
          start: day, end: calendar.adding(1, .day, to: day), interval: DateComponents(day: 1), text: timing.elementText,
          duration: .allDay, targetValues: targetValues))
        durationLost = durationLost || seconds != nil
      } else {
        elements.append(ScheduleElement(
          start: point.date, end: calendar.adding(1, .day, to: point.date), interval: DateComponents(day: 1),
          text: timing.elementText, duration: .seconds(seconds ?? 0), targetValues: targetValues))
      }
    }
    let repeats = timing.period != nil || timing.frequency != nil || !timing.when.isEmpty
      || !timing.timeOfDay.isEmpty || !timing.dayOfWeek.isEmpty || timing.count != nil || timing.bounds != nil
    guard timing.hasRepeat, repeats || elements.count == first else {
      if durationLost { report.unrepresentable(paths[.duration]) }
      return
    }

    let bounds = readBounds(timing, paths: paths, at: location, anchor: anchor, calendar: &calendar, report: &report)
    var step = readStep(timing, paths: paths, at: location, report: &report)
    // At most `maxFrequency` elements per period, whatever the input asks for.
    let frequency = min(max(1, timing.frequency ?? 1), TimingUnit.maxFrequency)
    if timing.frequency != nil && !timing.fromAbbreviation { report.mapped(paths[.frequency]) }
    if let f = timing.frequency, f < 1 || f > TimingUnit.maxFrequency { report.unrepresentable(paths[.frequency]) }
    let perDay = timing.frequency != nil && step == TimingUnit.Step(.day, 1) ? frequency : nil
    let times = clockTimes(timing, perDay: perDay, paths: paths, report: &report)
    // The times are the occurrences of a period: per day, or over a week per day listed.
    let weekly = !timing.dayOfWeek.isEmpty && step.unit == .weekOfYear
    if !times.isEmpty && frequency != 1 && frequency != times.count * (weekly ? timing.dayOfWeek.count : 1) {
      report.unrepresentable(paths[.frequency])
    }

    let shape = patterns(
      timing, start: bounds.start, step: &step, frequency: frequency, times: times, calendar: &calendar, paths: paths,
      report: &report)
    if shape.allDay && seconds != nil { durationLost = true }
    if durationLost { report.unrepresentable(paths[.duration]) }

    // The end a bounds duration gives, from the first day's midnight for all-day elements
    // (where CareKit puts them).
    var end = bounds.end
    if let length = bounds.length {
      let base = shape.allDay ? calendar.startOfDay(bounds.start) : bounds.start
      end = add(length, to: base, calendar: &calendar)
      if end == nil { report.unrepresentable(bounds.lengthPath) }
    }
    let counts = occurrenceCounts(timing, shape.starts.map(\.start), step: step, paths: paths, calendar: &calendar, report: &report)
    let duration: ScheduleElement.Duration = shape.allDay ? .allDay : .seconds(seconds ?? 0)
    for (index, pattern) in shape.starts.enumerated() {
      var elementEnd = end
      if let counts {
        guard counts[index] > 0 else { continue }
        // Counted from where CareKit puts the first occurrence: midnight for an all-day one.
        let first = shape.allDay ? calendar.startOfDay(pattern.start) : pattern.start
        if let countEnd = occurrence(counts[index], from: first, step: step, calendar: &calendar) {
          elementEnd = min(end ?? countEnd, countEnd)
        } else {
          // Past the calendar's range: the count cannot end the element.
          report.unrepresentable(paths[.count])
        }
      }
      // No occurrence before the end: nothing to schedule (CareKit needs start < end).
      if let elementEnd, elementEnd <= pattern.start { continue }
      elements.append(ScheduleElement(
        start: pattern.start, end: elementEnd, interval: step.components, text: pattern.text, duration: duration,
        targetValues: targetValues))
    }
  }

  /// The date of occurrence `index` of a pattern from `start`, stepping one interval at a time
  /// as CareKit does (a month after January 31 is February 29, then March 29).
  /// `nil` when the date is beyond what the calendar counts.
  static func occurrence(_ index: Int, from start: Date, step: TimingUnit.Step, calendar: inout ScheduleCalendar) -> Date? {
    if index > 10_000 || step.fixedSeconds != nil && ScheduleCalendar.isFixedOffset(calendar.zone) {
      let (product, overflow) = step.value.multipliedReportingOverflow(by: index)
      guard !overflow, let date = calendar.adding(product, step.unit, to: start), date > start else { return nil }
      return date
    }
    var date = start
    for _ in 0..<index {
      guard let next = calendar.adding(step.value, step.unit, to: date) else { return nil }
      date = next
    }
    return date
  }

  /// How many occurrences each pattern gets of `count`: in time order the patterns take turns
  /// (the first start gets the first, …), which is exact when every start lies within one
  /// interval of the earliest; `nil` without a count.
  static func occurrenceCounts(
    _ timing: TimingPattern, _ starts: [Date], step: TimingUnit.Step, paths: TimingPaths, calendar: inout ScheduleCalendar,
    report: inout ConversionReport
  ) -> [Int]? {
    if timing.countMax != nil { report.unrepresentable(paths[.countMax]) }
    guard let count = timing.count else { return nil }
    report.mapped(paths[.count])
    guard count >= 1 else {
      report.unrepresentable(paths[.count])
      return nil
    }
    guard !starts.isEmpty else { return nil }
    let order = starts.indices.sorted { starts[$0] < starts[$1] || starts[$0] == starts[$1] && $0 < $1 }
    var counts = Array(repeating: 0, count: starts.count)
    for (rank, index) in order.enumerated() where count > rank {
      counts[index] = (count - rank + starts.count - 1) / starts.count
    }
    let earliest = starts[order[0]]
    if let limit = calendar.adding(step.value, step.unit, to: earliest), starts.contains(where: { $0 >= limit }) {
      report.unrepresentable(paths[.count])
    }
    return counts
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

  /// Reports each repeat number the adapter left out because no `Double` (``DecimalFit``) or
  /// 32-bit integer holds it (``TimingPattern/unfitNumbers``): an error issue at its JSON path
  /// (the number is skipped: the element is read as absent), the element not representable. A
  /// decimal a `Double` holds only rounded (``TimingPattern/roundedNumbers``) is read as that
  /// `Double`, and its element reported not representable.
  static func reportUnfitNumbers(
    _ timing: TimingPattern, paths: TimingPaths, at location: () -> JSONPath, report: inout ConversionReport
  ) {
    for key in timing.unfitNumbers {
      let integer = key == .frequency || key == .count || key == .offset
      let number = key.numberPath(below: location(), unitNameSuffix: timing.unitNameSuffix)
      report.numberDoesNotFit(at: number, keptAsText: false, integer: integer)
      report.unrepresentable(paths[key])
    }
    for key in timing.roundedNumbers { report.unrepresentable(paths[key]) }
  }

  /// `repeat.duration` in seconds, or `nil` when the timing has none or its duration does not
  /// fit: more than ``maxSeconds`` (or, from a pattern made by hand, not finite) is an error issue
  /// at `repeat.duration` (the duration is skipped), as is a number no `Double` holds (`1e400`,
  /// `1e-400`, reported by ``reportUnfitNumbers(_:paths:at:report:)``).
  static func durationSeconds(
    _ timing: TimingPattern, paths: TimingPaths, at location: () -> JSONPath, report: inout ConversionReport
  ) -> Double? {
    if timing.durationMax != nil { report.unrepresentable(paths[.durationMax]) }
    guard let value = timing.duration else {
      if timing.unfitNumbers.contains(.duration) { mapDurationUnit(timing, paths: paths, report: &report) }
      return nil
    }
    let unit = mapDurationUnit(timing, paths: paths, report: &report)
    if timing.durationUnit == nil {
      // tim-1: a duration needs its unit; seconds are assumed, and said.
      report.issue(
        .required, "repeat.duration has no unit (tim-1); seconds are assumed",
        at: location().appending(key: "repeat").appending(key: "durationUnit" + paths.unitNameSuffix))
    }
    // Months and years as 30 and 365 days.
    let perUnit = TimingUnit.secondsPerUnit(unit) ?? (unit == "mo" ? 30 : 365) * 86_400
    let seconds = value * perUnit
    guard seconds.isFinite, abs(seconds) <= maxSeconds, seconds != 0 || value == 0 else {
      report.numberDoesNotFit(at: location().appending(key: "repeat").appending(key: "duration"), keptAsText: false)
      report.unrepresentable(paths[.duration])
      return nil
    }
    report.mapped(paths[.duration])
    if TimingUnit.secondsPerUnit(unit) == nil { report.unrepresentable(paths[.duration]) }
    return seconds
  }

  /// `repeat.durationUnit` (`s` when absent), reported mapped or defaulted.
  @discardableResult
  private static func mapDurationUnit(_ timing: TimingPattern, paths: TimingPaths, report: inout ConversionReport) -> String {
    if timing.durationUnit != nil { report.mapped(paths[.durationUnit]) } else { report.defaulted(paths[.durationUnit]) }
    return timing.durationUnit ?? "s"
  }

  /// The longest duration or bound a schedule takes: ten thousand years, in seconds.
  static let maxSeconds = 10_000 * 365.25 * 86_400

  /// `date` plus an amount of time: whole calendar units in the calendar (3 days are three
  /// calendar days, whatever daylight saving does), fractions as seconds.
  static func add(_ amount: TimingPattern.Amount, to date: Date, calendar: inout ScheduleCalendar) -> Date? {
    guard let value = amount.value, let unit = amount.unit else { return nil }
    if let (step, exact) = TimingUnit.step(value, unit: unit), exact {
      return calendar.adding(step.value, step.unit, to: date)
    }
    if let seconds = TimingUnit.secondsPerUnit(unit), value.isFinite, abs(value) <= TimingUnit.maxPeriod {
      return date.addingTimeInterval(value * seconds)
    }
    guard let (step, _) = TimingUnit.step(value, unit: unit) else { return nil }
    return calendar.adding(step.value, step.unit, to: date)
  }
}

public import CareModel
public import Foundation

/// Schedule elements → timings: one timing per element, or one merged timing for elements
/// that differ only in a start spaced evenly over their interval (`frequency` > 1), where that is exact.
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
  ///   - zone: The zone dates are written in.
  ///   - report: Receives what could not be represented.
  public static func timings(
    _ elements: [ScheduleElement], path: String, zone: TimeZone, report: inout ConversionReport
  ) -> [Written] {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    var written: [Written] = []
    var index = 0
    while index < elements.count {
      let element = elements[index]
      // Merge a run of elements spaced evenly over the interval.
      var run = 1
      if let seconds = TimingUnit.fixedSeconds(element.interval), seconds > 0 {
        while index + run < elements.count {
          let next = elements[index + run]
          guard next.interval == element.interval, next.text == element.text, next.duration == element.duration,
            next.targetValues == element.targetValues, next.end == element.end
          else { break }
          run += 1
        }
        // Keep the longest prefix whose starts are k × interval / n apart.
        while run > 1 {
          let step = seconds / Double(run)
          let even = (0..<run).allSatisfy { k in
            elements[index + k].start == element.start.addingTimeInterval(step * Double(k))
          }
          if even && step == step.rounded() { break }
          run -= 1
        }
      }
      var timing = pattern(element, calendar: calendar, zone: zone, path: path, report: &report)
      if run > 1 { timing.frequency = run }
      written.append(Written(timing: timing, targetValues: element.targetValues))
      index += run
    }
    return written
  }

  static func pattern(
    _ element: ScheduleElement, calendar: Calendar, zone: TimeZone, path: String, report: inout ConversionReport
  ) -> TimingPattern {
    var timing = TimingPattern()
    timing.codeText = element.text
    if case .seconds(let seconds) = element.duration {
      timing.duration = seconds
      timing.durationUnit = "s"
    }
    // One occurrence a day apart from its end: an event.
    if element.interval == DateComponents(day: 1), let end = element.end,
      calendar.date(byAdding: .day, value: 1, to: element.start) == end
    {
      timing.events = [FHIRDates.dateTime(element.start, zone: zone)]
      timing.hasRepeat = timing.duration != nil
      return timing
    }
    timing.hasRepeat = true
    timing.bounds = .period(
      start: FHIRDates.dateTime(element.start, zone: zone), end: element.end.map { FHIRDates.dateTime($0, zone: zone) })
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
    return timing
  }
}

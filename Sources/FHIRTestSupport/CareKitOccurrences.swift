public import CareModel
public import Foundation

/// Occurrences of a schedule computed by CareKit's rules (`OCKScheduleElement`), independently
/// of the coders, so that tests check what a care app will show:
///
/// - an element needs `start < end` and an interval that moves forward (CareKit stops on a
///   precondition otherwise: reported here as a violation);
/// - an all-day element's start is moved to midnight of its day;
/// - each next occurrence is the previous one's start plus the interval, in the calendar (an
///   all-day occurrence again at midnight of the day reached);
/// - an occurrence exists while its start is before `end`, or, all day, on the day of the last
///   second before `end`.
///
/// The calendar is Gregorian in the task's zone.
public enum CareKitOccurrences {
  public struct Violation: Error, CustomStringConvertible {
    public var description: String
  }

  /// The starts of every occurrence of `schedule` in `[from, to)`, sorted.
  public static func starts(_ schedule: Schedule, zone: TimeZone, from: Date, to: Date) throws -> [Date] {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    var all: [Date] = []
    for element in schedule.elements { all += try starts(element, calendar: calendar, from: from, to: to) }
    return all.sorted()
  }

  /// The starts of one element's occurrences in `[from, to)`.
  public static func starts(_ element: ScheduleElement, calendar: Calendar, from: Date, to: Date) throws -> [Date] {
    if let end = element.end, !(element.start < end) {
      throw Violation(description: "start \(element.start) is not before end \(end)")
    }
    guard let probe = calendar.date(byAdding: element.interval, to: element.start), probe > element.start else {
      throw Violation(description: "interval \(element.interval) does not move forward")
    }
    let allDay = element.duration == .allDay
    var date = allDay ? calendar.startOfDay(for: element.start) : element.start
    var result: [Date] = []
    var steps = 0
    while date < to, steps < 200_000 {
      let start = allDay ? calendar.startOfDay(for: date) : date
      if let end = element.end, !isBefore(start, end, allDay: allDay, calendar: calendar) { break }
      if start >= from { result.append(start) }
      guard let next = calendar.date(byAdding: element.interval, to: start) else { break }
      date = next
      steps += 1
    }
    return result
  }

  public static func isBefore(_ start: Date, _ limit: Date, allDay: Bool, calendar: Calendar) -> Bool {
    if start < limit { return true }
    guard allDay, let lastSecond = calendar.date(byAdding: .second, value: -1, to: limit) else { return false }
    return calendar.isDate(start, inSameDayAs: lastSecond)
  }

  /// `2024-03-10T09:00:00Z` texts of dates, in UTC, for readable expectations.
  public static func texts(_ dates: [Date]) -> [String] {
    let formatter = ISO8601DateFormatter()
    return dates.map { formatter.string(from: $0) }
  }
}

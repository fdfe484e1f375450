import CareModel
import Foundation

/// Occurrences of a schedule, numbered as CareKitStore numbers them: all elements together, in
/// time order, from 0 — the same numbering an outcome's `taskOccurrenceIndex` uses.
enum ScheduleOccurrences {
  /// One occurrence.
  struct Occurrence {
    var index: Int
    var date: Date
    var element: Int
  }

  /// The occurrences in `[start, end)`, in time order.
  static func occurrences(
    of schedule: Schedule, timeZone: TimeZone, from start: Date, to end: Date, limit: Int = 100_000
  )
    -> [Occurrence]
  {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    var found: [(date: Date, element: Int)] = []
    for (e, element) in schedule.elements.enumerated() {
      // Start at the first occurrence at or after `start`.
      var k = max(0, element.occurrenceCount(before: start, includingDate: false, calendar: calendar))
      while found.count < limit, let date = element.date(ofOccurrence: k, calendar: calendar), date < end {
        if date >= start { found.append((date, e)) }
        k += 1
      }
    }
    found.sort { ($0.date, $0.element) < ($1.date, $1.element) }
    guard let first = found.first else { return [] }
    // Index of the first found: the number of occurrences of all elements strictly before it,
    // plus those at the same instant from earlier elements.
    let before = schedule.elements.reduce(0) { $0 + $1.occurrenceCount(before: first.date, includingDate: false, calendar: calendar) }
    return found.enumerated().map { offset, item in
      Occurrence(index: before + offset, date: item.date, element: item.element)
    }
  }
}

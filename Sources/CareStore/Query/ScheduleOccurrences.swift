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
      var k = max(0, count(of: element, before: start, calendar: calendar))
      while found.count < limit, let date = element.date(ofOccurrence: k, calendar: calendar), date < end {
        if date >= start { found.append((date, e)) }
        k += 1
      }
    }
    found.sort { ($0.date, $0.element) < ($1.date, $1.element) }
    guard let first = found.first else { return [] }
    // Index of the first found: the number of occurrences of all elements strictly before it,
    // plus those at the same instant from earlier elements.
    let before = schedule.elements.reduce(0) { $0 + count(of: $1, before: first.date, calendar: calendar) }
    return found.enumerated().map { offset, item in
      Occurrence(index: before + offset, date: item.date, element: item.element)
    }
  }

  /// How many occurrences of `element` fall strictly before `date`.
  static func count(of element: ScheduleElement, before date: Date, calendar: Calendar) -> Int {
    guard element.start < date else { return 0 }
    func before(_ k: Int) -> Bool {
      guard let d = element.date(ofOccurrence: k, calendar: calendar) else { return false }
      return d < date
    }
    var low = 0, high = 1
    while before(high) {
      low = high
      guard high < 1 << 40 else { return high + 1 }
      high *= 2
    }
    while high - low > 1 {
      let mid = low + (high - low) / 2
      if before(mid) { low = mid } else { high = mid }
    }
    return low + 1
  }
}

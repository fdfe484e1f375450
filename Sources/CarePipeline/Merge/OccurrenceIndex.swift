import CareModel
import Foundation

/// Which occurrence of a task's schedule an outcome belongs to: the last occurrence, over all
/// elements, at or before the outcome's effective time (CareKitStore counts occurrences of all
/// elements together, in time order).
enum OccurrenceIndex {
  /// The index of the last occurrence at or before `date`, and whether `date` is before the first
  /// occurrence (then the index is 0).
  /// - Parameters:
  ///   - date: The outcome's effective time.
  ///   - schedule: The task's schedule.
  ///   - timeZone: The task's time zone (intervals are counted in its Gregorian calendar).
  static func index(of date: Date, in schedule: Schedule, timeZone: TimeZone) -> (index: Int, beforeStart: Bool) {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let count = schedule.elements.reduce(0) { $0 + occurrences(of: $1, upTo: date, calendar: calendar) }
    return count == 0 ? (0, true) : (count - 1, false)
  }

  /// How many occurrences of `element` fall at or before `date` (exponential then binary search,
  /// since occurrence dates grow with the index).
  static func occurrences(of element: ScheduleElement, upTo date: Date, calendar: Calendar) -> Int {
    guard element.start <= date else { return 0 }
    func atOrBefore(_ k: Int) -> Bool {
      guard let d = element.date(ofOccurrence: k, calendar: calendar) else { return false }
      return d <= date
    }
    var low = 0, high = 1
    while atOrBefore(high) {
      low = high
      guard high < 1 << 40 else { return high + 1 }
      high *= 2
    }
    while high - low > 1 {
      let mid = low + (high - low) / 2
      if atOrBefore(mid) { low = mid } else { high = mid }
    }
    return low + 1
  }
}

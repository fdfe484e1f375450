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
    let count = schedule.elements.reduce(0) { $0 + $1.occurrenceCount(before: date, includingDate: true, calendar: calendar) }
    return count == 0 ? (0, true) : (count - 1, false)
  }
}

public import Foundation

extension ScheduleElement {
  /// How many occurrences of this element fall before `date` — strictly before, or at or
  /// before when `includingDate` — found by an exponential then a binary search, since
  /// occurrence dates grow with their index. An element without end may occur without bound;
  /// the count stops growing past 2⁴⁰.
  /// - Parameters:
  ///   - date: The instant to count up to.
  ///   - includingDate: Whether an occurrence at `date` itself counts.
  ///   - calendar: The calendar the interval is counted in (Gregorian in the task's zone).
  public func occurrenceCount(before date: Date, includingDate: Bool, calendar: Calendar) -> Int {
    guard includingDate ? start <= date : start < date else { return 0 }
    func counts(_ k: Int) -> Bool {
      guard let d = self.date(ofOccurrence: k, calendar: calendar) else { return false }
      return includingDate ? d <= date : d < date
    }
    var low = 0
    var high = 1
    while counts(high) {
      low = high
      guard high < 1 << 40 else { return high + 1 }
      high *= 2
    }
    while high - low > 1 {
      let mid = low + (high - low) / 2
      if counts(mid) { low = mid } else { high = mid }
    }
    return low + 1
  }
}

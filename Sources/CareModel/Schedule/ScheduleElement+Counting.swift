public import Foundation

extension ScheduleElement {
  /// How many occurrences of this element fall before `date` — strictly before, or at or
  /// before when `includingDate`. Occurrence dates grow with their index, so the count is
  /// searched for: from an estimate (the time since `start` over the interval's nominal length),
  /// galloping up or down to bracket it, then bisecting. Every step asks the calendar for the
  /// occurrence's exact date, so the estimate only saves steps, never changes the answer. An
  /// element without end may occur without bound; the count stops growing past 2⁴⁰.
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
    let limit = 1 << 40
    // Occurrence 0 (the start) counts; find `low` that counts and `high` that does not.
    let guess = estimatedIndex(at: date, limit: limit)
    var low = 0
    var high = 1
    if guess > 0 && !counts(guess) {
      high = guess
      var step = 1
      low = max(0, guess - step)
      while low > 0 && !counts(low) {
        high = low
        step *= 2
        low = max(0, guess - step)
      }
    } else {
      low = guess
      var step = 1
      high = min(limit, guess + step)
      while counts(high) {
        guard high < limit else { return limit + 1 }
        low = high
        step *= 2
        high = min(limit, guess + step)
      }
    }
    while high - low > 1 {
      let mid = low + (high - low) / 2
      if counts(mid) { low = mid } else { high = mid }
    }
    return low + 1
  }

  /// The index of the occurrence nearest before `date` if every interval lasted its nominal
  /// length (a month 30.44 days, a year 365.25), clamped to `0...limit`; 0 when the interval
  /// has no positive length.
  private func estimatedIndex(at date: Date, limit: Int) -> Int {
    let nominal: [(Calendar.Component, Double)] = [
      (.year, 31_557_600), (.month, 2_629_800), (.weekOfYear, 604_800), (.day, 86_400), (.hour, 3_600),
      (.minute, 60), (.second, 1),
    ]
    var seconds = 0.0
    for (unit, length) in nominal {
      if let value = interval.value(for: unit), value != 0 { seconds += Double(value) * length }
    }
    guard seconds > 0 else { return 0 }
    let estimate = date.timeIntervalSince(start) / seconds
    guard estimate.isFinite, estimate > 0 else { return 0 }
    return estimate >= Double(limit) ? limit : Int(estimate)
  }
}

import CareModel
import Foundation
import Testing

/// ``ScheduleElement/occurrenceCount(before:includingDate:calendar:)`` searches from an
/// estimate; it must give exactly what counting occurrence by occurrence gives, for intervals
/// whose real length differs from the nominal one (months, years, days across DST changes),
/// mixed units, ends, and dates on and around occurrences.
@Suite struct ScheduleCountingTests {
  /// Counts occurrences one by one (occurrence 0 always counts once `start` does).
  static func counted(_ element: ScheduleElement, before date: Date, including: Bool, calendar: Calendar) -> Int {
    guard including ? element.start <= date : element.start < date else { return 0 }
    var k = 1
    while let d = element.date(ofOccurrence: k, calendar: calendar), including ? d <= date : d < date { k += 1 }
    return k
  }

  @Test func searchEqualsCountingOneByOne() {
    var random = SystemRandomNumberGenerator()
    let zones = ["UTC", "America/New_York", "Europe/Berlin", "Australia/Lord_Howe", "Asia/Kolkata"].compactMap { TimeZone(identifier: $0) }
    let intervals: [DateComponents] = [
      DateComponents(day: 1), DateComponents(hour: 8), DateComponents(hour: 25), DateComponents(minute: 90),
      DateComponents(weekOfYear: 1), DateComponents(weekOfYear: 2), DateComponents(month: 1), DateComponents(month: 3),
      DateComponents(year: 1), DateComponents(day: 1, hour: 6), DateComponents(month: 1, day: 1),
      DateComponents(second: 45), DateComponents(day: 0),
    ]
    for round in 0..<600 {
      var calendar = Calendar(identifier: .gregorian)
      calendar.timeZone = zones[round % zones.count]
      let interval = intervals[round % intervals.count]
      // Starts on month ends and around DST changes, in several years.
      let start = calendar.date(
        from: DateComponents(
          year: Int.random(in: 2015...2025, using: &random), month: Int.random(in: 1...12, using: &random),
          day: [1, 15, 28, 29, 30, 31].randomElement(using: &random)!, hour: Int.random(in: 0...23, using: &random),
          minute: [0, 30].randomElement(using: &random)!))!
      // Up to about 400 occurrences after the start, so that counting one by one stays quick.
      let far = ScheduleElement(start: start, interval: interval).date(ofOccurrence: 400, calendar: calendar)
        ?? start.addingTimeInterval(1e6)
      // An end well before the dates counted to makes the estimate far too high.
      let end: Date? =
        Bool.random(using: &random) ? nil : start.addingTimeInterval(Double.random(in: 0...far.timeIntervalSince(start), using: &random))
      let element = ScheduleElement(start: start, end: end, interval: interval)
      var dates = [start.addingTimeInterval(Double.random(in: -1e5...max(far.timeIntervalSince(start), 1), using: &random))]
      // Exactly on an occurrence, and one second either side of it.
      if let on = element.date(ofOccurrence: Int.random(in: 0...300, using: &random), calendar: calendar) {
        dates += [on, on.addingTimeInterval(-1), on.addingTimeInterval(1)]
      }
      for date in dates {
        for including in [false, true] {
          let searched = element.occurrenceCount(before: date, includingDate: including, calendar: calendar)
          let expected = Self.counted(element, before: date, including: including, calendar: calendar)
          #expect(searched == expected, "\(interval) from \(start) in \(calendar.timeZone.identifier), end \(String(describing: end))")
        }
      }
    }
  }

  @Test func unboundedCountsStopPastTwoToTheFortieth() {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let element = ScheduleElement(start: Date(timeIntervalSince1970: 0), interval: DateComponents(second: 1))
    #expect(element.occurrenceCount(before: Date(timeIntervalSince1970: 1e13), includingDate: true, calendar: calendar) == (1 << 40) + 1)
    #expect(element.occurrenceCount(before: Date(timeIntervalSince1970: 1e9), includingDate: true, calendar: calendar) == 1_000_000_001)
    #expect(element.occurrenceCount(before: Date(timeIntervalSince1970: 1e9), includingDate: false, calendar: calendar) == 1_000_000_000)
  }
}

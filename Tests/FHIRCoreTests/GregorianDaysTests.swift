import FHIRCore
import Foundation
import Testing

@Suite struct GregorianDaysTests {
  /// Every 37th day from 1583-01-01 to 9999-12-31, and each side of every month end and leap
  /// day of 1600…2100, against Foundation's Gregorian calendar in UTC.
  @Test func agreesWithFoundation() {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let first = GregorianDays.days(year: 1583, month: 1, day: 1)
    let last = GregorianDays.days(year: 9999, month: 12, day: 31)
    var samples = Array(stride(from: first, through: last, by: 37))
    for year in 1600...2100 {
      for month in 1...12 {
        let start = GregorianDays.days(year: year, month: month, day: 1)
        samples += [start - 1, start]
      }
    }
    for day in samples {
      let date = Date(timeIntervalSince1970: TimeInterval(day) * 86_400)
      let parts = calendar.dateComponents([.year, .month, .day], from: date)
      let civil = GregorianDays.date(ofDay: day)
      #expect(civil.year == parts.year && civil.month == parts.month && civil.day == parts.day, "day \(day)")
      #expect(GregorianDays.days(year: civil.year, month: civil.month, day: civil.day) == day)
    }
    #expect(GregorianDays.days(year: 1970, month: 1, day: 1) == 0)
    #expect(GregorianDays.date(ofDay: -1) == (1969, 12, 31))
  }
}

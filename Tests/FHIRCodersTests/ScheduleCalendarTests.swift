import CareModel
@testable import FHIRCoders
import FHIRCore
import Foundation
import Testing

/// Schedule decoding counts days and months itself in fixed-offset zones (``ScheduleCalendar``)
/// and asks Foundation's `Calendar` otherwise: both must give the dates `Calendar` gives, in
/// every zone, across month ends, leap days, daylight saving changes and the edges of the range.
@Suite struct ScheduleCalendarTests {
  static let fixedZones = [0, -4 * 3600, 5 * 3600 + 1800, 14 * 3600, -12 * 3600, 45 * 60].map { TimeZone(secondsFromGMT: $0)! }
    + [TimeZone(identifier: "UTC")!, TimeZone(identifier: "GMT")!]
  static let ruleZones = ["America/New_York", "Europe/London", "Australia/Lord_Howe", "America/Sao_Paulo"].compactMap {
    TimeZone(identifier: $0)
  }
  static let units: [Calendar.Component] = [.second, .minute, .hour, .day, .weekOfYear, .month, .year]
  static let values = [-25, -13, -1, 0, 1, 2, 11, 12, 13, 59, 1000]

  /// Instants around month ends, leap days, year ends, daylight saving changes (US, EU, southern
  /// hemisphere) and the edges of the years counted directly (1583, 9999), plus a fraction of a second.
  static let dates: [Date] = {
    let texts = [
      "2024-01-31T10:15:00Z", "2024-02-29T23:59:59Z", "2023-02-28T00:00:00Z", "2000-02-29T12:00:00Z",
      "1900-02-28T06:00:00Z", "2100-03-01T00:30:00Z", "2023-12-31T23:00:00Z", "2024-03-10T06:30:00Z",
      "2024-03-31T00:30:00Z", "2024-11-03T05:30:00Z", "2024-10-27T01:30:00Z", "2024-04-06T14:45:00Z",
      "1583-01-03T00:00:00Z", "1583-01-01T12:00:00Z", "1582-10-10T00:00:00Z", "9999-12-29T00:00:00Z",
      "9999-12-31T12:00:00Z", "1970-01-01T00:00:00Z", "1969-12-31T23:59:59Z",
    ]
    return texts.map { FHIRDates.point(Primitive(FHIRDateTime(uncheckedString: $0)), zone: TimeZone(secondsFromGMT: 0)!)!.date }
      + [Date(timeIntervalSince1970: 1_700_000_000.25)]
  }()

  static func foundation(_ zone: TimeZone) -> Calendar {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    return calendar
  }

  @Test func fixedOffsetZonesAreRecognised() {
    for zone in Self.fixedZones { #expect(ScheduleCalendar.isFixedOffset(zone), "\(zone.identifier)") }
    for zone in Self.ruleZones { #expect(!ScheduleCalendar.isFixedOffset(zone), "\(zone.identifier)") }
  }

  @Test(arguments: fixedZones + ruleZones)
  func sameDatesAsFoundation(_ zone: TimeZone) {
    let reference = Self.foundation(zone)
    var calendar = ScheduleCalendar(zone)
    for date in Self.dates {
      #expect(calendar.startOfDay(date) == reference.startOfDay(for: date), "\(zone.identifier) \(date)")
      #expect(calendar.weekday(date) == reference.component(.weekday, from: date), "\(zone.identifier) \(date)")
      for weekday in 1...7 {
        var expected = date
        while reference.component(.weekday, from: expected) != weekday {
          expected = reference.date(byAdding: .day, value: 1, to: expected)!
        }
        #expect(calendar.next(weekday: weekday, from: date) == expected, "\(zone.identifier) \(date) \(weekday)")
      }
      for unit in Self.units {
        for value in Self.values {
          #expect(
            calendar.adding(value, unit, to: date) == reference.date(byAdding: unit, value: value, to: date),
            "\(zone.identifier) \(date) \(value) \(unit)")
        }
      }
    }
  }

  /// Whole timings decoded in a fixed zone that is not UTC and in a zone with daylight saving:
  /// clock times, weekdays, counts and calendar bounds land where Foundation puts them.
  @Test(arguments: [TimeZone(secondsFromGMT: -4 * 3600)!, TimeZone(identifier: "America/New_York")!])
  func timingRulesInZones(_ zone: TimeZone) {
    let calendar = Self.foundation(zone)
    // Saturday 2024-03-09, the day before clocks move forward in New York.
    let start = calendar.date(from: DateComponents(year: 2024, month: 3, day: 9, hour: 9))!
    func decode(_ configure: (inout TimingPattern) -> Void) -> [ScheduleElement] {
      var p = TimingPattern()
      p.hasRepeat = true
      p.bounds = .period(start: FHIRDates.dateTime(start, zone: zone), end: nil)
      configure(&p)
      var report = ConversionReport()
      return ScheduleDecoding.elements(p, path: "T", anchor: start, zone: zone, report: &report)
    }
    func at(_ day: Int, _ hour: Int, _ minute: Int = 0) -> Date {
      calendar.date(from: DateComponents(year: 2024, month: 3, day: day, hour: hour, minute: minute))!
    }

    // 08:00 has passed on the start's day: the next day (after the change), 22:00 the same day.
    #expect(decode { $0.timeOfDay = ["08:00:00"]; $0.when = ["HS"] }.map(\.start) == [at(10, 8), at(9, 22)])
    // Mondays and Wednesdays at 07:30.
    let weekly = decode { $0.dayOfWeek = ["mon", "wed"]; $0.when = ["ACM"] }
    #expect(weekly.map(\.start) == [at(11, 7, 30), at(13, 7, 30)])
    #expect(weekly.map(\.interval) == [DateComponents(weekOfYear: 1), DateComponents(weekOfYear: 1)])
    // Every 2 days, 5 times, all day: ends 10 calendar days after the first day's midnight.
    let counted = decode { $0.period = 2; $0.periodUnit = "d"; $0.count = 5 }
    #expect(counted.map(\.end) == [calendar.date(byAdding: .day, value: 10, to: calendar.startOfDay(for: start))])
    // A month-long bound from the first day's midnight, and an event lasting to the same clock time the next day.
    let bounded = decode { $0.period = 1; $0.periodUnit = "wk"; $0.bounds = .duration(.init(value: 1, unit: "mo")) }
    #expect(bounded.map(\.end) == [calendar.date(byAdding: .month, value: 1, to: calendar.startOfDay(for: start))])
    var event = TimingPattern()
    event.events = [FHIRDates.dateTime(start, zone: zone)]
    var report = ConversionReport()
    let events = ScheduleDecoding.elements(event, path: "T", anchor: start, zone: zone, report: &report)
    #expect(events.map(\.end) == [calendar.date(byAdding: .day, value: 1, to: start)])
  }

  /// The paths a coder builds once are the ones joined on demand.
  @Test func cachedPathsAreTheJoinedOnes() {
    for suffix in ["", "s"] {
      let cached = TimingPaths(cached: "A.timing", unitNameSuffix: suffix)
      let joined = TimingPaths("A.timing", unitNameSuffix: suffix)
      for key in TimingPaths.Key.allCases {
        #expect(cached[key] == joined[key])
      }
      #expect(cached[.periodUnit].name == "A.timing.repeat.periodUnit" + suffix)
      // The paths schedule decoding builds for a timing whose units are named the other way.
      let other = suffix == "" ? "s" : ""
      #expect(TimingPaths(cached.base, unitNameSuffix: other)[.durationUnit].name == "A.timing.repeat.durationUnit" + other)
    }
  }
}

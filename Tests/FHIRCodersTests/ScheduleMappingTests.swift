import CareModel
import FHIRCoders
import Foundation
import Testing

/// Each Timing rule, including the cases CareKitFHIR gets wrong or crashes on.
@Suite struct ScheduleMappingTests {
  static let utc = TimeZone(identifier: "UTC")!
  static let anchor = Date(timeIntervalSince1970: 1_700_000_000)  // 2023-11-14T22:13:20Z
  static let boundsStart = "2024-01-01T00:00:00Z"
  static let day0 = Date(timeIntervalSince1970: 1_704_067_200)  // 2024-01-01T00:00:00Z

  func decode(_ configure: (inout TimingPattern) -> Void, repeating: Bool = true) -> ([ScheduleElement], ConversionReport) {
    var p = TimingPattern()
    p.hasRepeat = repeating
    configure(&p)
    var report = ConversionReport()
    let elements = ScheduleDecoding.elements(p, path: "T", anchor: Self.anchor, zone: Self.utc, report: &report)
    return (elements, report)
  }

  /// Midnight UTC of `date`'s day.
  static func day(of date: Date) -> Date {
    Date(timeIntervalSince1970: (date.timeIntervalSince1970 / 86_400).rounded(.down) * 86_400)
  }

  func bounded(_ p: inout TimingPattern) {
    p.bounds = .period(start: FHIRDates.dateTime(Self.day0, zone: Self.utc), end: nil)
  }

  @Test func noTimingGivesDefaultDailySchedule() {
    var report = ConversionReport()
    let elements = ScheduleDecoding.elements(nil, path: "T", anchor: Self.anchor, zone: Self.utc, report: &report)
    #expect(elements == [ScheduleElement(start: Self.anchor, interval: DateComponents(day: 1))])
    #expect(report.defaulted["T"] == 1)
  }

  @Test func periodZeroIsReportedNotACrash() {
    let (elements, report) = decode { $0.frequency = 1; $0.period = 0; $0.periodUnit = "d" }
    #expect(elements.count == 1)
    #expect(elements[0].interval == DateComponents(day: 1))
    // One problem, counted once: the issue, and the period defaulted (1 unit).
    #expect(report.defaulted["T.repeat.period"] == 1)
    #expect(report.unrepresentable["T.repeat.period"] == nil && report.dropped["T.repeat.period"] == nil)
    #expect(report.issues.map(\.path.description) == ["repeat.period"])
  }

  @Test func fractionalPeriodUsesASmallerUnit() {
    let (elements, report) = decode { $0.frequency = 1; $0.period = 0.5; $0.periodUnit = "d" }
    #expect(elements[0].interval == DateComponents(hour: 12))
    #expect(report.unrepresentable.isEmpty)
    let (months, monthReport) = decode { $0.period = 1.5; $0.periodUnit = "a" }
    #expect(months[0].interval == DateComponents(month: 18))
    #expect(monthReport.unrepresentable.isEmpty)
    let (approx, approxReport) = decode { $0.period = 0.5; $0.periodUnit = "mo" }
    #expect(approx[0].interval == DateComponents(day: 15))
    #expect(approxReport.unrepresentable["T.repeat.period"] == 1)
  }

  @Test func noBoundsStartsAtTheAnchor() {
    let (elements, report) = decode { $0.frequency = 1; $0.period = 1; $0.periodUnit = "d" }
    #expect(elements[0].start == Self.anchor)
    #expect(elements[0].end == nil)
    #expect(report.defaulted["T.repeat.bounds"] == 1)
  }

  @Test func boundsDurationSetsTheEnd() {
    let (elements, _) = decode {
      $0.period = 1; $0.periodUnit = "d"; $0.bounds = .duration(.init(value: 10, unit: "d"))
    }
    // All day: counted from the anchor's midnight, where CareKit puts the first occurrence.
    #expect(elements[0].end == Self.day(of: Self.anchor).addingTimeInterval(10 * 86_400))
    let (years, _) = decode { $0.period = 1; $0.periodUnit = "a"; $0.bounds = .duration(.init(value: 2, unit: "a")) }
    #expect(years[0].interval == DateComponents(year: 1))
    #expect(years[0].end != nil)
  }

  @Test func boundsRangeUsesHighAndReportsLow() {
    let (elements, report) = decode {
      $0.period = 1; $0.periodUnit = "d"
      $0.bounds = .range(low: .init(value: 1, unit: "d"), high: .init(value: 3, unit: "d"))
    }
    #expect(elements[0].end == Self.day(of: Self.anchor).addingTimeInterval(3 * 86_400))
    #expect(report.unrepresentable["T.repeat.boundsRange.low"] == 1)
  }

  @Test func threeTimesPerDayBecomesThreeElements() {
    // No clock times: three all-day occurrences a day.
    let (elements, _) = decode { bounded(&$0); $0.frequency = 3; $0.period = 1; $0.periodUnit = "d" }
    #expect(elements.map(\.start) == [Self.day0, Self.day0, Self.day0])
    #expect(elements.allSatisfy { $0.duration == .allDay })
    let (hourly, _) = decode { bounded(&$0); $0.frequency = 3; $0.period = 12; $0.periodUnit = "h" }
    #expect(hourly.map(\.start) == [0, 4, 8].map { Self.day0.addingTimeInterval(Double($0) * 3600) })
    #expect(hourly.allSatisfy { $0.duration == .seconds(0) })
    #expect(elements.allSatisfy { $0.interval == DateComponents(day: 1) })
    var report = ConversionReport()
    let written = ScheduleEncoding.timings(elements, path: "T", zone: Self.utc, report: &report)
    #expect(written.count == 1)
    #expect(written[0].timing.frequency == 3)
    #expect(report.isLossless)
  }

  @Test func timeOfDayAndWhenGiveClockTimes() {
    let (elements, _) = decode { bounded(&$0); $0.timeOfDay = ["09:30:00"]; $0.when = ["HS"] }
    #expect(elements.map(\.start) == [Self.day0.addingTimeInterval(9.5 * 3600), Self.day0.addingTimeInterval(22 * 3600)])
    #expect(elements[1].text == "HS")
    // 30 minutes before breakfast (08:00), not 30 minutes before the default 07:30.
    let (offset, _) = decode { bounded(&$0); $0.when = ["ACM"]; $0.offset = 30 }
    #expect(offset[0].start == Self.day0.addingTimeInterval(7.5 * 3600))
    let (after, _) = decode { bounded(&$0); $0.when = ["PCM"]; $0.offset = 60 }
    #expect(after[0].start == Self.day0.addingTimeInterval(9 * 3600))
  }

  @Test func dayOfWeekGivesWeeklyElements() {
    // 2024-01-01 is a Monday.
    let (elements, _) = decode { bounded(&$0); $0.dayOfWeek = ["mon", "wed"]; $0.timeOfDay = ["08:00:00"] }
    #expect(elements.map(\.start) == [8, 56].map { Self.day0.addingTimeInterval(Double($0) * 3600) })
    #expect(elements.allSatisfy { $0.interval == DateComponents(weekOfYear: 1) })
  }

  @Test func countEndsTheSchedule() {
    // Two all-day occurrences a day, five in all: three of the first, two of the second.
    let (elements, report) = decode { bounded(&$0); $0.frequency = 2; $0.period = 1; $0.periodUnit = "d"; $0.count = 5 }
    #expect(elements.map(\.end) == [Self.day0.addingTimeInterval(3 * 86_400), Self.day0.addingTimeInterval(2 * 86_400)])
    #expect(report.unrepresentable["T.repeat.count"] == nil)
    let (_, maxReport) = decode { $0.count = 2; $0.countMax = 4 }
    #expect(maxReport.unrepresentable["T.repeat.countMax"] == 1)
  }

  @Test func maximaAreReported() {
    let (elements, report) = decode { $0.frequency = 2; $0.frequencyMax = 3; $0.period = 4; $0.periodMax = 6; $0.periodUnit = "h" }
    #expect(elements.count == 2)
    #expect(report.unrepresentable["T.repeat.frequencyMax"] == 1)
    #expect(report.unrepresentable["T.repeat.periodMax"] == 1)
  }

  @Test func durationAndEvents() {
    let (elements, _) = decode({ p in
      p.events = [FHIRDates.dateTime(Self.day0, zone: Self.utc)]
      p.hasRepeat = true
      p.duration = 30
      p.durationUnit = "min"
    })
    #expect(elements == [ScheduleElement(
      start: Self.day0, end: Self.day0.addingTimeInterval(86_400), interval: DateComponents(day: 1),
      duration: .seconds(1800))])
    var report = ConversionReport()
    let back = ScheduleEncoding.timings(elements, path: "T", zone: Self.utc, report: &report)
    var again = ConversionReport()
    #expect(ScheduleDecoding.elements(back[0].timing, path: "T", anchor: Self.anchor, zone: Self.utc, report: &again) == elements)
  }

  @Test func multiElementSchedulesRoundTrip() {
    let elements = [
      ScheduleElement(start: Self.day0, end: Self.day0.addingTimeInterval(30 * 86_400), interval: DateComponents(weekOfYear: 2), text: "a"),
      ScheduleElement(start: Self.day0.addingTimeInterval(3600), interval: DateComponents(year: 1), duration: .seconds(60)),
      ScheduleElement(start: Self.day0.addingTimeInterval(7200), interval: DateComponents(minute: 90), duration: .seconds(0)),
    ]
    var report = ConversionReport()
    let written = ScheduleEncoding.timings(elements, path: "T", zone: Self.utc, report: &report)
    #expect(written.count == 3)
    var back: [ScheduleElement] = []
    for w in written {
      var r = ConversionReport()
      back += ScheduleDecoding.elements(w.timing, path: "T", anchor: Self.anchor, zone: Self.utc, report: &r)
    }
    #expect(back == elements)
  }
}

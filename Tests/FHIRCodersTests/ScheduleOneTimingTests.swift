import CareModel
@testable import FHIRCoders
import FHIRCore
import FHIRDSTU2
import FHIRR4
import FHIRTestSupport
import Foundation
import Testing

/// Schedules written by hand as the decoder makes them (each element a FHIR Timing's pattern),
/// written to FHIR as a MedicationRequest / MedicationOrder and as a CarePlan activity (one
/// `scheduledTiming`), in R4 and DSTU2, read back, and compared by their occurrences under
/// CareKit's rules (``CareKitOccurrences``) with the occurrences worked out by hand.
@Suite struct ScheduleOneTimingTests {
  static func date(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }
  static let utc = TimeZone(identifier: "UTC")!
  static let newYork = TimeZone(identifier: "America/New_York")!
  static let daily = DateComponents(day: 1)

  /// A timed element (duration 0).
  static func timed(_ start: String, end: String? = nil, every interval: DateComponents = daily, text: String? = nil) -> ScheduleElement {
    ScheduleElement(
      start: date(start), end: end.map(date), interval: interval, text: text, duration: .seconds(0))
  }

  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var elements: [ScheduleElement]
    var zone: TimeZone = ScheduleOneTimingTests.utc
    var window: (from: String, to: String)
    /// The occurrences, worked out by hand from the FHIR Timing the elements stand for.
    var expected: [String]
    /// Whether one `Timing` holds the schedule (a CarePlan activity keeps all of it).
    var oneTiming = true
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    // `repeat.timeOfDay` [08:00, 20:00] for six weeks (boundsDuration 6 wk) from a plan starting
    // 2024-03-10T09:00Z: 20:00 from the 10th, 08:00 from the 11th, both until 04-21T09:00.
    Case(
      name: "timeOfDay pair over six weeks",
      elements: [
        timed("2024-03-11T08:00:00Z", end: "2024-04-21T09:00:00Z"), timed("2024-03-10T20:00:00Z", end: "2024-04-21T09:00:00Z"),
      ],
      window: ("2024-03-01T00:00:00Z", "2024-05-01T00:00:00Z"),
      expected: (0..<42).flatMap { day -> [String] in
        let base = date("2024-03-10T20:00:00Z").addingTimeInterval(Double(day) * 86_400)
        return CareKitOccurrences.texts([base, base.addingTimeInterval(12 * 3_600)])
      }),
    // `when` [HS, PHS]: 22:00 and 23:00 every day from the 10th, each named by its code.
    Case(
      name: "HS and PHS",
      elements: [timed("2024-03-10T22:00:00Z", text: "HS"), timed("2024-03-10T23:00:00Z", text: "PHS")],
      window: ("2024-03-10T00:00:00Z", "2024-03-13T00:00:00Z"),
      expected: [
        "2024-03-10T22:00:00Z", "2024-03-10T23:00:00Z", "2024-03-11T22:00:00Z", "2024-03-11T23:00:00Z",
        "2024-03-12T22:00:00Z", "2024-03-12T23:00:00Z",
      ]),
    // `count` 4 at 08:00 and 20:00 from 2024-03-10T09:00Z: the elements take turns, 2 + 2.
    Case(
      name: "count over two clock times",
      elements: [
        timed("2024-03-11T08:00:00Z", end: "2024-03-13T08:00:00Z"), timed("2024-03-10T20:00:00Z", end: "2024-03-12T20:00:00Z"),
      ],
      window: ("2024-03-01T00:00:00Z", "2024-04-01T00:00:00Z"),
      expected: ["2024-03-10T20:00:00Z", "2024-03-11T08:00:00Z", "2024-03-11T20:00:00Z", "2024-03-12T08:00:00Z"]),
    // `count` 3, frequency 2 per 12 h from 09:00: 09:00, 15:00, 21:00.
    Case(
      name: "count over two elements every 12 hours",
      elements: [
        timed("2024-03-10T09:00:00Z", end: "2024-03-11T09:00:00Z", every: DateComponents(hour: 12)),
        timed("2024-03-10T15:00:00Z", end: "2024-03-11T03:00:00Z", every: DateComponents(hour: 12)),
      ],
      window: ("2024-03-01T00:00:00Z", "2024-04-01T00:00:00Z"),
      expected: ["2024-03-10T09:00:00Z", "2024-03-10T15:00:00Z", "2024-03-10T21:00:00Z"]),
    // `event` [2024-03-12T10:30Z, 2024-03-13, 2024-03-15T08:00Z]: a time, a whole day, a time.
    Case(
      name: "events",
      elements: [
        timed("2024-03-12T10:30:00Z", end: "2024-03-13T10:30:00Z"),
        ScheduleElement(start: date("2024-03-13T00:00:00Z"), end: date("2024-03-14T00:00:00Z"), interval: daily),
        timed("2024-03-15T08:00:00Z", end: "2024-03-16T08:00:00Z"),
      ],
      window: ("2024-03-01T00:00:00Z", "2024-04-01T00:00:00Z"),
      expected: ["2024-03-12T10:30:00Z", "2024-03-13T00:00:00Z", "2024-03-15T08:00:00Z"]),
    // timeOfDay [08:00, 20:00] in New York from 2024-03-09T09:00 local, across the change to
    // daylight saving on the 10th: 20:00 EST on the 9th, then 08:00 and 20:00 EDT.
    Case(
      name: "timeOfDay pair in New York across daylight saving",
      elements: [timed("2024-03-10T12:00:00Z"), timed("2024-03-10T01:00:00Z")], zone: newYork,
      window: ("2024-03-09T00:00:00Z", "2024-03-12T04:00:00Z"),
      expected: [
        "2024-03-10T01:00:00Z", "2024-03-10T12:00:00Z", "2024-03-11T00:00:00Z", "2024-03-11T12:00:00Z",
        "2024-03-12T00:00:00Z",
      ]),
    // A two-phase taper: 2 tablets twice a day for 3 days, then 1 tablet daily for 4 days
    // (all day: no clock time). No one Timing holds both phases.
    Case(
      name: "two-phase taper",
      elements: [
        ScheduleElement(
          start: date("2024-03-10T09:00:00Z"), end: date("2024-03-13T00:00:00Z"), interval: daily,
          targetValues: [OutcomeValue(.double(2), units: "tablet", kind: "dose")]),
        ScheduleElement(
          start: date("2024-03-10T09:00:00Z"), end: date("2024-03-13T00:00:00Z"), interval: daily,
          targetValues: [OutcomeValue(.double(2), units: "tablet", kind: "dose")]),
        ScheduleElement(
          start: date("2024-03-13T00:00:00Z"), end: date("2024-03-17T00:00:00Z"), interval: daily,
          targetValues: [OutcomeValue(.double(1), units: "tablet", kind: "dose")]),
      ],
      window: ("2024-03-01T00:00:00Z", "2024-04-01T00:00:00Z"),
      expected: [
        "2024-03-10T00:00:00Z", "2024-03-10T00:00:00Z", "2024-03-11T00:00:00Z", "2024-03-11T00:00:00Z",
        "2024-03-12T00:00:00Z", "2024-03-12T00:00:00Z", "2024-03-13T00:00:00Z", "2024-03-14T00:00:00Z",
        "2024-03-15T00:00:00Z", "2024-03-16T00:00:00Z",
      ],
      oneTiming: false),
  ]

  static func task(_ c: Case) -> TaskEntity {
    TaskEntity(
      id: "t", title: "Drug", schedule: Schedule(elements: c.elements), uuid: UUID(),
      effectiveDate: date("2024-03-10T09:00:00Z"), timezone: c.zone)
  }

  static func occurrences(_ task: TaskEntity, _ c: Case) throws -> [String] {
    CareKitOccurrences.texts(
      try CareKitOccurrences.starts(task.schedule, zone: task.timezone, from: date(c.window.from), to: date(c.window.to)))
  }

  /// The plan the activity round trips put the task in.
  static func plan(_ task: TaskEntity) -> (CarePlanEntity, TaskEntity) {
    let plan = CarePlanEntity(
      id: "plan", title: "Plan", uuid: UUID(), effectiveDate: date("2024-03-10T09:00:00Z"), timezone: task.timezone)
    var task = task
    task.carePlanUUID = plan.uuid
    return (plan, task)
  }

  @Test(arguments: cases)
  func theScheduleIsWhatTheTimingMeans(_ c: Case) throws {
    #expect(try Self.occurrences(Self.task(c), c) == c.expected)
  }

  @Test(arguments: cases)
  func ordersKeepEveryOccurrence(_ c: Case) throws {
    let task = Self.task(c)
    let r4 = R4MedicationRequestCoder(), dstu2 = DSTU2MedicationOrderCoder()
    let viaR4 = try r4.encode(task)
    let viaDSTU2 = try dstu2.encode(task)
    #expect(try Self.occurrences(try r4.decode(viaR4.value).value, c) == c.expected)
    #expect(try Self.occurrences(try dstu2.decode(viaDSTU2.value).value, c) == c.expected)
    // One dosage for what one Timing holds (R4 lists several `when` codes, DSTU2 one).
    if c.oneTiming && c.name != "HS and PHS" {
      #expect(viaR4.value.dosageInstruction.count == 1)
      #expect(viaDSTU2.value.dosageInstruction.count == 1)
    }
    #expect(viaR4.report.isLossless && viaDSTU2.report.isLossless)
  }

  @Test(arguments: cases)
  func r4ActivityKeepsEveryOccurrenceOfOneTiming(_ c: Case) throws {
    let (plan, task) = Self.plan(Self.task(c))
    let coder = R4CarePlanCoder()
    let written = try coder.encode(plan, tasks: [task])
    let back = try #require(try coder.decodeWithTasks(written.value).tasks.first?.value)
    #expect(ScheduleEncoding.isOneTiming(task.schedule.elements, zone: task.timezone, capacity: .r4) == c.oneTiming)
    if c.oneTiming {
      #expect(try Self.occurrences(back, c) == c.expected)
      #expect(Set(back.schedule.elements.map(\.text)) == Set(task.schedule.elements.map(\.text)))
      #expect(written.report.isLossless, "\(written.report.counts)")
    } else {
      // Reported as before: the activity keeps the first timing.
      #expect(written.report.unrepresentable["CarePlan.activity.detail.scheduled"] == 1)
    }
  }

  @Test(arguments: cases)
  func dstu2ActivityKeepsEveryOccurrenceOfOneTiming(_ c: Case) throws {
    let (plan, task) = Self.plan(Self.task(c))
    let coder = DSTU2CarePlanCoder()
    let written = try coder.encode(plan, tasks: [task])
    let back = try #require(try coder.decodeWithTasks(written.value).tasks.first?.value)
    if c.oneTiming {
      #expect(try Self.occurrences(back, c) == c.expected)
      if c.name == "HS and PHS" {
        // DSTU2 has one `when`: the times stay, the codes naming them are lost, and reported.
        #expect(written.report.unrepresentable["CarePlan.activity.detail.scheduledTiming.code.text"] == 1)
        #expect(!ScheduleEncoding.isOneTiming(task.schedule.elements, zone: task.timezone, capacity: .dstu2))
      } else {
        #expect(written.report.isLossless, "\(written.report.counts)")
      }
    } else {
      #expect(written.report.unrepresentable["CarePlan.activity.detail.scheduled"] == 1)
    }
  }

  /// The shapes written: the Timing a CarePlan activity holds for each schedule.
  @Test func timingsHaveTheShapeFHIRWrites() throws {
    var report = ConversionReport()
    func one(_ index: Int) throws -> TimingPattern {
      let c = Self.cases[index]
      return try #require(ScheduleEncoding.timing(c.elements, path: "T", zone: c.zone, report: &report)).timing
    }
    let pair = try one(0)
    #expect(pair.timeOfDay == ["08:00:00", "20:00:00"] && pair.frequency == 2 && pair.count == nil)
    // From the earliest start (20:00 on the 10th); 08:00 comes first on the 11th.
    if case .period(let start, let end)? = pair.bounds {
      #expect(start?.string?.hasPrefix("2024-03-10T20:00:00") == true && end != nil)
    } else {
      Issue.record("no boundsPeriod")
    }
    let sleep = try one(1)
    #expect(sleep.when == ["HS", "PHS"] && sleep.offset == nil && sleep.codeText == nil)
    #expect(try one(2).count == 4)
    let everyTwelveHours = try one(3)
    #expect(everyTwelveHours.count == 3 && everyTwelveHours.frequency == 2)
    #expect(try one(4).events.count == 3)
    #expect(try one(5).timeZone == "America/New_York")
    #expect(report.isLossless)
    var taper = ConversionReport()
    #expect(ScheduleEncoding.timing(Self.cases[6].elements, path: "T", zone: Self.utc, report: &taper) == nil)
  }

  /// `when` codes with one offset (R4): ACM and ACD an hour before breakfast and lunch.
  @Test func whenCodesWithAnOffset() throws {
    let elements = [Self.timed("2024-03-11T07:00:00Z", text: "ACM"), Self.timed("2024-03-10T11:00:00Z", text: "ACD")]
    var report = ConversionReport()
    let written = try #require(ScheduleEncoding.timing(elements, path: "T", zone: Self.utc, report: &report))
    #expect(written.timing.when == ["ACM", "ACD"] || written.timing.when == ["ACD", "ACM"])
    #expect(written.timing.offset == 60)
    #expect(report.isLossless)
  }

  /// Elements one Timing cannot hold stay apart (different clock times with different texts
  /// that are no event codes; ends that no count gives).
  @Test func elementsThatAreNotOneTimingStayApart() {
    let texts = [Self.timed("2024-03-10T08:00:00Z", text: "with food"), Self.timed("2024-03-10T20:00:00Z", text: "at night")]
    #expect(!ScheduleEncoding.isOneTiming(texts, zone: Self.utc))
    var report = ConversionReport()
    #expect(ScheduleEncoding.timings(texts, path: "T", zone: Self.utc, report: &report).count == 2)
    let ends = [
      Self.timed("2024-03-10T08:00:00Z", end: "2024-03-12T09:00:00Z"),
      Self.timed("2024-03-10T20:00:00Z", end: "2024-03-15T21:00:00Z"),
    ]
    #expect(!ScheduleEncoding.isOneTiming(ends, zone: Self.utc))
  }
}

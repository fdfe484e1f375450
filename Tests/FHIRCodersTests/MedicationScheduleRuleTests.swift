import CareModel
@testable import FHIRCoders
import FHIRCore
import Foundation
import Testing

/// One hand-written case per Timing rule: a MedicationRequest authored 2024-03-10T09:00Z (a
/// Sunday, UTC), its schedule's occurrences computed by CareKit's rules over a window, compared
/// with the dates the FHIR Timing means, worked out by hand; then the same occurrences after
/// Task → FHIR → Task in R4 and DSTU2.
@Suite struct MedicationScheduleRuleTests {
  struct Case: CustomStringConvertible, Sendable {
    var name: String
    var dosages: [String]
    var from: String
    var to: String
    var expected: [String]
    var description: String { name }
  }

  static let bid = #"{"timing":{"repeat":{"frequency":2,"period":1,"periodUnit":"d"}}}"#
  static let days10to12 = ["2024-03-10T00:00:00Z", "2024-03-10T00:00:00Z", "2024-03-11T00:00:00Z", "2024-03-11T00:00:00Z"]
  static let q4h = [
    "2024-03-10T09:00:00Z", "2024-03-10T13:00:00Z", "2024-03-10T17:00:00Z", "2024-03-10T21:00:00Z",
    "2024-03-11T01:00:00Z", "2024-03-11T05:00:00Z",
  ]
  static func code(_ code: String) -> String {
    #"{"timing":{"code":{"coding":[{"system":"http://terminology.hl7.org/CodeSystem/v3-GTSAbbreviation","code":"\#(code)"}]}}}"#
  }

  static let cases: [Case] = [
    // Twice, three and four times a day without clock times: that many all-day occurrences a day.
    Case(name: "BID via repeat", dosages: [bid], from: "2024-03-10T00:00:00Z", to: "2024-03-12T00:00:00Z", expected: days10to12),
    Case(name: "BID via code", dosages: [code("BID")], from: "2024-03-10T00:00:00Z", to: "2024-03-12T00:00:00Z", expected: days10to12),
    Case(
      name: "TID via repeat", dosages: [#"{"timing":{"repeat":{"frequency":3,"period":1,"periodUnit":"d"}}}"#],
      from: "2024-03-10T00:00:00Z", to: "2024-03-11T00:00:00Z", expected: Array(repeating: "2024-03-10T00:00:00Z", count: 3)),
    Case(
      name: "TID via code text only", dosages: [#"{"timing":{"code":{"text":"TID"}}}"#],
      from: "2024-03-10T00:00:00Z", to: "2024-03-11T00:00:00Z", expected: Array(repeating: "2024-03-10T00:00:00Z", count: 3)),
    Case(
      name: "QID via repeat", dosages: [#"{"timing":{"repeat":{"frequency":4,"period":1,"periodUnit":"d"}}}"#],
      from: "2024-03-11T00:00:00Z", to: "2024-03-12T00:00:00Z", expected: Array(repeating: "2024-03-11T00:00:00Z", count: 4)),
    Case(
      name: "QID via code", dosages: [code("QID")],
      from: "2024-03-11T00:00:00Z", to: "2024-03-12T00:00:00Z", expected: Array(repeating: "2024-03-11T00:00:00Z", count: 4)),
    // Every four hours from the order's time.
    Case(
      name: "Q4H via repeat", dosages: [#"{"timing":{"repeat":{"frequency":1,"period":4,"periodUnit":"h"}}}"#],
      from: "2024-03-10T00:00:00Z", to: "2024-03-11T09:00:00Z", expected: q4h),
    Case(name: "Q4H via code", dosages: [code("Q4H")], from: "2024-03-10T00:00:00Z", to: "2024-03-11T09:00:00Z", expected: q4h),
    Case(
      name: "QOD via code", dosages: [code("QOD")], from: "2024-03-10T00:00:00Z", to: "2024-03-16T00:00:00Z",
      expected: ["2024-03-10T00:00:00Z", "2024-03-12T00:00:00Z", "2024-03-14T00:00:00Z"]),
    Case(
      name: "AM via code (MORN 08:00)", dosages: [code("AM")], from: "2024-03-10T00:00:00Z", to: "2024-03-13T00:00:00Z",
      expected: ["2024-03-11T08:00:00Z", "2024-03-12T08:00:00Z"]),
    // Clock times keep their time; the first is the first after the order.
    Case(
      name: "timeOfDay", dosages: [#"{"timing":{"repeat":{"timeOfDay":["08:00:00","20:00:00"],"period":1,"periodUnit":"d"}}}"#],
      from: "2024-03-10T00:00:00Z", to: "2024-03-12T00:00:00Z",
      expected: ["2024-03-10T20:00:00Z", "2024-03-11T08:00:00Z", "2024-03-11T20:00:00Z"]),
    // An hour before breakfast (08:00) is 07:00, not an hour before 07:30.
    Case(
      name: "when ACM + offset 60", dosages: [#"{"timing":{"repeat":{"when":["ACM"],"offset":60}}}"#],
      from: "2024-03-10T00:00:00Z", to: "2024-03-13T00:00:00Z", expected: ["2024-03-11T07:00:00Z", "2024-03-12T07:00:00Z"]),
    Case(
      name: "when PCV + offset 45", dosages: [#"{"timing":{"repeat":{"when":["PCV"],"offset":45}}}"#],
      from: "2024-03-10T00:00:00Z", to: "2024-03-12T00:00:00Z", expected: ["2024-03-10T18:45:00Z", "2024-03-11T18:45:00Z"]),
    // A generic meal code in a timing of n a day is n meals: TID before meals is three doses, not one.
    Case(
      name: "when AC, 3 a day", dosages: [#"{"timing":{"repeat":{"frequency":3,"period":1,"periodUnit":"d","when":["AC"]}}}"#],
      from: "2024-03-10T00:00:00Z", to: "2024-03-12T00:00:00Z",
      expected: ["2024-03-10T11:30:00Z", "2024-03-10T17:30:00Z", "2024-03-11T07:30:00Z", "2024-03-11T11:30:00Z", "2024-03-11T17:30:00Z"]),
    Case(
      name: "when PC, 2 a day (breakfast and dinner)",
      dosages: [#"{"timing":{"repeat":{"frequency":2,"period":1,"periodUnit":"d","when":["PC"]}}}"#],
      from: "2024-03-10T00:00:00Z", to: "2024-03-12T00:00:00Z",
      expected: ["2024-03-10T18:30:00Z", "2024-03-11T08:30:00Z", "2024-03-11T18:30:00Z"]),
    Case(
      name: "when C and HS, 4 a day", dosages: [#"{"timing":{"repeat":{"frequency":4,"period":1,"periodUnit":"d","when":["C","HS"]}}}"#],
      from: "2024-03-10T00:00:00Z", to: "2024-03-11T00:00:00Z",
      expected: ["2024-03-10T12:00:00Z", "2024-03-10T18:00:00Z", "2024-03-10T22:00:00Z"]),
    Case(
      name: "when AC, once a day: breakfast", dosages: [#"{"timing":{"repeat":{"frequency":1,"period":1,"periodUnit":"d","when":["AC"]}}}"#],
      from: "2024-03-10T00:00:00Z", to: "2024-03-12T00:00:00Z", expected: ["2024-03-11T07:30:00Z"]),
    // n a day on given days of the week, without clock times: n all-day occurrences on each.
    Case(
      name: "twice a day on Mondays and Fridays",
      dosages: [#"{"timing":{"repeat":{"frequency":2,"period":1,"periodUnit":"d","dayOfWeek":["mon","fri"]}}}"#],
      from: "2024-03-10T00:00:00Z", to: "2024-03-16T00:00:00Z",
      expected: ["2024-03-11T00:00:00Z", "2024-03-11T00:00:00Z", "2024-03-15T00:00:00Z", "2024-03-15T00:00:00Z"]),
    Case(
      name: "twice a week, Mondays and Thursdays",
      dosages: [#"{"timing":{"repeat":{"frequency":2,"period":1,"periodUnit":"wk","dayOfWeek":["mon","thu"]}}}"#],
      from: "2024-03-10T00:00:00Z", to: "2024-03-16T00:00:00Z", expected: ["2024-03-11T00:00:00Z", "2024-03-14T00:00:00Z"]),
    Case(
      name: "when HS then PHS", dosages: [#"{"timing":{"repeat":{"when":["PHS","HS"]}}}"#],
      from: "2024-03-10T00:00:00Z", to: "2024-03-11T00:00:00Z", expected: ["2024-03-10T22:00:00Z", "2024-03-10T23:00:00Z"]),
    // A period's end includes the day (or second) it names.
    Case(
      name: "date-only bounds, inclusive",
      dosages: [#"{"timing":{"repeat":{"boundsPeriod":{"start":"2024-03-12","end":"2024-03-14"},"timeOfDay":["08:00:00"]}}}"#],
      from: "2024-03-01T00:00:00Z", to: "2024-04-01T00:00:00Z",
      expected: ["2024-03-12T08:00:00Z", "2024-03-13T08:00:00Z", "2024-03-14T08:00:00Z"]),
    Case(
      name: "date-only bounds, once a day without time",
      dosages: [#"{"timing":{"repeat":{"boundsPeriod":{"start":"2024-03-12","end":"2024-03-14"},"frequency":1,"period":1,"periodUnit":"d"}}}"#],
      from: "2024-03-01T00:00:00Z", to: "2024-04-01T00:00:00Z",
      expected: ["2024-03-12T00:00:00Z", "2024-03-13T00:00:00Z", "2024-03-14T00:00:00Z"]),
    Case(
      name: "dateTime bounds, inclusive",
      dosages: [#"{"timing":{"repeat":{"boundsPeriod":{"start":"2024-03-12T08:00:00Z","end":"2024-03-14T08:00:00Z"},"timeOfDay":["08:00:00"]}}}"#],
      from: "2024-03-01T00:00:00Z", to: "2024-04-01T00:00:00Z",
      expected: ["2024-03-12T08:00:00Z", "2024-03-13T08:00:00Z", "2024-03-14T08:00:00Z"]),
    // count: the total number of doses, however many elements share it.
    Case(
      name: "count 5 every 8 h", dosages: [#"{"timing":{"repeat":{"count":5,"frequency":1,"period":8,"periodUnit":"h"}}}"#],
      from: "2024-03-01T00:00:00Z", to: "2024-04-01T00:00:00Z",
      expected: ["2024-03-10T09:00:00Z", "2024-03-10T17:00:00Z", "2024-03-11T01:00:00Z", "2024-03-11T09:00:00Z", "2024-03-11T17:00:00Z"]),
    Case(
      name: "count 4 at 08:00 and 20:00", dosages: [#"{"timing":{"repeat":{"count":4,"timeOfDay":["08:00:00","20:00:00"]}}}"#],
      from: "2024-03-01T00:00:00Z", to: "2024-04-01T00:00:00Z",
      expected: ["2024-03-10T20:00:00Z", "2024-03-11T08:00:00Z", "2024-03-11T20:00:00Z", "2024-03-12T08:00:00Z"]),
    Case(
      name: "count 3 twice a day", dosages: [#"{"timing":{"repeat":{"count":3,"frequency":2,"period":1,"periodUnit":"d"}}}"#],
      from: "2024-03-01T00:00:00Z", to: "2024-04-01T00:00:00Z",
      expected: ["2024-03-10T00:00:00Z", "2024-03-10T00:00:00Z", "2024-03-11T00:00:00Z"]),
    // Sequence 1 then 2: the second phase starts where the first ended.
    Case(
      name: "two-phase taper",
      dosages: [
        #"{"sequence":1,"text":"2 tablets twice a day for 3 days","timing":{"repeat":{"boundsDuration":{"value":3,"unit":"days","system":"http://unitsofmeasure.org","code":"d"},"frequency":2,"period":1,"periodUnit":"d"}},"doseAndRate":[{"doseQuantity":{"value":2,"unit":"tablet"}}]}"#,
        #"{"sequence":2,"text":"then 1 tablet daily for 4 days","timing":{"repeat":{"boundsDuration":{"value":4,"unit":"days","system":"http://unitsofmeasure.org","code":"d"},"frequency":1,"period":1,"periodUnit":"d"}},"doseAndRate":[{"doseQuantity":{"value":1,"unit":"tablet"}}]}"#,
      ],
      from: "2024-03-01T00:00:00Z", to: "2024-04-01T00:00:00Z",
      expected: [
        "2024-03-10T00:00:00Z", "2024-03-10T00:00:00Z", "2024-03-11T00:00:00Z", "2024-03-11T00:00:00Z", "2024-03-12T00:00:00Z",
        "2024-03-12T00:00:00Z", "2024-03-13T00:00:00Z", "2024-03-14T00:00:00Z", "2024-03-15T00:00:00Z", "2024-03-16T00:00:00Z",
      ]),
    // A phase that a count ends over two clock times ends at the slot it would have had next
    // (20:00 on the 11th), not a day after its last dose: the next phase's first dose is there.
    Case(
      name: "taper by count at two clock times",
      dosages: [
        #"{"sequence":1,"timing":{"repeat":{"count":2,"timeOfDay":["08:00:00","20:00:00"]}},"doseAndRate":[{"doseQuantity":{"value":2,"unit":"tablet"}}]}"#,
        #"{"sequence":2,"timing":{"repeat":{"count":2,"timeOfDay":["08:00:00","20:00:00"]}},"doseAndRate":[{"doseQuantity":{"value":1,"unit":"tablet"}}]}"#,
      ],
      from: "2024-03-01T00:00:00Z", to: "2024-04-01T00:00:00Z",
      expected: ["2024-03-10T20:00:00Z", "2024-03-11T08:00:00Z", "2024-03-11T20:00:00Z", "2024-03-12T08:00:00Z"]),
    // A phase without end: the next starts with it, as producers number concurrent dosages
    // (HL7's medrx0321: insulin before breakfast at sequence 2, before dinner at 1, no end).
    Case(
      name: "a phase after one without end starts with it",
      dosages: [
        #"{"sequence":2,"timing":{"repeat":{"timeOfDay":["07:30:00"]}},"doseAndRate":[{"doseQuantity":{"value":10,"unit":"U"}}]}"#,
        #"{"sequence":1,"timing":{"repeat":{"timeOfDay":["17:30:00"]}},"doseAndRate":[{"doseQuantity":{"value":20,"unit":"U"}}]}"#,
      ],
      from: "2024-03-10T00:00:00Z", to: "2024-03-12T00:00:00Z",
      expected: ["2024-03-10T17:30:00Z", "2024-03-11T07:30:00Z", "2024-03-11T17:30:00Z"]),
    // The same sequence: at the same time. Two days from 09:00 on the 10th run to 09:00 on
    // the 12th, so 08:00 on the 12th is inside.
    Case(
      name: "same sequence, concurrent",
      dosages: [
        #"{"sequence":1,"timing":{"repeat":{"boundsDuration":{"value":2,"code":"d"},"timeOfDay":["08:00:00"]}}}"#,
        #"{"sequence":1,"timing":{"repeat":{"boundsDuration":{"value":2,"code":"d"},"timeOfDay":["20:00:00"]}}}"#,
      ],
      from: "2024-03-01T00:00:00Z", to: "2024-04-01T00:00:00Z",
      expected: ["2024-03-10T20:00:00Z", "2024-03-11T08:00:00Z", "2024-03-11T20:00:00Z", "2024-03-12T08:00:00Z"]),
    Case(
      name: "events", dosages: [#"{"timing":{"event":["2024-03-12T10:30:00Z","2024-03-13"]}}"#],
      from: "2024-03-01T00:00:00Z", to: "2024-04-01T00:00:00Z", expected: ["2024-03-12T10:30:00Z", "2024-03-13T00:00:00Z"]),
    Case(
      name: "dayOfWeek at a time", dosages: [#"{"timing":{"repeat":{"dayOfWeek":["mon","wed"],"timeOfDay":["09:00:00"]}}}"#],
      from: "2024-03-10T00:00:00Z", to: "2024-03-18T00:00:00Z", expected: ["2024-03-11T09:00:00Z", "2024-03-13T09:00:00Z"]),
    Case(
      name: "as needed every 4 h", dosages: [#"{"asNeededBoolean":true,"timing":{"repeat":{"frequency":1,"period":4,"periodUnit":"h"}}}"#],
      from: "2024-03-10T00:00:00Z", to: "2024-03-11T09:00:00Z", expected: q4h),
  ]

  @Test(arguments: cases)
  func occurrencesFollowTheTiming(_ c: Case) throws {
    let task = try MedicationScheduleSupport.decode(MedicationScheduleSupport.request("c", dosages: c.dosages)).value
    let from = MedicationScheduleSupport.date(c.from), to = MedicationScheduleSupport.date(c.to)
    let decoded = try MedicationScheduleSupport.occurrences(task, from: from, to: to)
    #expect(decoded == c.expected)
    for (release, back) in try MedicationScheduleSupport.roundTrips(task) {
      let again = try MedicationScheduleSupport.occurrences(back, from: from, to: to)
      #expect(again == c.expected, "\(release)")
    }
  }

  /// Clock times keep their time with a real duration; only "once a day" without a time is all day.
  @Test func allDayOnlyWithoutClockTime() throws {
    let timed = try MedicationScheduleSupport.decode(MedicationScheduleSupport.request(
      "t", dosages: [#"{"timing":{"repeat":{"timeOfDay":["08:00:00"],"duration":10,"durationUnit":"min"}}}"#])).value
    #expect(timed.schedule.elements.map(\.duration) == [.seconds(600)])
    let untimed = try MedicationScheduleSupport.decode(MedicationScheduleSupport.request("u", dosages: [Self.code("QD")])).value
    #expect(untimed.schedule.elements.map(\.duration) == [.allDay])
    // The start is kept; CareKit puts the occurrence at midnight.
    #expect(untimed.schedule.elements[0].start == MedicationScheduleSupport.date("2024-03-10T09:00:00Z"))
  }

  /// A code without text gives its elements the abbreviation in words; `code.text` wins.
  @Test func codeGivesText() throws {
    let q4h = try MedicationScheduleSupport.decode(MedicationScheduleSupport.request("q4", dosages: [Self.code("Q4H")])).value
    #expect(q4h.schedule.elements.map(\.text) == ["Every 4 hours"])
    let bid = try MedicationScheduleSupport.decode(MedicationScheduleSupport.request("b", dosages: [#"{"timing":{"code":{"text":"BID"}}}"#])).value
    #expect(bid.schedule.elements.map(\.text) == ["BID", "BID"])
    let am = try MedicationScheduleSupport.decode(MedicationScheduleSupport.request("am", dosages: [Self.code("AM")])).value
    #expect(am.schedule.elements.map(\.text) == ["Every morning"])
    #expect(TimingAbbreviation.meaning("q8h")?.period == 8)
    #expect(TimingAbbreviation.meaning("BIDX") == nil)
  }

  @Test func asNeededDoesNotImpactAdherenceAndIsWrittenBack() throws {
    let json = MedicationScheduleSupport.request(
      "prn", dosages: [#"{"text":"1 tablet","asNeededCodeableConcept":{"text":"pain"},"timing":{"repeat":{"frequency":1,"period":4,"periodUnit":"h"}}}"#])
    let task = try MedicationScheduleSupport.decode(json).value
    #expect(task.impactsAdherence == false)
    #expect(task.instructions == "1 tablet\nAs needed for pain")
    let written = try R4MedicationRequestCoder().encode(task).value
    guard case .codeableConcept(let c)? = written.dosageInstruction.first?.asNeeded else {
      Issue.record("asNeeded not written")
      return
    }
    #expect(c.text?.string == "pain")
    #expect(written.dosageInstruction.first?.text?.string == "1 tablet")
    #expect(!written.extension.contains { $0.url?.string.hasSuffix("impactsAdherence") == true })
    for (release, back) in try MedicationScheduleSupport.roundTrips(task) {
      #expect(back.impactsAdherence == false, "\(release)")
      #expect(back.instructions == task.instructions, "\(release)")
    }
    let plain = try MedicationScheduleSupport.decode(MedicationScheduleSupport.request(
      "b", dosages: [#"{"asNeededBoolean":true,"timing":{"code":{"text":"Q6H"}}}"#])).value
    #expect(plain.impactsAdherence == false)
    #expect(plain.instructions == "As needed")
  }
}

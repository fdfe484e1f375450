import CareModel
@testable import FHIRCoders
import FHIRCore
import FHIRDSTU2
import FHIRR4
import FHIRTestSupport
import Foundation
import Testing

/// A schedule that starts at its anchor when the order or plan gives no date to anchor it at
/// starts on 1 January 1970: the missing date is reported `defaulted`, never left unsaid.
@Suite struct ScheduleAnchorReportTests {
  static let taper = #"{"sequence":1,"timing":{"repeat":{"boundsDuration":{"value":3,"unit":"d"},"frequency":1,"period":1,"periodUnit":"d"}}},{"sequence":2,"timing":{"repeat":{"boundsDuration":{"value":3,"unit":"d"},"frequency":1,"period":1,"periodUnit":"d"}}}"#

  /// An R4 order with `dosages`, with or without `authoredOn`.
  static func order(_ dosages: String, authored: Bool) -> String {
    let json = MedicationScheduleSupport.request("a", dosages: [dosages])
    return authored ? json : json.replacingOccurrences(of: #""authoredOn":"2024-03-10T09:00:00Z","#, with: "")
  }

  @Test("an order without authoredOn whose schedule starts at the anchor reports authoredOn defaulted", arguments: [
    taper, #"{"timing":{"repeat":{"frequency":1,"period":6,"periodUnit":"h"}}}"#, #"{"text":"as directed"}"#,
    #"{"timing":{"repeat":{"boundsPeriod":{"end":"2024-03-20"},"frequency":1,"period":1,"periodUnit":"d"}}}"#,
  ])
  func orderWithoutDate(dosages: String) throws {
    let converted = try MedicationScheduleSupport.decode(Self.order(dosages, authored: false))
    #expect(converted.report.defaulted["MedicationRequest.authoredOn"] == 1)
    #expect(converted.value.schedule.elements.first?.start == FHIRDates.epoch)
    // With the date written, the same order reports nothing defaulted there.
    let dated = try MedicationScheduleSupport.decode(Self.order(dosages, authored: true))
    #expect(dated.report.defaulted["MedicationRequest.authoredOn"] == nil)
    #expect(dated.report.mapped["MedicationRequest.authoredOn"] == 1)
  }

  @Test("an undated order is written back without the 1970 start, and reads back to the same schedule", arguments: [
    #"{"timing":{"repeat":{"frequency":2,"period":1,"periodUnit":"d"}}}"#,
    #"{"timing":{"repeat":{"timeOfDay":["08:00:00"],"boundsPeriod":{"end":"2024-03-20"}}}}"#,
    #"{"timing":{"repeat":{"frequency":1,"period":6,"periodUnit":"h","count":4}}}"#,
  ])
  func undatedOrderWrittenBack(dosages: String) throws {
    let task = try MedicationScheduleSupport.decode(Self.order(dosages, authored: false)).value
    let r4 = try R4MedicationRequestCoder().encode(task).value
    let dstu2 = try DSTU2MedicationOrderCoder().encode(task).value
    for json in [String(decoding: r4.jsonBytes(), as: UTF8.self), String(decoding: dstu2.jsonBytes(), as: UTF8.self)] {
      #expect(!json.contains(#""start":"1970"#), "\(json)")
    }
    let from = FHIRDates.epoch, to = from.addingTimeInterval(60 * 86_400)
    let expected = try MedicationScheduleSupport.occurrences(task, from: from, to: to)
    #expect(!expected.isEmpty)
    for (release, back) in try MedicationScheduleSupport.roundTrips(task) {
      #expect(try MedicationScheduleSupport.occurrences(back, from: from, to: to) == expected, "\(release)")
    }
  }

  @Test("an anchor of a month or a year starts the schedule on its first day, reported unrepresentable")
  func partialAnchor() throws {
    let daily = #"{"timing":{"repeat":{"frequency":1,"period":1,"periodUnit":"d","timeOfDay":["08:00:00"]}}}"#
    for (authored, reported) in [("2024-03", true), ("2024", true), ("2024-03-10", false)] {
      let json = Self.order(daily, authored: true).replacingOccurrences(of: "2024-03-10T09:00:00Z", with: authored)
      let converted = try MedicationScheduleSupport.decode(json)
      #expect(converted.report.unrepresentable["MedicationRequest.authoredOn"] == (reported ? 1 : nil), "\(authored)")
      #expect(converted.report.mapped["MedicationRequest.authoredOn"] == 1, "\(authored)")
    }
    // A schedule with its own start does not take the anchor's first day.
    let own = #"{"timing":{"repeat":{"boundsPeriod":{"start":"2024-03-05"},"frequency":1,"period":1,"periodUnit":"d"}}}"#
    let json = Self.order(own, authored: true).replacingOccurrences(of: "2024-03-10T09:00:00Z", with: "2024-03")
    #expect(try MedicationScheduleSupport.decode(json).report.unrepresentable["MedicationRequest.authoredOn"] == nil)
  }

  @Test("a schedule with its own start needs no anchor: nothing reported", arguments: [
    #"{"timing":{"repeat":{"boundsPeriod":{"start":"2024-03-01"},"frequency":2,"period":1,"periodUnit":"d"}}}"#,
    #"{"timing":{"event":["2024-03-01T08:00:00Z","2024-03-02T08:00:00Z"]}}"#,
  ])
  func ownStart(dosages: String) throws {
    let converted = try MedicationScheduleSupport.decode(Self.order(dosages, authored: false))
    #expect(converted.report.defaulted["MedicationRequest.authoredOn"] == nil)
    #expect(converted.value.schedule.elements.first?.start != FHIRDates.epoch)
  }

  @Test("a DSTU2 order without dateWritten or dosage reports dateWritten defaulted")
  func dstu2WithoutDate() throws {
    let json = #"{"resourceType":"MedicationOrder","id":"o","patient":{"reference":"Patient/p"},"medicationCodeableConcept":{"text":"Paclitaxel"},"status":"active"}"#
    let bytes = Array(json.utf8)
    guard case .medicationOrder(let order)? = try FHIRDSTU2.AnyResource.decode(from: Chunked.tokens(bytes, chunkSize: bytes.count)).value
    else {
      Issue.record("not an order")
      return
    }
    let converted = try DSTU2MedicationOrderCoder().decode(order)
    #expect(converted.report.defaulted["MedicationOrder.dateWritten"] == 1)
    #expect(converted.report.defaulted["MedicationOrder.dosageInstruction.timing"] == 1)
  }

  @Test("a plan activity without a plan date reports CarePlan.period.start defaulted, unless its schedule starts itself")
  func activityWithoutPlanDate() throws {
    func tasks(_ scheduled: String, period: Bool) throws -> [Converted<TaskEntity>] {
      let json = #"{"resourceType":"CarePlan","id":"cp","status":"active","intent":"plan","subject":{"reference":"Patient/p"},"#
        + (period ? #""period":{"start":"2024-03-01T09:00:00Z"},"# : "")
        + #""activity":[{"detail":{"status":"scheduled","description":"Walk",\#(scheduled)}}]}"#
      let bytes = Array(json.utf8)
      guard case .carePlan(let plan)? = try FHIRR4.AnyResource.decode(from: Chunked.tokens(bytes, chunkSize: bytes.count)).value
      else { throw CocoaError(.coderReadCorrupt) }
      return try R4CarePlanCoder().decodeWithTasks(plan).tasks
    }
    let duration = #""scheduledTiming":{"repeat":{"boundsDuration":{"value":2,"unit":"wk"},"frequency":1,"period":1,"periodUnit":"d"}}"#
    let undated = try #require(try tasks(duration, period: false).first)
    #expect(undated.report.defaulted["CarePlan.period.start"] == 1)
    #expect(undated.value.schedule.elements.first?.start == FHIRDates.epoch)
    #expect(try tasks(duration, period: true).first?.report.defaulted["CarePlan.period.start"] == nil)
    let ownStart = #""scheduledPeriod":{"start":"2024-03-05"}"#
    #expect(try tasks(ownStart, period: false).first?.report.defaulted["CarePlan.period.start"] == nil)
  }
}

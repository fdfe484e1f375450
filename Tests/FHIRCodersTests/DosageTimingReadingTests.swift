import CareModel
@testable import FHIRCoders
import FHIRCore
import FHIRDSTU2
import FHIRJSON
import FHIRR4
import FHIRTestSupport
import Foundation
import Testing

/// The medication coders read a dosage's timing (``R4MedicationRequests/timing(_:)``,
/// ``DSTU2MedicationOrders/timing(_:)``) as the adapters read the whole timing, for every
/// element a timing can have, absent or without a value, and for every fixture timing; and the
/// coder's schedule is the one decoded from that pattern.
@Suite struct DosageTimingReadingTests {
  static let anchor = Date(timeIntervalSince1970: 1_700_000_000)

  /// Timings using each element (R4 names; the DSTU2 variants rename the units).
  static let timings: [String] = [
    #"{}"#,
    #"{"code":{"text":"BID"}}"#,
    #"{"event":["2024-01-31T10:15:00Z","2024-02","bad"],"code":{"text":"x"}}"#,
    #"{"repeat":{}}"#,
    #"{"repeat":{"frequency":2,"period":1,"periodUnit":"d"}}"#,
    #"{"repeat":{"frequency":3,"period":1.5,"periodUnit":"mo","frequencyMax":4,"periodMax":2}}"#,
    #"{"repeat":{"frequency":2000,"period":0,"periodUnit":"h"}}"#,
    #"{"repeat":{"period":-1,"periodUnit":"wk","count":5,"countMax":7}}"#,
    #"{"repeat":{"period":1e300,"periodUnit":"d"}}"#,
    #"{"repeat":{"duration":30,"durationUnit":"min","durationMax":45,"period":8,"periodUnit":"h"}}"#,
    #"{"repeat":{"duration":2,"durationUnit":"mo"}}"#,
    #"{"repeat":{"duration":2}}"#,
    #"{"repeat":{"boundsPeriod":{"start":"2024-03-01","end":"2024-02-01"},"frequency":1,"period":1,"periodUnit":"d"}}"#,
    #"{"repeat":{"boundsPeriod":{"start":"2024-03-01T08:00:00-05:00","end":"2024-06-01"},"count":3}}"#,
    #"{"repeat":{"boundsPeriod":{"end":"2024-06-01"}}}"#,
    #"{"repeat":{"boundsDuration":{"value":10,"unit":"days","system":"http://unitsofmeasure.org","code":"d"}}}"#,
    #"{"repeat":{"boundsDuration":{"value":2,"code":"mo"},"frequency":2,"period":1,"periodUnit":"a"}}"#,
    #"{"repeat":{"boundsRange":{"low":{"value":1,"code":"d"},"high":{"value":3,"code":"wk"}}}}"#,
    #"{"repeat":{"boundsRange":{"high":{"value":3}}}}"#,
    #"{"repeat":{"when":["MORN","HS","XYZ"],"offset":30,"frequency":2,"period":1,"periodUnit":"d"}}"#,
    #"{"repeat":{"when":["ACM"],"offset":15}}"#,
    #"{"repeat":{"timeOfDay":["08:00:00","20:30:15","bad"],"period":1,"periodUnit":"d"}}"#,
    #"{"repeat":{"timeOfDay":["08:00:00"],"_timeOfDay":[null,{"id":"t"}],"dayOfWeek":["mon","fri","xyz"]}}"#,
    #"{"repeat":{"dayOfWeek":["sun"],"period":2,"periodUnit":"wk","count":4}}"#,
    #"{"repeat":{"dayOfWeek":["tue"],"period":3,"periodUnit":"d"}}"#,
    #"{"repeat":{"_dayOfWeek":[{"id":"d"}],"_when":[{"id":"w"}]}}"#,
    #"{"event":["2024-05-05T05:05:05Z"],"repeat":{"count":0}}"#,
    #"{"event":["2024-05-05"],"repeat":{"frequency":0,"period":0.5,"periodUnit":"d","count":7}}"#,
  ]

  /// The DSTU2 spelling of an R4 timing (`periodUnits`, `durationUnits`, one `when`, no
  /// `dayOfWeek`, `timeOfDay`, `countMax`, `offset`, `boundsQuantity`).
  static func dstu2(_ r4: String) -> String? {
    guard !r4.contains("dayOfWeek"), !r4.contains("timeOfDay"), !r4.contains("countMax"), !r4.contains("offset"),
      !r4.contains("\"when\":[\"MORN\""), !r4.contains("_when")
    else { return nil }
    return r4.replacingOccurrences(of: "periodUnit\"", with: "periodUnits\"")
      .replacingOccurrences(of: "durationUnit\"", with: "durationUnits\"")
      .replacingOccurrences(of: "\"when\":[\"ACM\"]", with: "\"when\":\"ACM\"")
      .replacingOccurrences(of: "boundsDuration", with: "boundsQuantity")
  }

  static func r4Order(_ json: String) throws -> FHIRR4.MedicationRequest {
    let bytes = Array(#"{"resourceType":"MedicationRequest","dosageInstruction":[{"text":"t","timing":\#(json)}]}"#.utf8)
    guard case .medicationRequest(let r)? = try FHIRR4.AnyResource.decode(from: Chunked.tokens(bytes, chunkSize: bytes.count)).value,
      !r.dosageInstruction.isEmpty
    else { throw CocoaError(.coderReadCorrupt) }
    return r
  }

  static func dstu2Order(_ json: String) throws -> FHIRDSTU2.MedicationOrder {
    let bytes = Array(#"{"resourceType":"MedicationOrder","dosageInstruction":[{"text":"t","timing":\#(json)}]}"#.utf8)
    guard case .medicationOrder(let r)? = try FHIRDSTU2.AnyResource.decode(from: Chunked.tokens(bytes, chunkSize: bytes.count)).value,
      !r.dosageInstruction.isEmpty
    else { throw CocoaError(.coderReadCorrupt) }
    return r
  }

  /// The pattern the R4 coder reads from each dosage.
  static func read(_ r: FHIRR4.MedicationRequest) -> [TimingPattern?] {
    r.dosageInstruction.map(R4MedicationRequests.timing)
  }

  /// The pattern the DSTU2 coder reads from each dosage.
  static func read(_ r: FHIRDSTU2.MedicationOrder) -> [TimingPattern?] {
    r.dosageInstruction.map(DSTU2MedicationOrders.timing)
  }


  @Test(arguments: timings)
  func r4DosageTimingIsReadLikeTheWholeTiming(json: String) throws {
    let order = try Self.r4Order(json)
    #expect(Self.read(order) == order.dosageInstruction.map { $0.timing.map(R4TimingAdapter.pattern) }, "\(json)")
    // And the coder's schedule is that pattern's.
    var report = ConversionReport()
    let expected = ScheduleDecoding.elements(
      order.dosageInstruction[0].timing.map(R4TimingAdapter.pattern), path: "MedicationRequest.dosageInstruction.timing",
      anchor: FHIRDates.epoch, zone: FHIRDates.utc, report: &report)
    #expect(try R4MedicationRequestCoder().decode(order).value.schedule.elements == expected, "\(json)")
  }

  @Test(arguments: timings.compactMap(dstu2))
  func dstu2DosageTimingIsReadLikeTheWholeTiming(json: String) throws {
    let order = try Self.dstu2Order(json)
    #expect(Self.read(order) == order.dosageInstruction.map { $0.timing.map(DSTU2TimingAdapter.pattern) }, "\(json)")
  }

  /// Every dosage of the fixtures' orders.
  @Test func fixtureDosageTimingsAreReadLikeTheWholeTiming() throws {
    var r4 = 0
    let r4Files = ["MedicationRequest", "Bundle"].flatMap { Fixtures.files(extensions: ["json"], under: "r4/examples/" + $0) }
      + Fixtures.files(extensions: ["json"], under: "r4/bundles")
    for path in r4Files {
      let all = try FixtureCoverageTests.resources(path, decode: { b in try FHIRR4.AnyResource.decode(from: Chunked.tokens(b, chunkSize: b.count)).value }) {
        if case .bundle(let b) = $0 { b.entry.compactMap(\.resource) } else { [] }
      }
      for case .medicationRequest(let m) in all {
        #expect(Self.read(m) == m.dosageInstruction.map { $0.timing.map(R4TimingAdapter.pattern) }, "\(path)")
        r4 += m.dosageInstruction.count(where: { $0.timing != nil })
      }
    }
    var dstu2 = 0
    let dstu2Files = ["MedicationOrder", "Bundle"].flatMap { Fixtures.files(extensions: ["json"], under: "dstu2/examples/" + $0) }
      + Fixtures.files(extensions: ["json"], under: "dstu2/bundles")
    for path in dstu2Files {
      let all = try FixtureCoverageTests.resources(path, decode: { b in try FHIRDSTU2.AnyResource.decode(from: Chunked.tokens(b, chunkSize: b.count)).value }) {
        if case .bundle(let b) = $0 { b.entry.compactMap(\.resource) } else { [] }
      }
      for case .medicationOrder(let m) in all {
        #expect(Self.read(m) == m.dosageInstruction.map { $0.timing.map(DSTU2TimingAdapter.pattern) }, "\(path)")
        dstu2 += m.dosageInstruction.count(where: { $0.timing != nil })
      }
    }
    #expect(r4 > 20 && dstu2 > 5)
  }
}

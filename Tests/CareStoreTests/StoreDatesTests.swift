import CareModel
import Foundation
import Testing

@testable import CareStore

@Suite("Store date text")
struct StoreDatesTests {
  @Test("the importer's date text is CareJSON's, for dates across the years and milliseconds")
  func sameAsCareJSON() throws {
    var generator = SystemRandomNumberGenerator()
    let care = CareJSON.makeEncoder()
    let store = StoreDates.encoder()
    var dates = [
      0, -0.0004, 0.0006, 1.9996, -1.5, 951_782_400, 1_600_000_000.1235, -62_135_596_800, 253_402_300_799.999,
    ]
    .map(Date.init(timeIntervalSince1970:))
    for _ in 0..<2000 { dates.append(Date(timeIntervalSince1970: Double.random(in: -5e10...5e10, using: &generator))) }
    for _ in 0..<500 {
      dates.append(
        Date(timeIntervalSince1970: Double(Int.random(in: -2_000_000_000...4_000_000_000, using: &generator))))
    }
    for date in dates {
      let a = String(decoding: try store.encode([date]), as: UTF8.self),
        b = String(decoding: try care.encode([date]), as: UTF8.self)
      #expect(a == b, "\(date.timeIntervalSince1970)")
    }
  }

  @Test("CareJSONWriter.fastDates writes the bytes of CareJSONWriter() for every kind of record")
  func fastDatesWriterSameBytes() throws {
    let dates = [0, 0.0006, 1_600_000_000.1235, -62_135_596_800, -12_000_000_000.5, 253_402_300_799.999]
      .map(Date.init(timeIntervalSince1970:))
    for date in dates {
      let patient = PatientEntity(id: "p", effectiveDate: date, timezone: TimeZone(identifier: "UTC")!)
      let outcome = OutcomeEntity(
        id: "o", taskUUID: UUID(), taskOccurrenceIndex: 2, endDate: date.addingTimeInterval(60.25), effectiveDate: date)
      for record in [CareRecord.patient(patient), .outcome(outcome)] {
        #expect(CareJSONWriter.fastDates.bytes(record) == CareJSONWriter().bytes(record), "\(date.timeIntervalSince1970)")
      }
    }
  }
}


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

  @Test("dates read back by arithmetic are the very dates the formatter reads, across the years")
  func parseSameAsFormatter() throws {
    var generator = SystemRandomNumberGenerator()
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    var texts = [
      "1583-01-01T00:00:00.000Z", "1970-01-01T00:00:00.000Z", "1969-12-31T23:59:59.999Z", "2000-02-29T12:00:00.001Z",
      "2001-01-01T00:00:00.000Z", "2020-09-13T12:26:40.124Z", "9999-12-31T23:59:59.999Z", "2100-02-28T23:59:59.500Z",
    ]
    for _ in 0..<20000 {
      let milliseconds = Double(Int64.random(in: -12_212_553_600_000...253_402_300_799_999, using: &generator))
      texts.append(StoreDates.format(Date(timeIntervalSince1970: milliseconds / 1000)))
    }
    for text in texts {
      let fast = try #require(StoreDates.fastParse(text), "\(text)")
      let slow = try #require(formatter.date(from: text))
      #expect(fast == slow, "\(text): \(fast.timeIntervalSinceReferenceDate) against \(slow.timeIntervalSinceReferenceDate)")
      #expect(StoreDates.format(fast) == text)
    }
  }

  @Test("any other text is the formatters' to read or refuse")
  func otherTextFallsBack() throws {
    let plain = ISO8601DateFormatter()
    for text in [
      "2020-09-13T12:26:40Z", "2020-09-13T12:26:40.124+02:00", "1500-03-01T00:00:00.000Z", "2021-02-30T00:00:00.000Z",
      "2020-09-13T24:00:00.000Z", "2020-13-01T00:00:00.000Z", "2020-09-13 12:26:40.124Z", "2020-09-13T12:26:40.12aZ",
      "20200-09-13T12:26:40.124Z", "", "yesterday",
    ] {
      #expect(StoreDates.fastParse(text) == nil, "\(text)")
    }
    #expect(StoreDates.parse("2020-09-13T12:26:40Z") == plain.date(from: "2020-09-13T12:26:40Z"))
    #expect(StoreDates.parse("2020-09-13T12:26:40.124+02:00") != nil)
    #expect(StoreDates.parse("yesterday") == nil)
    // A record whose dates are all read back by arithmetic decodes as CareJSON's decoder decodes it.
    let outcome = OutcomeEntity(
      id: "o", taskUUID: UUID(), taskOccurrenceIndex: 2, endDate: Date(timeIntervalSince1970: 1_600_000_060.25),
      effectiveDate: Date(timeIntervalSince1970: 1_600_000_000.124))
    let json = Data(CareJSONWriter.fastDates.bytes(.outcome(outcome)))
    #expect(
      try CareJSON.fastDatesDecoder().decode(CareRecord.self, from: json)
        == CareJSON.makeDecoder().decode(CareRecord.self, from: json))
  }
}

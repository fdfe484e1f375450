import FHIRCore
@testable import FHIRCoders
import Foundation
import Testing

/// The full-form date reading (``FHIRDates/fullFormPoint(_:)``, ``FHIRDates/fullFormDate(_:)``)
/// gives exactly what the general path (parse into components, then read them) gives, for every
/// text it accepts, and leaves every other text to the general path.
@Suite struct FHIRDatesFullFormTests {
  /// Texts near every edge the parser checks: each part at and beyond its range, leap days,
  /// every offset form, fractions, wrong separators and lengths.
  static let texts: [String] = {
    var texts: [String] = []
    let dates = [
      "2020-02-29", "2019-02-29", "1900-02-29", "2000-02-29", "2021-04-31", "2021-04-30", "2021-12-31", "2021-13-01",
      "2021-00-10", "2021-01-00", "2021-01-32", "1583-01-01", "1582-12-31", "9999-12-31", "0000-01-01", "20a1-01-01",
      "2021/01/01",
    ]
    let times = ["00:00:00", "23:59:59", "23:59:60", "24:00:00", "12:60:00", "12:00:61", "12:0:00", "1a:00:00"]
    let zones = [
      "Z", "+00:00", "-00:00", "-05:00", "+05:30", "+05:45", "+05:07", "+14:00", "-14:00", "+14:15", "+15:00", "-12:60",
      "+0500", "z", "", ".250Z", ".5-05:00", "Z ", "+05:00x",
    ]
    for date in dates {
      texts.append(date)
      for time in times {
        for zone in zones { texts.append(date + "T" + time + zone) }
      }
      texts.append(date + " 12:00:00Z")
    }
    return texts + ["2020", "2020-03", "2020-03-1", "2020-03-011", ""]
  }()

  @Test func dateTimesReadAsTheGeneralPathReadsThem() {
    var fast = 0
    for text in Self.texts {
      let general = FHIRDateTime(uncheckedString: text).validComponents.flatMap { FHIRDates.point($0, zone: FHIRDates.utc) }
      if let point = FHIRDates.fullFormPoint(text) {
        fast += 1
        #expect(point == general, "\(text)")
      }
      #expect(FHIRDates.point(dateTime: FHIRDateTime(uncheckedString: text), zone: FHIRDates.utc) == general, "\(text)")
    }
    // Six valid dates from 1583 on, three valid times, eight quarter-hour zones (`+05:07` and
    // out-of-range ones go the general way).
    #expect(fast == 6 * 3 * 8)
  }

  @Test func instantsReadAsTheGeneralPathReadsThem() {
    for text in Self.texts {
      let general = FHIRDates.point(FHIRInstant(uncheckedString: text).components, zone: FHIRDates.utc)
      #expect(FHIRDates.point(instant: FHIRInstant(uncheckedString: text)) == general, "\(text)")
    }
  }

  @Test func datesReadAsTheGeneralPathReadsThem() {
    var fast = 0
    for text in Self.texts.map({ String($0.prefix(10)) }) + ["2020", "2020-03"] {
      let c = FHIRDate(uncheckedString: text).validComponents
      let general = c.map { DateComponents(year: $0.year, month: $0.month, day: $0.day) }
      if FHIRDates.fullFormDate(text) != nil { fast += 1 }
      #expect(FHIRDates.components(date: FHIRDate(uncheckedString: text)) == general, "\(text)")
    }
    // The full dates the parser accepts (each of the 17 dates once per time-and-zone text).
    #expect(fast > 0 && fast == Self.texts.map { String($0.prefix(10)) }.filter { FHIRDate(uncheckedString: $0).validComponents?.day != nil }.count)
  }
}

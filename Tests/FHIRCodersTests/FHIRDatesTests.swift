import FHIRCore
import FHIRCoders
import Foundation
import Testing

/// FHIR date texts to instants: the arithmetic used for fixed offsets agrees with
/// Foundation's Gregorian calendar.
@Suite struct FHIRDatesTests {
  static let texts = [
    "2020", "2020-03", "2020-02-29", "1970-01-01T00:00:00Z", "1969-12-31T23:59:59Z", "2015-02-07T13:28:17-05:00",
    "2015-02-07T13:28:17.250+14:00", "1600-03-01T00:00:00Z", "1583-01-01", "2000-12-31T23:59:60Z", "9999-12-31T23:59:59Z",
    "2024-01-01T00:00:00+05:30", "1900-02-28T12:00:00-11:00", "1582-10-15", "1200-06-01T10:00:00Z",
  ]

  /// The instant Foundation's Gregorian calendar gives for `components` in `zone`.
  func reference(_ components: DateTimeComponents, zone: TimeZone) -> Date? {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = components.utcOffsetMinutes.flatMap { TimeZone(secondsFromGMT: $0 * 60) } ?? zone
    var parts = DateComponents()
    parts.year = components.year
    parts.month = components.month ?? 1
    parts.day = components.day ?? 1
    parts.hour = components.hour ?? 0
    parts.minute = components.minute ?? 0
    parts.second = components.second ?? 0
    guard var date = calendar.date(from: parts) else { return nil }
    if let fraction = components.fraction, let value = Double("0." + fraction) { date = date.addingTimeInterval(value) }
    return date
  }

  @Test(arguments: texts)
  func instantAgreesWithFoundation(_ text: String) throws {
    let components = FHIRDateTime(uncheckedString: text).components
    for zone in [TimeZone(secondsFromGMT: 0)!, TimeZone(identifier: "America/New_York")!] {
      let point = try #require(FHIRDates.point(components, zone: zone))
      #expect(point.date == reference(components, zone: zone), "\(text) in \(zone.identifier)")
    }
  }
}

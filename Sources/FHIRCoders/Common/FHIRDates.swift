public import FHIRCore
public import Foundation

/// Conversions between FHIR date texts and Foundation dates.
public enum FHIRDates {
  /// A point in time read from a FHIR date or dateTime.
  public struct Point: Hashable, Sendable {
    /// The instant (the start of the given period for partial dates).
    public var date: Date
    /// The zone written, if any.
    public var zone: TimeZone?
    /// How much was given.
    public var precision: DateTimeComponents.Precision
  }

  static let utc = TimeZone(secondsFromGMT: 0)!
  /// 1970-01-01T00:00:00Z: what an entity starts with until its version fields are read
  /// (never `Date()`, which would make decoding depend on the clock).
  static let epoch = Date(timeIntervalSince1970: 0)

  /// The zones of every quarter-hour offset from -14:00 to +14:00, made once (making a
  /// `TimeZone` per date read was a measurable part of the coders' time).
  static let quarterHourZones: [TimeZone] = (-56...56).map { TimeZone(secondsFromGMT: $0 * 15 * 60)! }

  /// The fixed zone `offsetMinutes` from UTC, or `nil` when Foundation has none.
  static func zone(offsetMinutes: Int) -> TimeZone? {
    if offsetMinutes % 15 == 0, (-840...840).contains(offsetMinutes) { return quarterHourZones[offsetMinutes / 15 + 56] }
    return TimeZone(secondsFromGMT: offsetMinutes * 60)
  }

  /// Reads FHIR date components; a missing zone is taken from `zone`; missing parts are the start
  /// of the given period.
  public static func point(_ components: DateTimeComponents, zone: TimeZone) -> Point? {
    guard let year = components.year else { return nil }
    let written = components.utcOffsetMinutes.flatMap(zone(offsetMinutes:))
    let offsetMinutes = components.utcOffsetMinutes ?? (zone == utc ? 0 : nil)
    if let offsetMinutes, written != nil || components.utcOffsetMinutes == nil,
      var date = fixedOffsetDate(components, year: year, offsetMinutes: offsetMinutes)
    {
      if let value = components.fractionOfSecond {
        date = date.addingTimeInterval(value)
      }
      return Point(date: date, zone: written, precision: components.precision)
    }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = written ?? zone
    var parts = DateComponents()
    parts.year = year
    parts.month = components.month ?? 1
    parts.day = components.day ?? 1
    parts.hour = components.hour ?? 0
    parts.minute = components.minute ?? 0
    parts.second = components.second ?? 0
    guard var date = calendar.date(from: parts) else { return nil }
    if let value = components.fractionOfSecond {
      date = date.addingTimeInterval(value)
    }
    return Point(date: date, zone: written, precision: components.precision)
  }

  /// The instant of `components` at a fixed UTC offset, by arithmetic on the proleptic
  /// Gregorian calendar (no `Calendar`); `nil` outside the ranges where that agrees with
  /// Foundation's Gregorian calendar (years before 1583 switch to Julian there).
  static func fixedOffsetDate(_ components: DateTimeComponents, year: Int, offsetMinutes: Int) -> Date? {
    let month = components.month ?? 1, day = components.day ?? 1
    let hour = components.hour ?? 0, minute = components.minute ?? 0, second = components.second ?? 0
    guard (1583...9999).contains(year), (1...12).contains(month), (1...31).contains(day), (0...23).contains(hour),
      (0...59).contains(minute), (0...60).contains(second)
    else { return nil }
    let days = GregorianDays.days(year: year, month: month, day: day)
    let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second - offsetMinutes * 60
    return Date(timeIntervalSince1970: TimeInterval(seconds))
  }

  /// Reads a FHIR dateTime.
  public static func point(_ value: Primitive<FHIRDateTime>?, zone: TimeZone) -> Point? {
    point(dateTime: value?.value, zone: zone)
  }

  /// Reads a FHIR dateTime's text (the coders read it without its element).
  static func point(dateTime value: FHIRDateTime?, zone: TimeZone) -> Point? {
    guard let value else { return nil }
    guard let components = value.validComponents else { return nil }
    return point(components, zone: zone)
  }

  /// Reads a FHIR instant's text (its components, as written, in UTC when it has no zone).
  static func point(instant value: FHIRInstant) -> Point? {
    return point(value.components, zone: utc)
  }

  /// Writes `date` as a FHIR dateTime in `zone`, to the second (with milliseconds when not whole).
  public static func dateTime(_ date: Date, zone: TimeZone) -> Primitive<FHIRDateTime> {
    Primitive(FHIRDateTime(uncheckedString: text(date, zone: zone)))
  }

  /// Writes `date` as a FHIR instant text in `zone`.
  public static func text(_ date: Date, zone: TimeZone) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    let whole = date.timeIntervalSinceReferenceDate.rounded(.down)
    let millis = Int(((date.timeIntervalSinceReferenceDate - whole) * 1000).rounded())
    let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: Date(timeIntervalSinceReferenceDate: whole))
    var text = pad(c.year ?? 0, 4) + "-" + pad(c.month ?? 1, 2) + "-" + pad(c.day ?? 1, 2)
    text += "T" + pad(c.hour ?? 0, 2) + ":" + pad(c.minute ?? 0, 2) + ":" + pad(c.second ?? 0, 2)
    if millis > 0 && millis < 1000 { text += "." + pad(millis, 3) }
    let offset = zone.secondsFromGMT(for: date) / 60
    if offset == 0 {
      text += "Z"
    } else {
      text += (offset < 0 ? "-" : "+") + pad(abs(offset) / 60, 2) + ":" + pad(abs(offset) % 60, 2)
    }
    return text
  }

  /// A FHIR `date` (`YYYY`, `YYYY-MM`, `YYYY-MM-DD`) as the date components given.
  public static func components(_ value: Primitive<FHIRDate>?) -> DateComponents? {
    components(date: value?.value)
  }

  /// ``components(_:)`` of the date alone (the coders read it without its element).
  static func components(date: FHIRDate?) -> DateComponents? {
    guard let date else { return nil }
    guard let c = date.validComponents else { return nil }
    return DateComponents(year: c.year, month: c.month, day: c.day)
  }

  /// Date components as a FHIR `date`, as precise as they allow (a day without a month is not written).
  public static func date(_ components: DateComponents) -> Primitive<FHIRDate>? {
    guard let year = components.year, (0...9999).contains(year) else { return nil }
    var text = pad(year, 4)
    if let month = components.month, (1...12).contains(month) {
      text += "-" + pad(month, 2)
      if let day = components.day, (1...31).contains(day) { text += "-" + pad(day, 2) }
    }
    return Primitive(FHIRDate(uncheckedString: text))
  }

  static func pad(_ value: Int, _ width: Int) -> String {
    let digits = String(value)
    return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
  }
}

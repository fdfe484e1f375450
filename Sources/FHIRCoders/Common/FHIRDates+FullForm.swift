import CareModel
import FHIRCore
import Foundation

/// The texts most FHIR data writes, read straight from their bytes: a dateTime or instant in
/// the full form `YYYY-MM-DDThh:mm:ss` with `Z` or a quarter-hour `±hh:mm` offset (no fraction),
/// and a full date `YYYY-MM-DD`. Parsing these into ``DateTimeComponents`` first was most of the
/// cost of reading a date. Every other text (and any text outside the ranges below) gives `nil`
/// here and is read by the general path, so that the result is always the general path's:
/// the checks are the parser's (month 01-12, a day of that month, hour 00-23, minutes 00-59,
/// seconds 00-60, zone hours at most 14), and the instant is ``FHIRDates/fixedOffsetDate(_:year:offsetMinutes:)``'s.
extension FHIRDates {
  /// The point of a full-form dateTime or instant text, as ``point(_:zone:)`` gives it for the
  /// text's components (any `zone`: the text has its own); `nil` when the text is not in the full
  /// form, has an offset that is not a quarter hour within ±14:00, or a year outside 1583-9999.
  static func fullFormPoint(_ text: String) -> Point? {
    // The closure gives two numbers (a `Point` holds a zone, dearer to hand through optionals).
    let instant: (Int, Int)?? = text.utf8.withContiguousStorageIfAvailable(fullFormInstant(utf8:))
    guard let instant, let (seconds, offsetMinutes) = instant else { return nil }
    return Point(
      date: Date(timeIntervalSince1970: TimeInterval(seconds)), zone: quarterHourZones[offsetMinutes / 15 + 56],
      precision: .second)
  }

  /// The seconds since 1970 and the offset in minutes of a full-form text's UTF-8 bytes (see
  /// ``fullFormPoint(_:)``).
  private static func fullFormInstant(utf8 b: UnsafeBufferPointer<UInt8>) -> (Int, Int)? {
    guard b.count == 20 || b.count == 25, let (year, month, day) = fullDate(b),
      b[10] == UInt8(ascii: "T"), let hour = twoDigits(b, 11), b[13] == UInt8(ascii: ":"),
      let minute = twoDigits(b, 14), b[16] == UInt8(ascii: ":"), let second = twoDigits(b, 17),
      hour < 24, minute < 60, second <= 60, (1583...9999).contains(year)
    else { return nil }
    let offsetMinutes: Int
    if b.count == 20 {
      guard b[19] == UInt8(ascii: "Z") else { return nil }
      offsetMinutes = 0
    } else {
      let sign = b[19]
      guard sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"), let hours = twoDigits(b, 20),
        b[22] == UInt8(ascii: ":"), let minutes = twoDigits(b, 23), hours <= 14, minutes < 60
      else { return nil }
      offsetMinutes = (sign == UInt8(ascii: "-") ? -1 : 1) * (hours * 60 + minutes)
    }
    guard offsetMinutes % 15 == 0, (-840...840).contains(offsetMinutes) else { return nil }
    let days = GregorianDays.days(year: year, month: month, day: day)
    return (days * 86_400 + hour * 3_600 + minute * 60 + second - offsetMinutes * 60, offsetMinutes)
  }

  /// The date components of a full date text `YYYY-MM-DD`, as ``components(date:)`` gives them;
  /// `nil` for any other text.
  static func fullFormDate(_ text: String) -> DateComponents? {
    // The closure gives the three numbers (a `DateComponents` is large to hand through optionals).
    let date: (Int, Int, Int)?? = text.utf8.withContiguousStorageIfAvailable { b in b.count == 10 ? fullDate(b) : nil }
    guard let date, let (year, month, day) = date else { return nil }
    return DateComponents(year: year, month: month, day: day)
  }

  /// Year, month and day of the first ten bytes, `YYYY-MM-DD`, when they are a date (month
  /// 01-12, a day of that month).
  @inline(__always)
  private static func fullDate(_ b: UnsafeBufferPointer<UInt8>) -> (Int, Int, Int)? {
    guard b.count >= 10, let century = twoDigits(b, 0), let yy = twoDigits(b, 2), b[4] == UInt8(ascii: "-"),
      let month = twoDigits(b, 5), b[7] == UInt8(ascii: "-"), let day = twoDigits(b, 8), (1...12).contains(month),
      day >= 1
    else { return nil }
    let year = century * 100 + yy
    let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    let length =
      switch month {
      case 2: leap ? 29 : 28
      case 4, 6, 9, 11: 30
      default: 31
      }
    return day <= length ? (year, month, day) : nil
  }

  /// The two ASCII digits at `i` as a number.
  @inline(__always)
  private static func twoDigits(_ b: UnsafeBufferPointer<UInt8>, _ i: Int) -> Int? {
    let tens = b[i] &- UInt8(ascii: "0"), ones = b[i + 1] &- UInt8(ascii: "0")
    guard tens < 10, ones < 10 else { return nil }
    return Int(tens) * 10 + Int(ones)
  }
}

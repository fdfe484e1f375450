import FHIRJSON

/// The parts of a FHIR date, dateTime, instant or time, as far as they were given.
/// FHIR dates may be partial (`2020`, `2020-03`); the parts not given are `nil`.
public struct DateTimeComponents: Hashable, Sendable {
  public var year: Int?
  public var month: Int?
  public var day: Int?
  public var hour: Int?
  public var minute: Int?
  public var second: Int?
  /// Fractional seconds as written after the point (`"250"` for `.250`).
  public var fraction: String?
  /// Offset from UTC in minutes (`Z` is 0); `nil` when no zone was given.
  public var utcOffsetMinutes: Int?

  /// How much of a date and time was given.
  public enum Precision: Int, Hashable, Sendable, Comparable {
    case year, month, day, minute, second, fraction

    public static func < (lhs: Precision, rhs: Precision) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  /// The fraction of a second as a `Double` (`"250"` → 0.25), as `Double("0." + fraction)`
  /// reads it; `nil` without a fraction.
  public var fractionOfSecond: Double? {
    guard var digits = fraction else { return nil }
    return digits.withUTF8 { JSONNumber.fractionValue(ofDigits: $0) }
  }

  /// The finest part given.
  public var precision: Precision {
    if fraction != nil { return .fraction }
    if second != nil { return .second }
    if minute != nil { return .minute }
    if day != nil { return .day }
    if month != nil { return .month }
    return .year
  }

  /// What may appear in a text.
  struct Shape {
    var date = true
    var partialDate = true
    var time = false
    var timeRequired = false
    var zoneRequired = false
    var timeOnly = false
  }

  /// Parses `text` of the given shape; returns the parts, or a problem (never quoting the text).
  static func parse(_ text: String, shape: Shape) -> (DateTimeComponents, problem: String?) {
    var text = text
    return text.withUTF8 { parse(utf8: $0, shape: shape) }
  }

  /// Parses UTF-8 `bytes` of the given shape.
  static func parse(utf8 bytes: UnsafeBufferPointer<UInt8>, shape: Shape) -> (DateTimeComponents, problem: String?) {
    var parts = DateTimeComponents()
    var i = 0

    func digits(_ count: Int) -> Int? {
      guard i + count <= bytes.count else { return nil }
      var value = 0
      for k in i..<i + count {
        guard bytes[k] >= 0x30 && bytes[k] <= 0x39 else { return nil }
        value = value * 10 + Int(bytes[k] - 0x30)
      }
      i += count
      return value
    }
    func expect(_ character: Unicode.Scalar) -> Bool {
      guard i < bytes.count, bytes[i] == UInt8(ascii: character) else { return false }
      i += 1
      return true
    }

    func parseTime() -> String? {
      guard let hour = digits(2), hour < 24 else { return "hour must be 00-23" }
      parts.hour = hour
      guard expect(":"), let minute = digits(2), minute < 60 else { return "minutes must be :00-:59" }
      parts.minute = minute
      guard expect(":") else { return "seconds are required" }
      guard let second = digits(2), second <= 60 else { return "seconds must be 00-60" }
      parts.second = second
      if expect(".") {
        let start = i
        while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 { i += 1 }
        guard i > start else { return "fraction of a second needs digits" }
        parts.fraction = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
      }
      return nil
    }

    if shape.timeOnly {
      if let problem = parseTime() { return (parts, problem) }
      return (parts, i == bytes.count ? nil : "unexpected characters after the time")
    }

    guard let year = digits(4) else { return (parts, "year must be four digits") }
    parts.year = year
    if i < bytes.count {
      guard expect("-"), let month = digits(2), (1...12).contains(month) else {
        return (parts, "month must be 01-12")
      }
      parts.month = month
      if i < bytes.count {
        guard expect("-"), let day = digits(2), day >= 1, day <= Self.days(inMonth: month, year: year) else {
          return (parts, "day is not a day of that month")
        }
        parts.day = day
      }
    }
    if parts.day == nil && (!shape.partialDate || shape.timeRequired) {
      return (parts, shape.timeRequired ? "a full date and time is required" : "a full date is required")
    }
    if i < bytes.count {
      guard shape.time, expect("T") else { return (parts, "unexpected characters after the date") }
      if let problem = parseTime() { return (parts, problem) }
      if expect("Z") {
        parts.utcOffsetMinutes = 0
      } else if i < bytes.count && (bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-")) {
        let sign = bytes[i] == UInt8(ascii: "-") ? -1 : 1
        i += 1
        guard let hours = digits(2), expect(":"), let minutes = digits(2), hours <= 14, minutes < 60 else {
          return (parts, "time zone must be Z or +hh:mm")
        }
        parts.utcOffsetMinutes = sign * (hours * 60 + minutes)
      }
      if shape.zoneRequired && parts.utcOffsetMinutes == nil { return (parts, "a time zone is required") }
      guard i == bytes.count else { return (parts, "unexpected characters after the time") }
    } else if shape.timeRequired {
      return (parts, "a time is required")
    }
    return (parts, nil)
  }

  static func days(inMonth month: Int, year: Int) -> Int {
    switch month {
    case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }
}

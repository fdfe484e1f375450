import FHIRJSON

/// The parts of a FHIR date, dateTime, instant or time, as far as they were given.
/// FHIR dates may be partial (`2020`, `2020-03`); the parts not given are `nil`.
public struct DateTimeComponents: Hashable, Sendable {
  /// The year, four digits in FHIR.
  public var year: Int?
  /// The month, 1–12, if given.
  public var month: Int?
  /// The day of the month, 1–31, if given.
  public var day: Int?
  /// The hour, 0–23, if a time was given.
  public var hour: Int?
  /// The minute, 0–59, if a time was given.
  public var minute: Int?
  /// The second, 0–59 (FHIR allows 60 for a leap second), if given.
  public var second: Int?
  /// Fractional seconds as written after the point (`"250"` for `.250`).
  public var fraction: String?
  /// Offset from UTC in minutes (`Z` is 0); `nil` when no zone was given.
  public var utcOffsetMinutes: Int?

  /// How much of a date and time was given.
  public enum Precision: Int, Hashable, Sendable, Comparable {
    /// To the year (`2020`), month (`2020-03`), day, minute, second, or fraction of a second.
    case year, month, day, minute, second, fraction

    /// Whether `lhs` is coarser than `rhs` (`.year < .day`).
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
    let problem = scan(utf8: bytes, shape: shape, into: &parts, keepingFraction: true)
    return (parts, problem)
  }

  /// The problem with UTF-8 `bytes` of the given shape, if any (the parts are not kept).
  static func problem(utf8 bytes: UnsafeBufferPointer<UInt8>, shape: Shape) -> String? {
    var parts = DateTimeComponents()
    return scan(utf8: bytes, shape: shape, into: &parts, keepingFraction: false)
  }

  /// Reads `bytes` into `parts` as far as they are valid; returns the first problem, if any.
  /// The fraction's text is made only when `keepingFraction`.
  @inline(__always)
  private static func scan(
    utf8 bytes: UnsafeBufferPointer<UInt8>, shape: Shape, into parts: inout DateTimeComponents, keepingFraction: Bool
  ) -> String? {
    var text = DateText(bytes)

    func parseTime(_ text: inout DateText, _ parts: inout DateTimeComponents) -> String? {
      guard let hour = text.digits(2), hour < 24 else { return "hour must be 00-23" }
      parts.hour = hour
      guard text.expect(":"), let minute = text.digits(2), minute < 60 else { return "minutes must be :00-:59" }
      parts.minute = minute
      guard text.expect(":") else { return "seconds are required" }
      guard let second = text.digits(2), second <= 60 else { return "seconds must be 00-60" }
      parts.second = second
      if text.expect(".") {
        let start = text.index
        text.skipDigits()
        guard text.index > start else { return "fraction of a second needs digits" }
        parts.fraction = keepingFraction ? text.string(from: start) : ""
      }
      return nil
    }

    if shape.timeOnly {
      if let problem = parseTime(&text, &parts) { return problem }
      return text.isAtEnd ? nil : "unexpected characters after the time"
    }

    guard let year = text.digits(4) else { return "year must be four digits" }
    parts.year = year
    if !text.isAtEnd {
      guard text.expect("-"), let month = text.digits(2), (1...12).contains(month) else {
        return "month must be 01-12"
      }
      parts.month = month
      if !text.isAtEnd {
        guard text.expect("-"), let day = text.digits(2), day >= 1, day <= Self.days(inMonth: month, year: year) else {
          return "day is not a day of that month"
        }
        parts.day = day
      }
    }
    if parts.day == nil && (!shape.partialDate || shape.timeRequired) {
      return shape.timeRequired ? "a full date and time is required" : "a full date is required"
    }
    if !text.isAtEnd {
      guard shape.time, text.expect("T") else { return "unexpected characters after the date" }
      if let problem = parseTime(&text, &parts) { return problem }
      if text.expect("Z") {
        parts.utcOffsetMinutes = 0
      } else if let sign = text.sign() {
        guard let hours = text.digits(2), text.expect(":"), let minutes = text.digits(2), hours <= 14, minutes < 60 else {
          return "time zone must be Z or +hh:mm"
        }
        parts.utcOffsetMinutes = sign * (hours * 60 + minutes)
      }
      if shape.zoneRequired && parts.utcOffsetMinutes == nil { return "a time zone is required" }
      guard text.isAtEnd else { return "unexpected characters after the time" }
    } else if shape.timeRequired {
      return "a time is required"
    }
    return nil
  }

  /// The bytes of a date or time being read, and how far.
  private struct DateText {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    var isAtEnd: Bool {
      @inline(__always) get { index >= bytes.count }
    }

    /// The number that the next `count` bytes spell when they are all ASCII digits (then read).
    @inline(__always)
    mutating func digits(_ count: Int) -> Int? {
      guard count <= bytes.count - index, let base = bytes.baseAddress else { return nil }
      var value = 0
      for k in index..<index + count {
        let digit = base[k] &- 0x30
        guard digit < 10 else { return nil }
        value = value &* 10 &+ Int(digit)
      }
      index += count
      return value
    }

    /// Whether the next byte is `character` (then read).
    @inline(__always)
    mutating func expect(_ character: Unicode.Scalar) -> Bool {
      guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
      index += 1
      return true
    }

    /// -1 or 1 when the next byte is `-` or `+` (then read).
    @inline(__always)
    mutating func sign() -> Int? {
      guard index < bytes.count else { return nil }
      switch bytes[index] {
      case UInt8(ascii: "+"): index += 1; return 1
      case UInt8(ascii: "-"): index += 1; return -1
      default: return nil
      }
    }

    /// Reads the ASCII digits that come next.
    mutating func skipDigits() {
      while index < bytes.count, bytes[index] &- 0x30 < 10 { index += 1 }
    }

    /// The bytes from `start` to ``index`` as a `String`.
    func string(from start: Int) -> String {
      String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    }
  }

  static func days(inMonth month: Int, year: Int) -> Int {
    switch month {
    case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }
}

@testable import FHIRCore
import Testing

/// Date and time texts are read by a scanner tuned for speed; it must accept, reject and
/// split every text exactly as the plain reading below (the parser as first written) does.
@Suite struct DateTimeParsingTests {
  /// Valid texts of every shape, from which the cases below are made.
  static let seeds = [
    "2020", "2020-03", "2020-02-29", "2021-02-28", "1900-02-28", "2000-02-29", "2015-02-07T13:28:17-05:00",
    "2015-02-07T13:28:17.250Z", "2015-02-07T13:28:17+14:00", "2015-02-07T00:00:60Z", "2015-02-07T23:59:59",
    "2015-12-31T13:28:17.1234567890+05:30", "13:28:17", "00:00:00.5", "23:59:60.000",
  ]

  /// Each seed, cut at every length, with each byte replaced by a few others, and with a few
  /// bytes appended.
  static var cases: [String] {
    var cases: Set<String> = ["", "T", "Z", "-", "+05:00", "2020-", "2020-1", "20201", "2020-02-30", "2019-02-29"]
    let replacements: [UInt8] = Array("0159:-+.TZ x".utf8) + [0x2F, 0x3A, 0xC3, 0xA9]
    for seed in seeds {
      let bytes = Array(seed.utf8)
      for length in 0...bytes.count { cases.insert(String(decoding: bytes[..<length], as: UTF8.self)) }
      for position in bytes.indices {
        for byte in replacements {
          var changed = bytes
          changed[position] = byte
          cases.insert(String(decoding: changed, as: UTF8.self))
        }
      }
      for tail in ["Z", "0", ".", "-05:00", "+25:00", "x"] { cases.insert(seed + tail) }
    }
    return cases.sorted()
  }

  @Test func scannerReadsEveryTextAsThePlainReadingDoes() {
    for text in Self.cases {
      let expected = [
        Plain.parse(text, shape: Plain.Shape()), Plain.parse(text, shape: Plain.Shape(time: true)),
        Plain.parse(text, shape: Plain.Shape(partialDate: false, time: true, timeRequired: true, zoneRequired: true)),
        Plain.parse(text, shape: Plain.Shape(timeOnly: true)),
      ]
      let problems = [
        FHIRDate.problem(with: text), FHIRDateTime.problem(with: text), FHIRInstant.problem(with: text),
        FHIRTime.problem(with: text),
      ]
      var copy = text
      let fromBytes = copy.withUTF8 { utf8 in
        let raw = UnsafeRawBufferPointer(utf8)
        return [FHIRDate.problem(utf8: raw), FHIRDateTime.problem(utf8: raw), FHIRInstant.problem(utf8: raw), FHIRTime.problem(utf8: raw)]
      }
      let components = [
        FHIRDate(uncheckedString: text).components, FHIRDateTime(uncheckedString: text).components,
        FHIRInstant(uncheckedString: text).components, FHIRTime(uncheckedString: text).components,
      ]
      let valid = [
        FHIRDate(uncheckedString: text).validComponents, FHIRDateTime(uncheckedString: text).validComponents,
        FHIRInstant(uncheckedString: text).validComponents, FHIRTime(uncheckedString: text).validComponents,
      ]
      for shape in 0..<4 {
        #expect(problems[shape] == expected[shape].problem, "\(text), shape \(shape)")
        #expect(fromBytes[shape] == expected[shape].problem, "\(text), shape \(shape)")
        #expect(components[shape] == expected[shape].parts, "\(text), shape \(shape)")
        #expect(valid[shape] == (expected[shape].problem == nil ? expected[shape].parts : nil), "\(text), shape \(shape)")
      }
    }
  }

  /// The parser as first written: nested functions over the bytes, every check spelled out.
  enum Plain {
    struct Shape {
      var partialDate = true
      var time = false
      var timeRequired = false
      var zoneRequired = false
      var timeOnly = false
    }

    static func parse(_ text: String, shape: Shape) -> (parts: DateTimeComponents, problem: String?) {
      let bytes = Array(text.utf8)
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
          parts.fraction = String(decoding: bytes[start..<i], as: UTF8.self)
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
        guard expect("-"), let month = digits(2), (1...12).contains(month) else { return (parts, "month must be 01-12") }
        parts.month = month
        if i < bytes.count {
          let days = [31, (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
          guard expect("-"), let day = digits(2), day >= 1, day <= days[month - 1] else {
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
  }
}

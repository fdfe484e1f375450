public import CareModel
import FHIRCore
public import Foundation

/// Care JSON's date text (ISO 8601, UTC, milliseconds: `2020-09-13T12:26:40.124Z`), written
/// and read without a date formatter: the importer encodes every entity and the exporter decodes
/// every stored one, and Foundation's `ISO8601DateFormatter` behind a lock was most of that time.
/// Same text as `CareJSON`'s (milliseconds rounded to nearest), and the same `Date` read back;
/// years outside 1583…9999 (Julian dates before the reform, five digits) and any other form of
/// the text fall back to the formatter.
enum StoreDates {
  /// The text for `date`.
  static func format(_ date: Date) -> String {
    fast(date) ?? fallback(date)
  }

  static func fast(_ date: Date) -> String? {
    let scaled = date.timeIntervalSince1970 * 1000
    // Near half a millisecond the formatter may round the other way: leave those to it.
    guard abs(scaled - scaled.rounded(.down) - 0.5) > 0.05 else { return nil }
    let milliseconds = scaled.rounded()
    guard milliseconds.magnitude < 2.6e14 else { return nil }
    let total = Int64(milliseconds)
    let dayLength: Int64 = 86_400_000
    let days = total >= 0 ? total / dayLength : (total - dayLength + 1) / dayLength
    let inDay = total - days * dayLength
    let civil = GregorianDays.date(ofDay: Int(days))
    let year = Int64(civil.year), month = Int64(civil.month), day = Int64(civil.day)
    // Before the Gregorian reform Foundation counts in the Julian calendar: leave those to it.
    guard year >= 1583 && year <= 9999 else { return nil }
    var bytes = [UInt8](repeating: 0, count: 24)
    func put(_ value: Int64, _ width: Int, at offset: Int) {
      var v = value
      for i in stride(from: width - 1, through: 0, by: -1) {
        bytes[offset + i] = UInt8(48 + v % 10)
        v /= 10
      }
    }
    put(year, 4, at: 0)
    bytes[4] = 0x2D
    put(month, 2, at: 5)
    bytes[7] = 0x2D
    put(day, 2, at: 8)
    bytes[10] = 0x54
    put(inDay / 3_600_000, 2, at: 11)
    bytes[13] = 0x3A
    put(inDay / 60_000 % 60, 2, at: 14)
    bytes[16] = 0x3A
    put(inDay / 1000 % 60, 2, at: 17)
    bytes[19] = 0x2E
    put(inDay % 1000, 3, at: 20)
    bytes[23] = 0x5A
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The date `text` stands for, as `CareJSON.makeDecoder()` reads it: the form ``fast(_:)``
  /// writes by arithmetic, any other through the formatters.
  static func parse(_ text: String) -> Date? {
    fastParse(text) ?? lock.withLock { formatter.date(from: text) ?? plainFormatter.date(from: text) }
  }

  /// The date of `text` in the form ``fast(_:)`` writes (`2020-09-13T12:26:40.124Z`, years
  /// 1583…9999, a date the calendar has), as the formatter computes it: milliseconds since 1970
  /// divided by 1,000, less the seconds from 1970 to 2001. `nil` for anything else.
  static func fastParse(_ text: String) -> Date? {
    let bytes = Array(text.utf8)
    guard bytes.count == 24, bytes[4] == 0x2D, bytes[7] == 0x2D, bytes[10] == 0x54, bytes[13] == 0x3A,
      bytes[16] == 0x3A, bytes[19] == 0x2E, bytes[23] == 0x5A
    else { return nil }
    func number(_ start: Int, _ width: Int) -> Int? {
      var value = 0
      for byte in bytes[start..<start + width] {
        guard byte >= 0x30 && byte <= 0x39 else { return nil }
        value = value * 10 + Int(byte - 0x30)
      }
      return value
    }
    guard let year = number(0, 4), year >= 1583, let month = number(5, 2), let day = number(8, 2),
      let hour = number(11, 2), hour < 24, let minute = number(14, 2), minute < 60, let second = number(17, 2),
      second < 60, let milliseconds = number(20, 3)
    else { return nil }
    let days = GregorianDays.days(year: year, month: month, day: day)
    // A day the month does not have (`02-30`) is the formatter's to judge.
    guard GregorianDays.date(ofDay: days) == (year, month, day) else { return nil }
    let total = ((days * 24 + hour) * 60 + minute) * 60 + second
    return Date(timeIntervalSinceReferenceDate: Double(total * 1000 + milliseconds) / 1000 - 978_307_200)
  }

  nonisolated(unsafe) private static let formatter: ISO8601DateFormatter = {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    return formatter
  }()
  nonisolated(unsafe) private static let plainFormatter = ISO8601DateFormatter()
  private static let lock = NSLock()

  static func fallback(_ date: Date) -> String {
    lock.withLock { formatter.string(from: date) }
  }

  /// A care JSON encoder writing dates with ``format(_:)``.
  static func encoder() -> JSONEncoder {
    let encoder = CareJSON.makeEncoder()
    encoder.dateEncodingStrategy = .custom { date, encoder in
      var container = encoder.singleValueContainer()
      try container.encode(format(date))
    }
    return encoder
  }
}

extension CareJSON {
  /// A decoder reading the records ``CareJSON/makeDecoder()`` reads, dates in the form
  /// ``CareJSONWriter/fastDates`` writes (`2020-09-13T12:26:40.124Z`) read by arithmetic rather
  /// than by Foundation's formatter behind a lock, which was most of the time of reading care
  /// NDJSON and stored versions (docs/benchmarks/job-2026-11-30.md, "Sources packed with Zstandard, export
  /// reading faster"); other date text is read by the formatter, as before. The same dates: what
  /// `convert --from care`, `import --from care` and the store read care JSON with.
  public static func fastDatesDecoder() -> JSONDecoder {
    let decoder = makeDecoder()
    decoder.dateDecodingStrategy = .custom { decoder in
      let container = try decoder.singleValueContainer()
      guard let date = StoreDates.parse(try container.decode(String.self)) else {
        throw DecodingError.dataCorruptedError(in: container, debugDescription: "not an ISO 8601 date")
      }
      return date
    }
    return decoder
  }
}

extension CareJSONWriter {
  /// A writer giving the same bytes as ``CareJSONWriter/init()``, its dates written by plain
  /// arithmetic (as the store writes them) rather than by Foundation's formatter behind a lock,
  /// which every encoding thread shared: what `convert --to care`, the importer and the
  /// exporter write care JSON with.
  public static let fastDates = CareJSONWriter(dateFormat: { StoreDates.format($0) })
}

public import Foundation

/// JSON and NDJSON for care entities: dates as ISO 8601 with fractional seconds in UTC,
/// keys sorted so that output is stable.
public enum CareJSON {
  /// An encoder with the care model's conventions. The output side uses ``CareJSONWriter``,
  /// which writes the same bytes and cannot fail; this encoder stays for callers that need a
  /// `JSONEncoder`.
  public static func makeEncoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .custom { date, encoder in
      var container = encoder.singleValueContainer()
      try container.encode(format(date))
    }
    return encoder
  }

  /// A decoder with the care model's conventions (and ``CareJSONWriter``'s strings for
  /// non-finite doubles).
  public static func makeDecoder() -> JSONDecoder {
    let decoder = JSONDecoder()
    decoder.nonConformingFloatDecodingStrategy = .convertFromString(
      positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
    decoder.dateDecodingStrategy = .custom { decoder in
      let container = try decoder.singleValueContainer()
      let text = try container.decode(String.self)
      guard let date = parse(text) else {
        throw DecodingError.dataCorruptedError(in: container, debugDescription: "not an ISO 8601 date")
      }
      return date
    }
    return decoder
  }

  /// Encodes records as NDJSON: one record per line, each ending in a newline, written by
  /// ``CareJSONWriter`` (the bytes `makeEncoder()` gives, without its failure on a non-finite
  /// double).
  /// - Throws: Nothing any more; it stays `throws` so that callers written for the
  ///   `JSONEncoder` version still compile.
  public static func ndjson(_ records: [CareRecord]) throws -> Data {
    let writer = CareJSONWriter()
    var data = Data()
    for record in records {
      data.append(contentsOf: writer.bytes(record))
      data.append(0x0A)
    }
    return data
  }

  /// Decodes NDJSON records; blank lines are skipped.
  /// - Throws: `DecodingError` for a bad line, with the 1-based line number in its context.
  public static func records(fromNDJSON data: Data) throws -> [CareRecord] {
    let decoder = makeDecoder()
    var records: [CareRecord] = []
    for (index, line) in data.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated()
    where !line.allSatisfy({ $0 == 0x20 || $0 == 0x0D }) {
      do {
        records.append(try decoder.decode(CareRecord.self, from: Data(line)))
      } catch {
        throw DecodingError.dataCorrupted(
          .init(codingPath: [], debugDescription: "NDJSON line \(index + 1) is not a care record", underlyingError: error))
      }
    }
    return records
  }

  /// The links (`patientUUID`, `carePlanUUID`, `taskUUID`) that point at no record in `records`,
  /// as the linking record's kind and field.
  public static func unresolvedLinks(in records: [CareRecord]) -> [(kind: String, field: String)] {
    let known = Set(records.map(\.uuid))
    return records.flatMap { record in
      record.links.filter { !known.contains($0.uuid) }.map { (record.kind, $0.field) }
    }
  }

  nonisolated(unsafe) private static let formatter: ISO8601DateFormatter = {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    return formatter
  }()
  nonisolated(unsafe) private static let plainFormatter = ISO8601DateFormatter()
  private static let lock = NSLock()

  static func format(_ date: Date) -> String {
    lock.withLock { formatter.string(from: date) }
  }

  static func parse(_ text: String) -> Date? {
    lock.withLock { formatter.date(from: text) ?? plainFormatter.date(from: text) }
  }
}

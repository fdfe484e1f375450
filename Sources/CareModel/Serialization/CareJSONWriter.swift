public import FHIRJSON
public import Foundation

/// Writes care entities as JSON with FHIRJSON's `JSONWriter`, byte for byte as
/// ``CareJSON/makeEncoder()``'s `JSONEncoder` (sorted keys, unescaped slashes) writes every
/// value that encoder accepts, and without its one failure: a non-finite `Double` (which the
/// coders never put in an entity, but a caller may) is written as the string `"Infinity"`,
/// `"-Infinity"` or `"NaN"`, which ``CareJSON/makeDecoder()`` reads back.
///
/// Writing cannot fail: care records are written member by member, and their Foundation values
/// (`TimeZone`, `DateComponents`) through their `Codable` conformances, whose only errors would
/// come from the encoder, and this encoder raises none.
public struct CareJSONWriter: Sendable {
  /// How a date is written (a JSON string).
  public let dateFormat: @Sendable (Date) -> String

  /// A writer writing dates with `dateFormat` (``CareJSON``'s ISO 8601 with fractional seconds, UTC).
  public init(dateFormat: @escaping @Sendable (Date) -> String) {
    self.dateFormat = dateFormat
  }

  /// A writer writing dates as ``CareJSON/makeEncoder()`` does (ISO 8601 with fractional seconds, UTC).
  public init() {
    self.dateFormat = { CareJSON.format($0) }
  }

  /// One record as compact JSON (no newline).
  public func bytes(_ record: CareRecord) -> [UInt8] {
    var writer = JSONWriter()
    write(record, to: &writer)
    return writer.takeOutput()
  }

  /// Writes one record's JSON value to `writer`, member by member (``CareRecordJSON``): the
  /// bytes ``write(encodable:to:)`` writes for it, in less time.
  public func write(_ record: CareRecord, to writer: inout JSONWriter) {
    var direct = CareRecordJSON(writer: JSONWriter(), dateFormat: dateFormat)
    swap(&direct.writer, &writer)
    defer { swap(&direct.writer, &writer) }
    do {
      try direct.write(record)
    } catch {
      // Only the Foundation members (`TimeZone`, `DateComponents`) go through an encoder, which
      // throws only what their own `encode(to:)` throws, and theirs throw nothing.
      preconditionFailure("a care record threw while encoding: \(type(of: error))")
    }
  }

  /// Writes any `Encodable` value the way ``CareJSON/makeEncoder()`` would.
  /// - Throws: Only what the value's own `encode(to:)` throws by itself.
  public func write(encodable value: some Encodable, to writer: inout JSONWriter) throws {
    try TreeEncoder.value(of: value, dateFormat: dateFormat).write(to: &writer)
  }
}

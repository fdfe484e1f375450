public import FHIRJSON
public import Foundation

/// Writes care entities as JSON with FHIRJSON's `JSONWriter`, byte for byte as
/// ``CareJSON/makeEncoder()``'s `JSONEncoder` (sorted keys, unescaped slashes) writes every
/// value that encoder accepts, and without its one failure: a non-finite `Double` (which the
/// coders never put in an entity, but a caller may) is written as the string `"Infinity"`,
/// `"-Infinity"` or `"NaN"`, which ``CareJSON/makeDecoder()`` reads back.
///
/// Writing cannot fail: care entities encode through their `Codable` conformances, whose only
/// errors would come from the encoder, and this encoder raises none.
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

  /// Writes one record's JSON value to `writer`.
  public func write(_ record: CareRecord, to writer: inout JSONWriter) {
    do {
      try write(encodable: record, to: &writer)
    } catch {
      // CareRecord and the entities throw only what their encoder throws, and this one throws nothing.
      preconditionFailure("a care record threw while encoding: \(type(of: error))")
    }
  }

  /// Writes any `Encodable` value the way ``CareJSON/makeEncoder()`` would.
  /// - Throws: Only what the value's own `encode(to:)` throws by itself.
  public func write(encodable value: some Encodable, to writer: inout JSONWriter) throws {
    let node = try TreeEncoder.node(of: value, dateFormat: dateFormat, codingPath: [])
    node.write(to: &writer)
  }
}

/// A JSON value as `JSONEncoder` builds it before writing: numbers as their final text.
indirect enum CareJSONNode {
  case null
  case bool(Bool)
  case number(String)
  case string(String)
  case array([CareJSONNode])
  case object([String: CareJSONNode])

  /// Writes the value, object keys sorted by their UTF-8 bytes (as `JSONEncoder`'s `.sortedKeys`).
  func write(to writer: inout JSONWriter) {
    switch self {
    case .null: writer.null()
    case .bool(let b): writer.bool(b)
    case .number(let text): writer.number(JSONNumber(text) ?? JSONNumber(0))
    case .string(let s): writer.string(s)
    case .array(let items):
      writer.beginArray()
      for item in items { item.write(to: &writer) }
      writer.endArray()
    case .object(let members):
      writer.beginObject()
      for key in members.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
        writer.key(key)
        members[key]!.write(to: &writer)
      }
      writer.endObject()
    }
  }

  /// A double's text as `JSONEncoder` writes it (`description` without a trailing `.0`), or the
  /// non-conforming string for infinities and NaN.
  static func double(_ x: Double) -> CareJSONNode {
    guard x.isFinite else { return .string(x.isNaN ? "NaN" : x < 0 ? "-Infinity" : "Infinity") }
    var text = x.description
    if text.hasSuffix(".0") { text.removeLast(2) }
    return .number(text)
  }
}

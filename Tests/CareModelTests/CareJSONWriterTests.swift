import CareModel
import FHIRJSON
import Foundation
import Testing

/// ``CareJSONWriter`` writes exactly the bytes Foundation's `JSONEncoder` (``CareJSON/makeEncoder()``)
/// writes for every value that encoder accepts, and writes the values it refuses (non-finite
/// doubles) as strings the care decoder reads back.
@Suite struct CareJSONWriterTests {
  static func foundation(_ record: CareRecord) throws -> [UInt8] { Array(try CareJSON.makeEncoder().encode(record)) }

  @Test func samplesGiveTheEncodersBytes() throws {
    for record in CareModelCodableTests.samples() {
      #expect(CareJSONWriter().bytes(record) == (try Self.foundation(record)), "\(record.kind)")
    }
  }

  /// Doubles of every magnitude, texts with every kind of character to escape, keys in every
  /// order (userInfo keys are data, sorted by their bytes).
  @Test func generatedValuesGiveTheEncodersBytes() throws {
    var random = SystemRandomNumberGenerator()
    let texts = [
      "", "a/b", "quote \" back \\ slash", "\u{1}\u{8}\u{9}\u{A}\u{C}\u{D}\u{1F}\u{7F}", "é ß 漢字 🙂", "\u{2028}\u{2029}",
      "A", "a10", "a2", "_x", "Z",
    ]
    let fixed: [Double] = [
      0, -0.0, 1, -1, 0.1, 1.5, 100, 1e15, 1e16, 9_007_199_254_740_993, 1e21, 1e22, 1e-5, 1e-6, 1e-7, 5e-324,
      .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNormalMagnitude, 123_456.789,
    ]
    for round in 0..<400 {
      let x =
        round < fixed.count
        ? fixed[round] : Double(sign: Bool.random(using: &random) ? .minus : .plus, exponent: Int.random(in: -1074...1023, using: &random),
          significand: Double.random(in: 1..<2, using: &random))
      let text = texts[round % texts.count]
      var outcome = OutcomeEntity(
        id: text, taskUUID: nil, taskOccurrenceIndex: Int.random(in: Int.min...Int.max, using: &random),
        values: [
          OutcomeValue(.double(x), units: text, kind: texts[(round + 3) % texts.count]),
          OutcomeValue(.integer(Int.random(in: Int.min...Int.max, using: &random))),
        ], effectiveDate: Date(timeIntervalSince1970: Double(Int.random(in: -2_000_000_000...4_000_000_000, using: &random)) / 7))
      outcome.userInfo = Dictionary(uniqueKeysWithValues: texts.shuffled(using: &random).prefix(5).map { ($0, text) })
      outcome.tags = texts
      let record = CareRecord.outcome(outcome)
      #expect(CareJSONWriter().bytes(record) == (try Self.foundation(record)), "\(x)")
    }
  }

  @Test func nonFiniteDoublesAreWrittenAndReadBack() throws {
    let outcome = OutcomeEntity(
      id: "o", taskUUID: nil, taskOccurrenceIndex: 0,
      values: [OutcomeValue(.double(.infinity)), OutcomeValue(.double(-.infinity)), OutcomeValue(.double(.nan))],
      effectiveDate: Date(timeIntervalSince1970: 0))
    #expect(throws: EncodingError.self) { try CareJSON.makeEncoder().encode(CareRecord.outcome(outcome)) }
    let data = try CareJSON.ndjson([.outcome(outcome)])
    let text = String(decoding: data, as: UTF8.self)
    #expect(text.contains(#""value":"Infinity""#) && text.contains(#""value":"-Infinity""#) && text.contains(#""value":"NaN""#))
    guard case .outcome(let back)? = try CareJSON.records(fromNDJSON: data).first else {
      Issue.record("not an outcome")
      return
    }
    #expect(back.values[0].value == .double(.infinity) && back.values[1].value == .double(-.infinity))
    if case .double(let nan) = back.values[2].value { #expect(nan.isNaN) } else { Issue.record("not a double") }
  }

  /// What no care entity does but any `Encodable` may: a key encoded twice (the later value wins),
  /// nested and super encoders, a value that encodes nothing (`{}`), integers of every width,
  /// single values wrapping containers, URLs and dates inside arrays.
  @Test func unusualEncodablesGiveTheEncodersBytes() throws {
    struct Unusual: Encodable {
      enum Key: String, CodingKey { case b, a, nested, list, empty, wrapped, `super` }
      struct Nothing: Encodable { func encode(to encoder: any Encoder) throws {} }
      struct Wrapper: Encodable {
        func encode(to encoder: any Encoder) throws {
          var single = encoder.singleValueContainer()
          try single.encode(["z": 1, "y": 2])
        }
      }
      func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode("first", forKey: .b)
        try container.encode(UInt64.max, forKey: .a)
        try container.encode(Int8.min, forKey: .b)
        var nested = container.nestedContainer(keyedBy: Key.self, forKey: .nested)
        try nested.encode(Float(1.5), forKey: .a)
        try nested.encodeNil(forKey: .b)
        var list = container.nestedUnkeyedContainer(forKey: .list)
        try list.encode(URL(string: "https://example.org/a/b")!)
        try list.encode(Date(timeIntervalSince1970: 1_000_000))
        try list.encode(-0.0)
        var inner = list.nestedContainer(keyedBy: Key.self)
        try inner.encode(true, forKey: .b)
        try container.encode(Nothing(), forKey: .empty)
        try container.encode(Wrapper(), forKey: .wrapped)
        var base = container.superEncoder().container(keyedBy: Key.self)
        try base.encode([UInt16.max], forKey: .a)
      }
    }
    var writer = JSONWriter()
    try CareJSONWriter().write(encodable: Unusual(), to: &writer)
    #expect(writer.takeOutput() == Array(try CareJSON.makeEncoder().encode(Unusual())))
  }
}

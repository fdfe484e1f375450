import FHIRCore
import FHIRDSTU2
import FHIRJSON
import FHIRR4
import FHIRReleaseConversion
import Testing

/// One mapping rule, default or drop of `docs/release-conversion.md`, checked on a small
/// hand-written resource: what the converted JSON holds at a few paths, the exact report
/// (`"action path"` entries), and whether the reverse conversion gives the source back.
struct MappingRule: CustomTestStringConvertible, Sendable {
  enum Release: Sendable { case dstu2, r4 }

  /// The rule, as the docs name it.
  var name: String
  /// The release of `source`; the conversion goes to the other one.
  var from: Release
  /// The source resource's JSON.
  var source: String
  /// Paths in the converted JSON (`dosageInstruction[0].timing.repeat.when`) and the JSON
  /// text each must hold, `nil` for absent.
  var expect: [String: String?]
  /// The whole report, as `"action path"`.
  var report: Set<String>
  /// Whether converting back gives JSON equivalent to the source.
  var roundTrips = true

  var testDescription: String { name }
}

@Suite struct MappingRuleTests {
  @Test(arguments: MappingRule.toR4 + MappingRule.toDSTU2)
  func rule(_ rule: MappingRule) throws {
    let source: JSONValue
    let converted: JSONValue
    let report: ReleaseConversionReport
    let back: JSONValue
    switch rule.from {
    case .dstu2:
      let resource = try Self.decode(FHIRDSTU2.AnyResource.self, rule.source)
      let (r4, toR4) = ReleaseConverter.toR4(resource)
      source = try Self.json(resource)
      converted = try Self.json(r4)
      report = toR4
      back = try Self.json(ReleaseConverter.toDSTU2(r4).0)
    case .r4:
      let resource = try Self.decode(FHIRR4.AnyResource.self, rule.source)
      let (dstu2, toDSTU2) = ReleaseConverter.toDSTU2(resource)
      source = try Self.json(resource)
      converted = try Self.json(dstu2)
      report = toDSTU2
      back = try Self.json(ReleaseConverter.toR4(dstu2).0)
    }
    for (path, text) in rule.expect.sorted(by: { $0.key < $1.key }) {
      let expected = try text.map { try JSONValue(parsing: $0) }
      let found = Self.value(at: path, in: converted)
      #expect(
        found.map { expected?.isEquivalent(to: $0) ?? false } ?? (expected == nil),
        "at \(path): \(found.map { "\($0)" } ?? "absent")")
    }
    let entries = Set(report.entries.map { "\($0.action.rawValue) \($0.path)" })
    #expect(entries == rule.report, "report: \(report)")
    #expect(back.isEquivalent(to: source) == rule.roundTrips, "back: \(back)")
  }

  /// Every action of the report is exercised by some rule.
  @Test func everyActionIsCovered() {
    let rules = MappingRule.toR4 + MappingRule.toDSTU2
    for action in ReleaseConversionReport.Action.allCases {
      #expect(rules.contains { rule in rule.report.contains { $0.hasPrefix(action.rawValue + " ") } }, "\(action)")
    }
  }

  static func decode<T: FHIRDecodable>(_ type: T.Type, _ text: String) throws -> T {
    var text = text
    let tokens = try text.withUTF8 { try JSONTokens(parsing: UnsafeRawBufferPointer($0)) }
    return try #require(try T.decode(from: tokens).value)
  }

  static func json(_ value: some FHIREncodable) throws -> JSONValue {
    try value.jsonBytes().withUnsafeBytes { try JSONValue(parsing: $0) }
  }

  /// The value at a dotted path with `[index]` steps, or `nil`.
  static func value(at path: String, in root: JSONValue) -> JSONValue? {
    var current: JSONValue? = root
    for step in path.split(separator: ".") {
      var parts = step.split(separator: "[", omittingEmptySubsequences: false)
      let key = parts.removeFirst()
      if !key.isEmpty { current = current?[String(key)] }
      for index in parts {
        guard let position = Int(index.dropLast()), let items = current?.arrayValue, items.indices.contains(position)
        else { return nil }
        current = items[position]
      }
    }
    return current
  }
}

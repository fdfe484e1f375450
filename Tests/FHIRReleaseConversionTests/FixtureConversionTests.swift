import FHIRCore
import FHIRDSTU2
import FHIRJSON
import FHIRR4
import FHIRReleaseConversion
import FHIRTestSupport
import Testing

/// Every DSTU2 and R4 fixture of the converted types converts to the other release,
/// decodes there without new error-level issues, and converts back to the original on
/// every element the report does not list as lost.
@Suite struct FixtureConversionTests {
  static let types = ["Patient", "Medication", "Observation", "CarePlan", "Bundle"]
  static let dstu2Files =
    (types + ["MedicationOrder"]).flatMap { Fixtures.files(extensions: ["json"], under: "dstu2/examples/\($0)") }
    + Fixtures.files(extensions: ["json"], under: "dstu2/bundles")
  static let r4Files =
    (types + ["MedicationRequest"]).flatMap { Fixtures.files(extensions: ["json"], under: "r4/examples/\($0)") }
    + Fixtures.files(extensions: ["json"], under: "r4/bundles")

  @Test func fixturesArePresent() {
    #expect(Self.dstu2Files.count > 60)
    #expect(Self.r4Files.count > 10)
  }

  @Test(arguments: dstu2Files)
  func dstu2ConvertsToR4AndBack(path: String) throws {
    let source = try decode(FHIRDSTU2.AnyResource.self, Fixtures.bytes(path), options: .repairing)
    let (r4, toR4) = ReleaseConverter.toR4(source.value)
    let decoded = try decode(FHIRR4.AnyResource.self, r4.jsonBytes())
    #expect(newErrors(decoded.errors, source.errors).isEmpty, "\(newErrors(decoded.errors, source.errors))")
    #expect(decoded.unknownPaths.count == toR4.paths(.unknown).count, "elements left unknown in R4: \(decoded.unknownPaths)")
    let (back, toDSTU2) = ReleaseConverter.toDSTU2(r4)
    try assertRoundTrip(original: source.value.jsonBytes(), back: back.jsonBytes(), first: toR4, second: toDSTU2)
  }

  @Test(arguments: r4Files)
  func r4ConvertsToDSTU2AndBack(path: String) throws {
    let source = try decode(FHIRR4.AnyResource.self, Fixtures.bytes(path), options: .repairing)
    let (dstu2, toDSTU2) = ReleaseConverter.toDSTU2(source.value)
    let decoded = try decode(FHIRDSTU2.AnyResource.self, dstu2.jsonBytes())
    #expect(newErrors(decoded.errors, source.errors).isEmpty, "\(newErrors(decoded.errors, source.errors))")
    #expect(decoded.unknownPaths.count == toDSTU2.paths(.unknown).count, "elements left unknown in DSTU2: \(decoded.unknownPaths)")
    let (back, toR4) = ReleaseConverter.toR4(dstu2)
    try assertRoundTrip(original: source.value.jsonBytes(), back: back.jsonBytes(), first: toDSTU2, second: toR4)
  }

  struct Decoded<T> {
    var value: T
    var errors: [ValidationIssue]
    /// The paths of the elements the model kept without knowing them.
    var unknownPaths: [String]
  }

  /// Decodes `bytes`; a source to convert is decoded with `repair`, as a conversion to the
  /// other release does (what the models cannot fit would otherwise travel as unknown members).
  func decode<T: FHIRDecodable>(_ type: T.Type, _ bytes: [UInt8], options: DecodingOptions = .lenient) throws -> Decoded<T> {
    let tokens = try Chunked.tokens(bytes, chunkSize: bytes.count)
    let result = try T.decode(from: tokens, options: options)
    return Decoded(
      value: try #require(result.value), errors: result.errors,
      unknownPaths: result.issues.filter { $0.code == .unknownElement }.map { $0.path.description })
  }

  /// Errors of the converted resource that the source did not already have (by code and message).
  func newErrors(_ converted: [ValidationIssue], _ source: [ValidationIssue]) -> [String] {
    let known = Set(source.map { "\($0.code) \($0.message)" })
    return converted.map { "\($0.code) \($0.message)" }.filter { !known.contains($0) }.map { $0 }
  }

  /// Every path where the round trip differs is one the reports list as lost (dropped or
  /// reordered by the first conversion, defaulted by the second), and every element the
  /// first conversion dropped does differ.
  func assertRoundTrip(original: [UInt8], back: [UInt8], first: ReleaseConversionReport, second: ReleaseConversionReport) throws {
    let a = try original.withUnsafeBytes { try JSONValue(parsing: $0) }
    let b = try back.withUnsafeBytes { try JSONValue(parsing: $0) }
    var differences: [String] = []
    Self.differences(a, b, path: "", into: &differences)
    // What the second conversion defaults, leaves implied or carries as an extension (a
    // value the first release allows but the second does not, like a DSTU2
    // numberOfRepeatsAllowed of 0) also differs.
    let lost =
      first.paths(.dropped) + first.paths(.reordered) + second.paths(.defaulted) + second.paths(.implied)
      + second.paths(.carriedAsExtension)
    // An element carried as an extension changes its parent's `extension` list.
    let extensionLists = second.paths(.carriedAsExtension).map { Self.parent(of: $0) + ".extension" }
    for difference in differences {
      #expect(lost.contains { Self.covers($0, difference) || Self.covers(difference, $0) } || extensionLists.contains(difference), "round trip differs at \(difference), not in the report")
    }
    for dropped in first.paths(.dropped) {
      #expect(differences.contains { Self.covers(dropped, $0) || Self.covers($0, dropped) }, "reported dropped but kept: \(dropped)")
    }
  }

  /// The path without its last key.
  static func parent(of path: String) -> String {
    guard let dot = path.lastIndex(of: ".") else { return "" }
    return String(path[..<dot])
  }

  /// Whether `prefix` is `path` or one of its ancestors.
  static func covers(_ prefix: String, _ path: String) -> Bool {
    path == prefix || path.hasPrefix(prefix + ".") || path.hasPrefix(prefix + "[")
  }

  static func join(_ path: String, _ step: String) -> String {
    path.isEmpty ? step : step.hasPrefix("[") ? path + step : path + "." + step
  }

  /// The paths where two values differ (members compared by key, arrays by position).
  static func differences(_ a: JSONValue, _ b: JSONValue, path: String, into result: inout [String]) {
    switch (a, b) {
    case (.object(let x), .object(let y)):
      for key in Set(x.keys).union(y.keys).sorted() {
        let p = join(path, key)
        switch (x[key], y[key]) {
        case (let u?, let v?): differences(u, v, path: p, into: &result)
        case (nil, nil): break
        default: result.append(p)
        }
      }
    case (.array(let x), .array(let y)):
      if x.count != y.count { result.append(path); return }
      for (index, pair) in zip(x, y).enumerated() { differences(pair.0, pair.1, path: join(path, "[\(index)]"), into: &result) }
    default:
      if a != b { result.append(path.isEmpty ? "$" : path) }
    }
  }
}

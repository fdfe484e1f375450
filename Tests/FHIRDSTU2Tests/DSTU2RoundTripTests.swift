import FHIRCore
import FHIRDSTU2
import FHIRJSON
import FHIRTestSupport
import Foundation
import Testing

/// Every DSTU2 specification example of a modelled type, and every DSTU2 bundle in the
/// fixtures, decodes without error-level issues (or with exactly the issues the example
/// is known to have), and decode → encode gives back the same JSON, `fhir_comments`
/// included (key order aside).
@Suite struct DSTU2RoundTripTests {
  static func examples(_ type: String) -> [String] {
    Fixtures.files(extensions: ["json"], under: "dstu2/examples/\(type)")
  }

  static let bundles = Fixtures.files(extensions: ["json"], under: "dstu2/bundles")

  /// Error-level issues the fixtures really have (the data breaks DSTU2, not the model),
  /// by ``signature(_:)``. Synthea's DSTU2 export writes `MedicationOrder.reasonReference`
  /// and `dosageInstruction.additionalInstructions` as arrays (both are `0..1`), a
  /// `numberOfRepeatsAllowed` of 0 (a `positiveInt`), and CarePlan activity details
  /// without the required `prohibited`.
  static let syntheaErrors: Set<String> = [
    "required CarePlan activity.detail: required element 'prohibited' is missing",
    "wrongCardinality MedicationOrder reasonReference: an array where a single object belongs (kept as given)",
    "wrongCardinality MedicationOrder dosageInstruction.additionalInstructions: an array where a single object belongs (kept as given)",
    "invalidValue MedicationOrder dispenseRequest.numberOfRepeatsAllowed: positiveInt must be at least 1",
  ]

  /// Exact error-level issues of the other fixtures that break a rule.
  static let knownErrors: [String: Set<String>] = [
    // birthDate with a time part.
    "dstu2/bundles/custom__ahrq-pain-mgmt-summary.json": [
      "invalidValue Patient birthDate: invalid date: unexpected characters after the date"
    ],
    // Booleans and decimals written as JSON strings.
    "dstu2/bundles/custom__hspc-bilirubin-chart.json": [
      "wrongType Patient active: expected a boolean, found a string",
      "wrongType Observation valueQuantity.value: expected a decimal number, found a string",
    ],
  ]

  @Test func fixturesArePresent() {
    #expect(Self.examples("Patient").count > 5)
    #expect(Self.bundles.count > 50)
  }

  @Test(arguments: examples("Patient"))
  func patientExampleRoundTrips(path: String) throws {
    try assertRoundTrip(Patient.self, path: path)
  }

  @Test(arguments: examples("Medication"))
  func medicationExampleRoundTrips(path: String) throws {
    try assertRoundTrip(Medication.self, path: path)
  }

  @Test(arguments: examples("MedicationOrder"))
  func medicationOrderExampleRoundTrips(path: String) throws {
    try assertRoundTrip(MedicationOrder.self, path: path)
  }

  @Test(arguments: examples("Observation"))
  func observationExampleRoundTrips(path: String) throws {
    try assertRoundTrip(Observation.self, path: path)
  }

  @Test(arguments: examples("CarePlan"))
  func carePlanExampleRoundTrips(path: String) throws {
    try assertRoundTrip(CarePlan.self, path: path)
  }

  @Test(arguments: examples("Bundle"))
  func bundleExampleRoundTrips(path: String) throws {
    try assertRoundTrip(Bundle.self, path: path)
  }

  @Test(arguments: bundles)
  func bundleFixtureRoundTrips(path: String) throws {
    try assertRoundTrip(Bundle.self, path: path)
  }

  func assertRoundTrip<T: FHIRDecodable & FHIREncodable>(_ type: T.Type, path: String) throws {
    let bytes = Fixtures.bytes(path)
    let tokens = try Chunked.tokens(bytes, chunkSize: bytes.count)
    let result = try T.decode(from: tokens)
    let value = try #require(result.value)
    let signatures = Set(result.errors.map(Self.signature))
    if path.contains("/synthea__") {
      #expect(signatures.isSubset(of: Self.syntheaErrors), "\(signatures.subtracting(Self.syntheaErrors))")
    } else {
      #expect(signatures == Self.knownErrors[path] ?? [], "\(result.errors)")
    }
    // What the models cannot fit (Synthea's arrays where one value belongs) is kept as it
    // came, so every file comes back whole.
    let original = JSONValue(tokens: tokens)
    let encoded = try value.jsonBytes().withUnsafeBytes { try JSONValue(parsing: $0) }
    let same = encoded.isEquivalent(to: original)
    #expect(same, "round trip differs: \(original.firstDifference(from: encoded) ?? "?")")
  }

  /// An issue without positions: `code resourceType path: message`, array indices and the
  /// Bundle entry prefix dropped.
  static func signature(_ issue: ValidationIssue) -> String {
    var path = issue.path.description
    path = path.replacingOccurrences(of: #"\[[0-9]+\]"#, with: "", options: .regularExpression)
    if path.hasPrefix("entry.resource.") { path.removeFirst("entry.resource.".count) }
    return "\(issue.code.rawValue) \(issue.resourceType ?? "-") \(path): \(issue.message)"
  }
}

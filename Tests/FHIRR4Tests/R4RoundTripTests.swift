import FHIRCore
import FHIRJSON
import FHIRR4
import FHIRTestSupport
import Testing

/// Every R4 specification example of a modelled type decodes without error-level
/// issues, and decode → encode gives back the same JSON (key order aside).
@Suite struct R4RoundTripTests {
  static let patientExamples = Fixtures.files(extensions: ["json"], under: "r4/examples/Patient")
  static let medicationExamples = Fixtures.files(extensions: ["json"], under: "r4/examples/Medication")
  static let medicationRequestExamples = Fixtures.files(extensions: ["json"], under: "r4/examples/MedicationRequest")
  static let observationExamples = Fixtures.files(extensions: ["json"], under: "r4/examples/Observation")
  static let carePlanExamples = Fixtures.files(extensions: ["json"], under: "r4/examples/CarePlan")
  static let bundleExamples = Fixtures.files(extensions: ["json"], under: "r4/examples/Bundle")
  static let syntheaBundles = Fixtures.files(extensions: ["json"], under: "r4/bundles")

  @Test(arguments: patientExamples)
  func patientExampleRoundTrips(path: String) throws {
    try assertRoundTrip(Patient.self, path: path)
  }

  @Test(arguments: medicationExamples)
  func medicationExampleRoundTrips(path: String) throws {
    try assertRoundTrip(Medication.self, path: path)
  }

  @Test(arguments: medicationRequestExamples)
  func medicationRequestExampleRoundTrips(path: String) throws {
    try assertRoundTrip(MedicationRequest.self, path: path)
  }

  @Test(arguments: observationExamples)
  func observationExampleRoundTrips(path: String) throws {
    try assertRoundTrip(Observation.self, path: path)
  }

  @Test(arguments: carePlanExamples)
  func carePlanExampleRoundTrips(path: String) throws {
    try assertRoundTrip(CarePlan.self, path: path)
  }

  @Test(arguments: bundleExamples)
  func bundleExampleRoundTrips(path: String) throws {
    try assertRoundTrip(Bundle.self, path: path)
  }

  @Test(arguments: syntheaBundles)
  func syntheaBundleRoundTrips(path: String) throws {
    try assertRoundTrip(Bundle.self, path: path)
  }

  @Test func corpusIsPresent() {
    #expect(Self.medicationExamples.count == 23)
    #expect(Self.medicationRequestExamples.count == 40)
    #expect(Self.observationExamples.count == 64)
    #expect(Self.carePlanExamples.count == 11)
    #expect(Self.bundleExamples.count == 31)
    #expect(Self.syntheaBundles.count == 5)
  }

  func assertRoundTrip<T: FHIRDecodable & FHIREncodable>(_ type: T.Type, path: String) throws {
    let bytes = Fixtures.bytes(path)
    let tokens = try Chunked.tokens(bytes, chunkSize: bytes.count)
    let result = try T.decode(from: tokens)
    let value = try #require(result.value)
    #expect(result.errors.isEmpty, "\(result.errors)")
    let original = JSONValue(tokens: tokens)
    let encoded = try value.jsonBytes().withUnsafeBytes { try JSONValue(parsing: $0) }
    let same = encoded.isEquivalent(to: original)
    #expect(same, "round trip differs: \(original.firstDifference(from: encoded) ?? "?")")
  }
}

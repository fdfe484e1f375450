import FHIRCore
import FHIRJSON
import FHIRTestSupport
import Testing

@Suite struct ReleaseDetectorTests {
  static let r4Files = Fixtures.files(extensions: ["json"], under: "r4")
  static let dstu2Files = Fixtures.files(extensions: ["json"], under: "dstu2")

  /// No fixture is ever taken for the other release; most are recognised.
  @Test func fixturesAreNeverMistaken() throws {
    var unknown: [String: Int] = ["r4": 0, "dstu2": 0]
    for (files, release) in [(Self.r4Files, FHIRRelease.r4), (Self.dstu2Files, .dstu2)] {
      for path in files {
        let bytes = Fixtures.bytes(path)
        let detection = ReleaseDetector.detect(try Chunked.tokens(bytes, chunkSize: bytes.count))
        if let detected = detection.release {
          #expect(detected == release, "\(path): \(detection)")
        } else {
          unknown[release.rawValue, default: 0] += 1
        }
      }
    }
    // Small spec examples may carry no release-specific element at all; bundles always do.
    #expect(unknown["r4"]! * 4 < Self.r4Files.count, "\(unknown)")
    #expect(unknown["dstu2"]! * 4 < Self.dstu2Files.count, "\(unknown)")
  }

  @Test(arguments: Fixtures.files(extensions: ["json"], under: "dstu2/bundles") + Fixtures.files(extensions: ["json"], under: "r4/bundles"))
  func bundlesAreRecognised(path: String) throws {
    let bytes = Fixtures.bytes(path)
    let detection = ReleaseDetector.detect(try Chunked.tokens(bytes, chunkSize: bytes.count))
    #expect(detection.release == (path.hasPrefix("r4") ? .r4 : .dstu2), "\(detection)")
  }

  @Test func wrongReleaseFileIsDetected() throws {
    // A DSTU2 MedicationOrder labelled as R4 by its file name is still DSTU2.
    let text = #"{"resourceType":"MedicationOrder","dateWritten":"2015-01-15","status":"active"}"#
    let tokens = try Array(text.utf8).withUnsafeBytes { try JSONTokens(parsing: $0) }
    let detection = ReleaseDetector.detect(tokens)
    #expect(detection.release == .dstu2)
    #expect(detection.dstu2Evidence.contains("resource type MedicationOrder"))
  }

  @Test func saysWhenItCannotTell() throws {
    let plain = try Array(#"{"resourceType":"Patient","id":"x","gender":"male"}"#.utf8).withUnsafeBytes {
      try JSONTokens(parsing: $0)
    }
    #expect(ReleaseDetector.detect(plain).release == nil)
    let mixed = try Array(#"{"resourceType":"MedicationRequest","dateWritten":"x","careProvider":[],"fhir_comments":["a"]}"#.utf8)
      .withUnsafeBytes { try JSONTokens(parsing: $0) }
    let detection = ReleaseDetector.detect(mixed)
    #expect(detection.release == nil, "\(detection)")
    #expect(detection.description.contains("both"))
  }
}

import CareModel
import CarePipeline
import FHIRTestSupport
import Foundation
import Testing

/// The care entities of Synthea Bundles, compared byte for byte with golden NDJSON files in
/// `Fixtures/golden/care/` (a representative subset: every R4 Synthea Bundle and a spread of
/// DSTU2 ones; counts for all Bundles are checked in ``PipelineFixtureTests``).
///
/// To re-record after an intended change, run
/// `FHIRKIT_RECORD_GOLDEN=1 swift test --filter PipelineGoldenTests` and review the diff.
@Suite struct PipelineGoldenTests {
  static let files = PipelineFixtureTests.files.filter { path in
    path.hasPrefix("r4/")
      || [
        "synthea__Abshire_Cary_26.json", "synthea__Bins_Hiram_21.json", "synthea__Hegmann_Kenny_79.json",
        "synthea__Lakin_Andy_16.json",
      ].contains((path as NSString).lastPathComponent)
  }

  static var recording: Bool { ProcessInfo.processInfo.environment["FHIRKIT_RECORD_GOLDEN"] == "1" }

  @Test func subsetCoversBothReleases() {
    #expect(Self.files.filter { $0.hasPrefix("r4/") }.count >= 4)
    #expect(Self.files.filter { $0.hasPrefix("dstu2/") }.count == 4)
  }

  @Test(arguments: files)
  func entitiesMatchTheGoldenFile(path: String) throws {
    let result = Pipeline().run(try PipelineTestSupport.input(fixture: path))
    let actual = try CareJSON.ndjson(result.records)
    let golden = Fixtures.root + "/" + Fixtures.goldenFolder + "/care/" + (path as NSString).deletingPathExtension.replacingOccurrences(
      of: "/bundles/", with: "/") + ".ndjson"
    if Self.recording {
      try FileManager.default.createDirectory(
        atPath: (golden as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try actual.write(to: URL(fileURLWithPath: golden))
    }
    let expected = try Data(contentsOf: URL(fileURLWithPath: golden))
    #expect(actual == expected, "\(path): re-record with FHIRKIT_RECORD_GOLDEN=1 if the change is intended")
  }
}

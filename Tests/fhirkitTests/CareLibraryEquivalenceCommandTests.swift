import CareModel
import CarePipeline
import FHIRCore
import FHIRTestSupport
import Foundation
import Testing

/// `convert --to care` decodes every record of a modelled type as it reads it, to report its
/// issues and repairs; the library's `Pipeline.convert` stages Observations from their tokens
/// and decodes them once, when merged. Both must give the same entities, inputs that need
/// repairs included (DSTU2 bundles with values of the wrong type, a one-element array where one
/// value belongs).
@Suite struct CareLibraryEquivalenceCommandTests {
  @Test(
    "the binary's care entities are the library's streamed conversion's",
    arguments: [("r4/bundles", FHIRRelease.r4), ("r4/ndjson", .r4), ("dstu2/bundles", .dstu2)])
  func binaryEqualsStreamedLibrary(folder: String, release: FHIRRelease) throws {
    try expectSame(Fixtures.root + "/" + folder, release: release)
  }

  /// The HL7 examples and the public Bundles of `../shared/fixtures`, when present (required in
  /// CI). (`examples-other`, the types that make no care entity, gives none either way.)
  @Test(
    "the binary's care entities are the library's streamed conversion's, on the shared corpus",
    arguments: ["r4/examples", "r4/bundles", "dstu2/examples", "dstu2/bundles"])
  func binaryEqualsStreamedLibraryOnTheCorpus(folder: String) throws {
    guard let root = SharedFixtures.root else {
      #expect(!SharedFixtures.isRequired, "../shared/fixtures is missing")
      return
    }
    try expectSame(root + "/" + folder, release: folder.hasPrefix("r4") ? .r4 : .dstu2)
  }

  @Test("an Observation whose code is a one-element array: the binary's entities are the library's")
  func repairedObservation() throws {
    let lines = [
      #"{"resourceType":"Patient","id":"p1"}"#,
      #"{"resourceType":"Observation","id":"o1","status":"final","code":[{"coding":[{"system":"http://loinc.org","code":"8867-4"}]}],"subject":{"reference":"Patient/p1"},"effectiveDateTime":"2024-01-01T10:00:00Z","valueQuantity":{"value":72,"unit":"/min"}}"#,
    ]
    let path = TemporaryFolders.make("care-repaired") + "/input.ndjson"
    try Data(lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: path))
    let outcomes = try expectSame(path, release: .r4).filter { $0.contains(#""kind":"outcome""#) }
    #expect(outcomes.count == 1)
    #expect(!outcomes.contains { $0.contains("unknown") })
  }

  /// Expects `fhirkit convert PATH --from RELEASE --to care` to write the entities
  /// `Pipeline.convert` hands out for `path`, and returns them (sorted lines).
  @discardableResult
  private func expectSame(_ path: String, release: FHIRRelease) throws -> [String] {
    var expected: [String] = []
    _ = try Pipeline().convert([.path(path)], reading: .init(release: release)) { record in
      expected.append(String(decoding: CareJSONWriter().bytes(record), as: UTF8.self))
    }
    #expect(expected.count > 3)
    let out = TemporaryFolders.make("care-equivalence") + "/out.ndjson"
    let result = try CommandRunner.run(["convert", path, "--from", release == .r4 ? "r4" : "dstu2", "--to", "care", "-o", out])
    #expect(result.exitCode == 0 || result.exitCode == 1, "\(result.stderr)")
    let lines = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n").map(String.init).sorted()
    #expect(lines == expected.sorted(), "\(path)")
    return lines
  }
}

import CareModel
import CarePipeline
import FHIRTestSupport
import Foundation
import Testing

/// `convert --to care` stages resources of types the models do not know from their tokens
/// (`StagedConversion.Preparer.prepare(unmodelled:at:release:fullUrl:)`): the requests an event
/// resource carries out and the identifiers a logical reference finds must come through as
/// decoding them gives them. The pipeline fixtures built for those rules, through the built
/// binary, give the entities and unresolved references the library gives reading them in
/// memory, where every resource is decoded whole.
@Suite struct CareEventFixtureCommandTests {
  @Test(
    "events' requests and logical references reach the binary's care entities as the library's",
    arguments: ["pipeline/r4-part-of.json", "pipeline/r4-logical-references.json"])
  func binaryEqualsLibrary(fixture: String) throws {
    try expectBinaryEqualsLibrary(Fixtures.root + "/" + fixture)
  }

  @Test("an Observation part of a Procedure it finds by identifier: the binary's care entities are the library's")
  func partOfByIdentifier() throws {
    // `r4-part-of.json` with Procedure pr-one given an identifier, and the Observation part of
    // it naming it by that identifier instead of by `Procedure/pr-one`.
    var text = String(decoding: Fixtures.bytes("pipeline/r4-part-of.json"), as: UTF8.self)
    let identifier = #"{"system": "http://example.org/procedures", "value": "PR-1"}"#
    let edits = [
      (#""id": "pr-one","#, #""id": "pr-one", "identifier": [\#(identifier)],"#),
      (#""reference": "Procedure/pr-one""#, #""identifier": \#(identifier)"#),
    ]
    for (old, new) in edits {
      #expect(text.components(separatedBy: old).count == 2, "\(old)")
      text = text.replacingOccurrences(of: old, with: new)
    }
    let path = TemporaryFolders.make("care-events-identifier") + "/part-of-by-identifier.json"
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    try expectBinaryEqualsLibrary(path)
  }

  /// The built binary's care NDJSON for `path`, with `--jobs` 1 and 2, holds the library's
  /// entities, and names on stderr the references the library left unresolved.
  private func expectBinaryEqualsLibrary(_ path: String) throws {
    let library = try Pipeline().run([.path(path)])
    let expected = library.records.map { String(decoding: CareJSONWriter().bytes($0), as: UTF8.self) }.sorted()
    #expect(expected.count > 3 && !library.report.unresolvedReferences.isEmpty)

    let folder = TemporaryFolders.make("care-events")
    for jobs in ["1", "2"] {
      let result = try CommandRunner.run(
        ["convert", path, "--to", "care", "--jobs", jobs, "-o", folder + "/out.ndjson"])
      #expect(result.exitCode == 0 || result.exitCode == 1, "\(result.stderr)")
      let lines = try String(contentsOfFile: folder + "/out.ndjson", encoding: .utf8)
        .split(separator: "\n").map(String.init).sorted()
      #expect(lines == expected, "--jobs \(jobs)")
      // The references the library could not resolve are those the binary names on stderr.
      let named = result.stderr.split(separator: "\n").filter { $0.hasPrefix("fhirkit: unresolved reference: ") }
      #expect(
        named.map(String.init).sorted()
          == library.report.unresolvedReferences.map { "fhirkit: unresolved reference: \($0)" }.sorted(),
        "--jobs \(jobs)")
    }
  }
}

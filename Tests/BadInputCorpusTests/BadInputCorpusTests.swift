import FHIRCore
import FHIRJSON
import FHIRTestSupport
import Foundation
import Testing

/// Every file of `Fixtures/bad/` through the library — framers, release detection,
/// the release's models — giving exactly the reports `EXPECTED.json` lists, at their
/// places, whatever the chunking, with the good records around them still decoded.
@Suite struct BadInputCorpusTests {
  static let entries = BadCorpus.entries

  @Test func everyCorpusFileHasAnExpectation() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: Fixtures.root + "/" + BadCorpus.folder)
      .filter { $0.hasSuffix(".json") || $0.hasSuffix(".ndjson") }
      .filter { $0 != "EXPECTED.json" }
    #expect(Set(files) == Set(Self.entries.map(\.file)))
    #expect(files.count == Self.entries.count)
  }

  @Test(arguments: entries)
  func reportsWhatIsExpected(_ entry: BadCorpus.Entry) throws {
    let bytes = Fixtures.bytes(BadCorpus.folder + "/" + entry.file)
    let release = entry.release.map { FHIRRelease(rawValue: $0)! }
    for size in [1, 7, 64, max(bytes.count, 1)] {
      let outcome = try CorpusReader.read(bytes, ndjson: entry.file.hasSuffix(".ndjson"), release: release, chunkSize: size)
      #expect(outcome.reports == entry.expect, "chunk size \(size)")
      #expect(outcome.goodRecords == entry.goodRecords, "chunk size \(size)")
      if let detected = entry.detected {
        #expect(outcome.detected.allSatisfy { $0?.rawValue == detected }, "chunk size \(size)")
      }
    }
  }

  /// Problems no layer reports yet: each stays listed, and this test fails (as an
  /// unexpected pass) the day a layer starts reporting it, so that `EXPECTED.json`
  /// gets the real report.
  @Test(arguments: entries.filter { $0.knownIssues != nil })
  func knownIssuesAreNotReportedYet(_ entry: BadCorpus.Entry) throws {
    let bytes = Fixtures.bytes(BadCorpus.folder + "/" + entry.file)
    let release = entry.release.map { FHIRRelease(rawValue: $0)! }
    let outcome = try CorpusReader.read(bytes, ndjson: entry.file.hasSuffix(".ndjson"), release: release, chunkSize: 4096)
    for known in entry.knownIssues ?? [] {
      withKnownIssue("\(known.layer): \(known.problem)") {
        // Anything beyond the expected reports would be the missing one.
        #expect(outcome.reports.count > entry.expect.count, "\(entry.file): \(known.problem)")
      }
    }
  }
}

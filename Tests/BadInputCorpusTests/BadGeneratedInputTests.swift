import FHIRCore
import FHIRJSON
import FHIRTestSupport
import Testing

/// The corpus cases too big to commit (``BadCorpus/generatedFiles``), generated here
/// and read like the committed ones.
@Suite struct BadGeneratedInputTests {
  @Test(arguments: BadCorpus.generatedFiles)
  func reportsWhatIsExpected(_ file: String) throws {
    let (bytes, entry) = BadCorpus.generated(file)
    // Large chunks only: the huge string is 64 MiB.
    for size in [1 << 16, bytes.count] {
      let outcome = try CorpusReader.read(bytes, ndjson: true, release: nil, chunkSize: size)
      #expect(outcome.reports == entry.expect, "chunk size \(size)")
      #expect(outcome.goodRecords == entry.goodRecords, "chunk size \(size)")
    }
  }
}

import FHIRDSTU2
import FHIRTestSupport
import Testing

/// Decoding never traps: mutated real files (deleted keys, swapped types, emptied
/// strings, nulls, truncation) give DSTU2 values or errors, lenient and strict.
@Suite struct DSTU2MutatedInputTests {
  static let files = Fixtures.files(extensions: ["json"], under: "dstu2/examples")
    + Fixtures.files(extensions: ["json"], under: "r4/examples")

  @Test(arguments: files)
  func mutatedResourcesDecodeOrFail(path: String) throws {
    try MutationCheck.run(AnyResource.self, path: path)
  }
}

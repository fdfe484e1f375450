import FHIRR4
import FHIRTestSupport
import Testing

/// Decoding never traps: mutated real files (deleted keys, swapped types, emptied
/// strings, nulls, truncation) give R4 values or errors, lenient and strict.
@Suite struct MutatedInputTests {
  static let files = Fixtures.files(extensions: ["json"], under: "r4/examples")
    + Fixtures.files(extensions: ["json"], under: "dstu2/examples")

  @Test(arguments: files)
  func mutatedResourcesDecodeOrFail(path: String) throws {
    try MutationCheck.run(AnyResource.self, path: path)
  }
}

import FHIRCore
import FHIRJSON
import FHIRR4
import FHIRTestSupport
import Testing

/// Decoding never traps: mutated real files (deleted keys, swapped types, emptied
/// strings, nulls, truncation) give values or errors, lenient and strict.
@Suite struct MutatedInputTests {
  static let files = Fixtures.files(extensions: ["json"], under: "r4/examples")
    + Fixtures.files(extensions: ["json"], under: "dstu2/examples")

  @Test(arguments: files)
  func mutatedResourcesDecodeOrFail(path: String) throws {
    let original = try Fixtures.bytes(path).withUnsafeBytes { try JSONValue(parsing: $0) }
    // A stable seed per file, so failures reproduce.
    var mutator = JSONMutator(seed: path.utf8.reduce(UInt64(7)) { $0 &* 31 &+ UInt64($1) })
    for _ in 0..<12 {
      var value = original
      for _ in 0..<1 + mutator.next(below: 3) { value = mutator.mutate(value) }
      let bytes = JSONWriter.bytes(of: value)
      guard let tokens = try? bytes.withUnsafeBytes({ try JSONTokens(parsing: $0) }) else { continue }
      // Lenient decoding never throws; strict decoding throws only FHIRDecodingError.
      let lenient = try AnyResource.decode(from: tokens)
      if let decoded = lenient.value {
        // Whatever was decoded encodes to valid JSON.
        _ = try decoded.jsonBytes().withUnsafeBytes { try JSONValue(parsing: $0) }
      }
      do {
        _ = try AnyResource.decode(from: tokens, options: .strict)
      } catch is FHIRDecodingError {}
    }
    // Truncated text fails in the tokenizer with a located JSONError, never a trap.
    for _ in 0..<5 {
      let cut = mutator.truncated(original)
      #expect(throws: JSONError.self) { _ = try cut.withUnsafeBytes { try JSONTokens(parsing: $0) } }
    }
  }
}

public import FHIRCore
public import FHIRJSON
import Testing

/// The fuzz-style check both releases' tests run: mutated real files give values or
/// errors, never a trap.
public enum MutationCheck {
  /// Mutates the JSON file at `path` `rounds` times (deleted keys, swapped types, emptied
  /// strings, nulls) and decodes each result as `T`, lenient and strict; also truncates it.
  public static func run<T: FHIRDecodable & FHIREncodable>(_ type: T.Type, path: String, rounds: Int = 12) throws {
    let original = try Fixtures.bytes(path).withUnsafeBytes { try JSONValue(parsing: $0) }
    // A stable seed per file, so failures reproduce.
    var mutator = JSONMutator(seed: path.utf8.reduce(UInt64(7)) { $0 &* 31 &+ UInt64($1) })
    for _ in 0..<rounds {
      var value = original
      for _ in 0..<1 + mutator.next(below: 3) { value = mutator.mutate(value) }
      let bytes = JSONWriter.bytes(of: value)
      guard let tokens = try? bytes.withUnsafeBytes({ try JSONTokens(parsing: $0) }) else { continue }
      // Lenient decoding never throws; strict decoding throws only FHIRDecodingError.
      let lenient = try T.decode(from: tokens)
      if let decoded = lenient.value {
        // Whatever was decoded encodes to valid JSON.
        _ = try decoded.jsonBytes().withUnsafeBytes { try JSONValue(parsing: $0) }
      }
      do {
        _ = try T.decode(from: tokens, options: .strict)
      } catch is FHIRDecodingError {}
      try expectRepairsAsInOnePass(T.self, tokens)
    }
    try expectRepairsAsInOnePass(T.self, try Fixtures.bytes(path).withUnsafeBytes { try JSONTokens(parsing: $0) })
    // Truncated text fails in the tokenizer with a located JSONError, never a trap.
    for _ in 0..<5 {
      let cut = mutator.truncated(original)
      #expect(throws: JSONError.self) { _ = try cut.withUnsafeBytes { try JSONTokens(parsing: $0) } }
    }
  }

  /// Decoding with repairs (which decodes without them first, and again with them only when
  /// that finds an issue) gives what decoding with repairs in one pass gives: the same value,
  /// issues and repairs.
  public static func expectRepairsAsInOnePass<T: FHIRDecodable & FHIREncodable>(_ type: T.Type, _ tokens: JSONTokens)
    throws
  {
    let options = DecodingOptions(pathPrefix: JSONPath.root.appending(key: "entry"), repair: true)
    let twoPass = try T.decode(from: tokens, at: 0, options: options)
    let onePass = try T.decodeInOnePass(from: tokens, at: 0, options: options)
    #expect(twoPass.value?.jsonBytes() == onePass.value?.jsonBytes())
    #expect(twoPass.issues == onePass.issues)
    #expect(twoPass.repairs == onePass.repairs)
  }
}

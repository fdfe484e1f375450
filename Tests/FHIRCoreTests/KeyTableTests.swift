import FHIRJSON
import Testing

@testable import FHIRCore

/// The release detector's key table finds every key it looks at, and no other.
@Suite struct KeyTableTests {
  /// The index the table finds for `key` (plain ASCII) read as a JSON key.
  private func found(_ key: String, in table: KeyTable) throws -> Int? {
    let tokens = try JSONTokens(parsing: "{\"\(key)\":1}")
    return table.index(ofTextAt: 1, in: tokens)
  }

  @Test func findsEveryKeyTheDetectorLooksAt() throws {
    let keys = ReleaseDetector.dstu2OnlyKeys.union(ReleaseDetector.r4OnlyKeys).union(ReleaseDetector.keysWithRules)
    #expect(Set(ReleaseDetector.lookedAt.keys) == keys)
    for key in keys {
      let index = try found(key, in: ReleaseDetector.lookedAt)
      #expect(index.map { ReleaseDetector.lookedAt.keys[$0] } == key, "\(key)")
    }
  }

  @Test func findsNoOtherKey() throws {
    let table = KeyTable(["intent", "class", "issue"])
    #expect(try found("intent", in: table) == 0)
    #expect(try found("class", in: table) == 1)
    #expect(try found("issue", in: table) == 2)
    // Same length and first byte, other bytes; shorter, longer, empty, too long to be one.
    for other in [
      "issued", "intend", "claim", "clas", "classes", "int", "", "system", String(repeating: "x", count: 40),
    ] {
      #expect(try found(other, in: table) == nil, "\(other)")
    }
  }
}

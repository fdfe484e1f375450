import FHIRJSON
import FHIRTestSupport
import Testing

/// `packed(valueAt:)` and `JSONTokens(packed:)` give back the tokens, text and source offsets of
/// `value(at:)` (a whole value, or one inside another, as if tokenized alone), and damaged bytes
/// are refused, not read.
@Suite struct JSONTokensPackingTests {
  static let entry =
    #"{"fullUrl":"urn:uuid:1","resource":{"resourceType":"Observation","id":"o\"1","valueQuantity":{"value":1.50,"unit":"é"},"note":[],"x":[true,false,null,{}]}}"#

  static func tokens(_ text: String = entry) throws -> JSONTokens {
    try JSONTokens(parsing: text)
  }

  /// `packedByteCount(valueAt:)` is the size `packed(valueAt:)` makes, for the value and every
  /// value inside it, and for every fixture file.
  @Test func theCountedSizeIsThePackedSize() throws {
    let tokens = try Self.tokens()
    for index in 0..<tokens.count where tokens[index].kind != .key {
      #expect(tokens.packedByteCount(valueAt: index) == tokens.packed(valueAt: index).count)
    }
    for path in Fixtures.files(extensions: ["json"], under: "r4/examples") {
      let file = try Fixtures.bytes(path).withUnsafeBytes { try JSONTokens(parsing: $0) }
      #expect(file.packedByteCount() == file.packed().count, "\(path)")
    }
  }

  @Test func aWholeValueComesBackEqual() throws {
    let tokens = try Self.tokens()
    let unpacked = try #require(JSONTokens(packed: tokens.packed()))
    #expect(unpacked == tokens.value(at: 0))
    #expect(JSONValue(tokens: unpacked) == JSONValue(tokens: tokens))
    let scalar = try Self.tokens(#""just a string""#)
    #expect(JSONTokens(packed: scalar.packed()) == scalar.value(at: 0))
  }

  /// The index of the value of the root object's member `key`.
  static func member(_ key: String, of tokens: JSONTokens) -> Int? {
    var index = 1
    while index < tokens.count - 1 {
      if tokens.string(at: index) == key { return index + 1 }
      index = tokens.endIndex(ofValueAt: index + 1) + 1
    }
    return nil
  }

  @Test func aValueInsideComesBackAsIfTokenizedAlone() throws {
    let tokens = try Self.tokens()
    let resource = try #require(Self.member("resource", of: tokens))
    let unpacked = try #require(JSONTokens(packed: tokens.packed(valueAt: resource)))
    #expect(unpacked == tokens.value(at: resource))
    #expect(unpacked.startOffset == tokens.offset(at: resource))
    #expect(unpacked.count == tokens.endIndex(ofValueAt: resource) - resource + 1)
    // Written as JSON, the same bytes as the value written from where it stood.
    var fromPacked = JSONWriter()
    fromPacked.value(unpacked, at: 0)
    var fromPlace = JSONWriter()
    fromPlace.value(tokens, at: resource)
    #expect(fromPacked.takeOutput() == fromPlace.takeOutput())
  }

  @Test func everyR4ExampleComesBackEqual() throws {
    let paths = Fixtures.files(extensions: ["json"], under: "r4/examples")
    #expect(paths.count > 10)
    var (packedBytes, jsonBytes) = (0, 0)
    for path in paths {
      let tokens = try JSONTokens(parsing: Fixtures.bytes(path))
      let packed = tokens.packed()
      #expect(JSONTokens(packed: packed) == tokens.value(at: 0), "\(path)")
      var writer = JSONWriter()
      writer.value(tokens)
      (packedBytes, jsonBytes) = (packedBytes + packed.count, jsonBytes + writer.takeOutput().count)
    }
    // Packed, FHIR takes about the bytes of its compact JSON (2–3 bytes a token and the text;
    // the R4 examples: 1.05×), not twice them as with fixed-size tokens.
    #expect(packedBytes * 10 <= jsonBytes * 11)
  }

  @Test func damagedBytesAreRefused() throws {
    // `{"a":[1,{}]}`: per token its kind, its offset from the one before and, for a text, its
    // length, for a container start, the distance to its end; then the text `a1`.
    let packed = try Self.tokens(#"{"a":[1,{}]}"#).packed()
    #expect(
      packed.dropFirst(20)
        == [0, 0, 7, 4, 1, 1, 2, 4, 4, 6, 1, 1, 0, 2, 1, 1, 1, 3, 1, 1, 1, UInt8(ascii: "a"), UInt8(ascii: "1")])
    #expect(JSONTokens(packed: packed) != nil)
    func damaged(_ position: Int, _ byte: UInt8) -> [UInt8] {
      var bytes = packed
      bytes[position] = byte
      return bytes
    }
    #expect(JSONTokens(packed: []) == nil)
    #expect(JSONTokens(packed: Array(packed.dropLast())) == nil, "truncated")
    #expect(JSONTokens(packed: packed + [0]) == nil, "a byte too many")
    #expect(JSONTokens(packed: damaged(0, UInt8(ascii: "X"))) == nil, "not a packing")
    #expect(JSONTokens(packed: damaged(20, 200)) == nil, "no such token kind")
    #expect(JSONTokens(packed: damaged(22, 0)) == nil, "a container that ends where it starts")
    #expect(JSONTokens(packed: damaged(22, 9)) == nil, "a container end past the last token")
    #expect(JSONTokens(packed: damaged(28, 5)) == nil, "an inner container ending after its outer one")
    #expect(JSONTokens(packed: damaged(25, 5)) == nil, "text past the end")
    #expect(JSONTokens(packed: damaged(23, JSONToken.Kind.string.rawValue)) == nil, "a string where a key belongs")
    #expect(JSONTokens(packed: damaged(29, JSONToken.Kind.key.rawValue)) == nil, "a key in an array")
    #expect(JSONTokens(packed: damaged(39, JSONToken.Kind.arrayEnd.rawValue)) == nil, "an object closed as an array")
    #expect(JSONTokens(packed: damaged(40, 0x80)) == nil, "a number running into the text")
  }
}

import FHIRJSON
import Testing

/// A key's ``TextPrefix`` read in place, a word at a time or byte by byte near the end of a
/// value's text, is the prefix of the key's bytes; keys of 16 bytes or less have it to themselves.
@Suite struct TextPrefixTests {
  static let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ".utf8)

  @Test(arguments: 0...40)
  func readInPlaceAsFromBytes(length: Int) throws {
    let key = String(decoding: Self.alphabet.prefix(length), as: UTF8.self)
    // The key's text followed by a long string (read a word at a time), or last (byte by byte).
    for (json, index) in [(#"{"\#(key)":"0123456789abcdefghij"}"#, 1), (#"{"_":1,"\#(key)":null}"#, 3)] {
      let tokens = try JSONTokens(parsing: json)
      #expect(tokens.string(at: index) == key)
      let prefix = tokens.textPrefix(at: index)
      #expect(prefix == TextPrefix(Array(key.utf8)))
      #expect(prefix.count == length)
    }
  }

  @Test func shortKeysDifferInTheirPrefixes() {
    let keys = (0...16).flatMap { length in
      [Array(Self.alphabet.prefix(length)), Array(Self.alphabet.prefix(length).reversed())]
    }
    let prefixes = Set(keys.map { TextPrefix($0) })
    #expect(prefixes.count == Set(keys).count)
    #expect(TextPrefix(Array("url".utf8)) != TextPrefix(Array("url\u{0}".utf8)))
  }

  @Test func tokensWithoutTextHaveAnEmptyPrefix() throws {
    let tokens = try JSONTokens(parsing: #"{"a":[true,null]}"#)
    #expect(tokens.textPrefix(at: 0) == TextPrefix([]))
    #expect(tokens.textPrefix(at: 3) == TextPrefix([]))
  }
}

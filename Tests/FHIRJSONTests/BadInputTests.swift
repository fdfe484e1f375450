import FHIRJSON
import FHIRTestSupport
import Testing

/// Hostile and broken input fails cleanly: a `JSONError` of the right kind, at the
/// right place, whatever the chunking, and never quoting the input's values.
@Suite struct BadInputTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var bytes: [UInt8]
    var kind: JSONError.Kind
    var offset: Int
    var path: String = "$"
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(name: "truncated object", bytes: Array(#"{"name": [{"family": "Chalmers"}"#.utf8), kind: .unexpectedEnd, offset: 32, path: "name[0]"),
    Case(name: "truncated number", bytes: Array("[1, 2".utf8), kind: .unexpectedEnd, offset: 5, path: "[1]"),
    Case(name: "unterminated string", bytes: Array(#"{"family": "Chalm"#.utf8), kind: .unexpectedEnd, offset: 17, path: "family"),
    Case(name: "newline inside a string", bytes: Array("[\"Chal\nmers\"]".utf8), kind: .invalidString, offset: 6, path: "[0]"),
    Case(name: "invalid UTF-8 byte", bytes: [0x5B, 0x22, 0x61, 0xFF, 0x62, 0x22, 0x5D], kind: .invalidUTF8, offset: 3, path: "[0]"),
    Case(name: "overlong UTF-8", bytes: [0x5B, 0x22, 0xC0, 0xAF, 0x22, 0x5D], kind: .invalidUTF8, offset: 2, path: "[0]"),
    Case(name: "UTF-8 encoded surrogate", bytes: [0x5B, 0x22, 0x61, 0xED, 0xA0, 0x80, 0x22, 0x5D], kind: .invalidUTF8, offset: 3, path: "[0]"),
    Case(name: "code point above U+10FFFF", bytes: [0x5B, 0x22, 0xF4, 0x90, 0x80, 0x80, 0x22, 0x5D], kind: .invalidUTF8, offset: 2, path: "[0]"),
    Case(name: "lone high surrogate", bytes: Array(#"{"given": ["a\uD800b"]}"#.utf8), kind: .loneSurrogate, offset: 13, path: "given[0]"),
    Case(name: "lone low surrogate", bytes: Array(#"["\uDC00"]"#.utf8), kind: .loneSurrogate, offset: 2, path: "[0]"),
    Case(name: "high surrogate before a non-surrogate", bytes: Array(#"["\uD83D\u0041"]"#.utf8), kind: .loneSurrogate, offset: 2, path: "[0]"),
    Case(name: "bad escape", bytes: Array(#"["\x"]"#.utf8), kind: .invalidString, offset: 3, path: "[0]"),
    Case(name: "trailing garbage", bytes: Array("{} x".utf8), kind: .trailingData, offset: 3),
    Case(name: "two values", bytes: Array("{}{}".utf8), kind: .trailingData, offset: 2),
    Case(name: "leading zero", bytes: Array("[01]".utf8), kind: .invalidNumber, offset: 1, path: "[0]"),
    Case(name: "top-level leading zero", bytes: Array("-01".utf8), kind: .invalidNumber, offset: 1),
    Case(name: "minus without digits", bytes: Array("[-]".utf8), kind: .invalidNumber, offset: 2, path: "[0]"),
    Case(name: "NaN", bytes: Array("[NaN]".utf8), kind: .unexpectedCharacter, offset: 1, path: "[0]"),
    Case(name: "comment", bytes: Array("{/* c */}".utf8), kind: .unexpectedCharacter, offset: 1),
    Case(name: "trailing comma in array", bytes: Array("[1,]".utf8), kind: .unexpectedCharacter, offset: 3, path: "[1]"),
    Case(name: "trailing comma in object", bytes: Array(#"{"a":1,}"#.utf8), kind: .unexpectedCharacter, offset: 7, path: "a"),
    Case(name: "byte order mark", bytes: [0xEF, 0xBB, 0xBF] + Array("{}".utf8), kind: .byteOrderMark, offset: 0),
    Case(name: "empty input", bytes: [], kind: .emptyInput, offset: 0),
    Case(name: "only whitespace", bytes: Array(" \n\t ".utf8), kind: .emptyInput, offset: 4),
    Case(name: "single quotes", bytes: Array("{'a':1}".utf8), kind: .unexpectedCharacter, offset: 1),
    // YAJL skips a vertical tab or form feed as whitespace; JSON does not.
    Case(name: "vertical tab before a value", bytes: Array("{\"a\":\u{0B}1}".utf8), kind: .unexpectedCharacter, offset: 5, path: "a"),
    Case(
      name: "form feed before a string", bytes: Array("[\"x\",\u{0C}\"Chalmers\"]".utf8), kind: .unexpectedCharacter,
      offset: 5, path: "[1]"),
    Case(name: "vertical tab after the value", bytes: Array("{}\u{0B}".utf8), kind: .trailingData, offset: 2),
    Case(name: "form feed ending a number", bytes: Array("[12\u{0C}]".utf8), kind: .unexpectedCharacter, offset: 3, path: "[0]"),
    Case(name: "vertical tab inside a string", bytes: Array("[\"Chal\u{0B}mers\"]".utf8), kind: .invalidString, offset: 6, path: "[0]"),
    Case(name: "form feed inside a literal", bytes: Array("[tr\u{0C}ue]".utf8), kind: .unexpectedCharacter, offset: 3, path: "[0]"),
  ]

  @Test(arguments: cases)
  func failsWithKindAndLocation(_ bad: Case) throws {
    for size in [1, 3, 7, max(bad.bytes.count, 1)] {
      let error = try #require(Chunked.error(bad.bytes, chunkSize: size), "no error with chunk size \(size)")
      #expect(error.kind == bad.kind, "chunk size \(size): \(error)")
      #expect(abs(error.offset - bad.offset) <= 1, "chunk size \(size): \(error)")
      #expect(error.path.description == bad.path, "chunk size \(size): \(error)")
      #expect(!error.description.contains("Chalm"), "error quotes the input: \(error)")
    }
  }

  @Test func lineAndColumnAndPathInPrettyJSON() throws {
    let text = """
      {
        "resourceType": "Bundle",
        "entry": [
          {"resource": {"name": [{"given": ["Peter"]}]}},
          {"resource": {"name": [{"given": ["Jim", tru]}]}}
        ]
      }
      """
    for size in [1, 5, 4096] {
      let error = try #require(Chunked.error(Array(text.utf8), chunkSize: size))
      #expect(error.line == 5, "\(error)")
      #expect(error.column >= 46 && error.column <= 50, "\(error)")
      #expect(error.path.description == "entry[1].resource.name[0].given[1]", "\(error)")
      #expect(!error.description.contains("Jim"))
    }
  }

  @Test func deepNestingHitsTheDepthLimit() throws {
    let bytes = [UInt8](repeating: UInt8(ascii: "["), count: 100_000) + [UInt8](repeating: UInt8(ascii: "]"), count: 100_000)
    for size in [4096, bytes.count] {
      let error = try #require(Chunked.error(bytes, chunkSize: size))
      #expect(error.kind == .depthLimitExceeded)
      #expect(error.offset == 512)
      // The message shows a path that deep by its ends; the error keeps it whole.
      #expect(error.path.components.count == 512)
      #expect(error.description.contains("at [0][0][0][0][0][0][0][0] … (500 levels) … [0][0][0][0] (depthLimitExceeded"), "\(error)")
    }
    // Within the limit, deep nesting parses, round-trips and is released without recursion trouble.
    let deep = [UInt8](repeating: UInt8(ascii: "["), count: 500) + [UInt8](repeating: UInt8(ascii: "]"), count: 500)
    let value = try JSONValue(tokens: Chunked.tokens(deep, chunkSize: 64))
    #expect(JSONWriter.bytes(of: value) == deep)
  }

  /// The refused container is named by its own place, whether or not whitespace
  /// separates it from the bracket before it.
  @Test func depthErrorNamesTheRefusedValue() throws {
    let options = JSONTokenizer.Options(maxDepth: 3)
    for text in [#"{"a":[[[1]]]}"#, #"{"a":[ [ [1]]]}"#, #"{"a":[[ [1]]]}"#] {
      for size in [1, 4, 100] {
        let error = try #require(Chunked.error(Array(text.utf8), chunkSize: size, options: options))
        #expect(error.kind == .depthLimitExceeded)
        #expect(error.path.description == "a[0][0]", "\(text), chunk size \(size): \(error)")
      }
    }
  }

  @Test func hugeStringOverTheLimitFailsCleanly() throws {
    // A 100 MB string against the default 64 MiB limit, streamed and whole.
    var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 100 << 20)
    bytes[0] = UInt8(ascii: "\"")
    bytes.append(UInt8(ascii: "\""))
    for size in [1 << 16, bytes.count] {
      let error = try #require(Chunked.error(bytes, chunkSize: size))
      #expect(error.kind == .stringTooLong)
      #expect(error.offset == 0)
    }
    // A configured limit applies to numbers too.
    let options = JSONTokenizer.Options(maxStringLength: 10)
    let number = Array("[123456789012345]".utf8)
    #expect(Chunked.error(number, chunkSize: 4, options: options)?.kind == .stringTooLong)
    #expect(Chunked.error(Array(#"["0123456789"]"#.utf8), chunkSize: 4, options: options) == nil)
  }

  @Test func validEscapesDecode() throws {
    let text = #"["\uD83D\uDE00", "a\u0000b", "\"\\\/\b\f\n\r\t", "\u00e9\u20AC"]"#
    for size in [1, 2, 5, 100] {
      let value = try JSONValue(tokens: Chunked.tokens(Array(text.utf8), chunkSize: size))
      #expect(value == ["😀", "a\u{0}b", "\"\\/\u{8}\u{c}\n\r\t", "é€"])
    }
    // Raw UTF-8 split across chunks anywhere.
    let raw = Array(#"["é€😀"]"#.utf8)
    for size in 1...4 {
      #expect(try JSONValue(tokens: Chunked.tokens(raw, chunkSize: size)) == ["é€😀"])
    }
  }

  @Test func numbersKeepTheirText() throws {
    let text = "[1.50, -0.0, 1e400, 12345678901234567890123, 0.1E-7]"
    let value = try JSONValue(parsing: text)
    #expect(JSONWriter.string(of: value) == text.replacing(" ", with: ""))
  }

  /// The UTF-8 check reads only the chunk it is given, even when the chunk is a whole
  /// number of 32-byte blocks followed in memory by other bytes.
  @Test func utf8CheckStaysInsideTheChunk() throws {
    let json = Array(#"["aaaaaaaaaaaaaaaaaaaaaaaaaaaa"]"#.utf8)
    #expect(json.count == 32)
    let memory = json + [0xFF, 0xFF, 0xFF, 0xFF]
    try memory.withUnsafeBytes { all in
      let tokenizer = JSONTokenizer()
      try tokenizer.feed(UnsafeRawBufferPointer(rebasing: all[0..<32]))
      try tokenizer.finish()
      #expect(tokenizer.nextOutput() != nil)
    }
  }
}

import FHIRJSON
import FHIRTestSupport
import Foundation
import Testing

/// `JSONTokens(parsing:)` gives the same tokens whatever holds the bytes, and rejects what
/// is not exactly one JSON value.
@Suite struct JSONTokensParsingTests {
  static let text = #"{"resourceType":"Patient","id":"p1","name":[{"family":"Chalmers","given":["Peter","James"]}],"x":1.50}"#

  static func reference() throws -> JSONTokens {
    try Array(text.utf8).withUnsafeBytes { try JSONTokens(parsing: $0) }
  }

  @Test func everyHolderGivesTheSameTokens() throws {
    let expected = try Self.reference()
    let bytes = Array(Self.text.utf8)
    #expect(try JSONTokens(parsing: bytes) == expected)
    #expect(try JSONTokens(parsing: Data(bytes)) == expected)
    #expect(try JSONTokens(parsing: Self.text) == expected)
    #expect(try JSONTokens(parsing: Self.text.utf8) == expected)
    // A slice that does not start at 0, and a collection without contiguous storage.
    #expect(try JSONTokens(parsing: ([UInt8](" [".utf8) + bytes)[2...]) == expected)
    #expect(try JSONTokens(parsing: bytes.lazy.map { $0 }) == expected)
  }

  @Test func aFixtureParsesFromData() throws {
    let path = "r4/examples/Patient/patient-example-a.json"
    let bytes = Fixtures.bytes(path)
    let expected = try bytes.withUnsafeBytes { try JSONTokens(parsing: $0) }
    #expect(try JSONTokens(parsing: Data(bytes)) == expected)
    #expect(JSONValue(tokens: expected)["resourceType"] == "Patient")
  }

  @Test func aTruncatedTextThrows() {
    let truncated = Array(Self.text.utf8.dropLast(1))
    #expect { try JSONTokens(parsing: Data(truncated)) } throws: { error in
      (error as? JSONError)?.kind == .unexpectedEnd
    }
    #expect { try JSONTokens(parsing: String(decoding: truncated, as: UTF8.self)) } throws: { error in
      (error as? JSONError)?.kind == .unexpectedEnd
    }
  }

  @Test func twoValuesThrow() {
    #expect(throws: JSONError.self) { try JSONTokens(parsing: "{} {}") }
  }

  /// A value parsed from memory gets a block sized to its input; values with many more tokens
  /// per byte than that size allows for, or long escaped texts, move to a larger block and
  /// come out the same as when tokenized from a stream (shared 256 KiB blocks).
  @Test func valuesLargerThanTheirSizedBlockComeOutWhole() throws {
    let texts = [
      "[" + Array(repeating: "1", count: 20_000).joined(separator: ",") + "]",
      String(repeating: "[", count: 400) + String(repeating: "]", count: 400),
      #"{"a":""# + String(repeating: #"\u00e9\n"#, count: 5_000) + #""}"#,
      "0", "{}", #""x""#,
    ]
    for text in texts {
      let parsed = try JSONTokens(parsing: text)
      let tokenizer = JSONTokenizer()  // streamed: no expected size
      try tokenizer.feed(Array(text.utf8))
      try tokenizer.finish()
      guard case .value(let streamed)? = tokenizer.nextOutput() else {
        Issue.record("no value")
        continue
      }
      #expect(parsed == streamed)
      #expect(JSONWriter.bytes(of: JSONValue(tokens: parsed)) == JSONWriter.bytes(of: JSONValue(tokens: streamed)))
    }
  }
}

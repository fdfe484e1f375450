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
}

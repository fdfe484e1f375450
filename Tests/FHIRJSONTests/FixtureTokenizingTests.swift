import FHIRJSON
import FHIRTestSupport
import Testing

/// Every real FHIR file in Fixtures/ tokenizes the same whatever the chunking, and
/// survives a writer round trip with its number text unchanged.
@Suite struct FixtureTokenizingTests {
  static let chunkSizes = [1, 7, 4096]

  @Test(arguments: Fixtures.jsonFiles)
  func chunkingDoesNotChangeTokens(path: String) throws {
    let bytes = Fixtures.bytes(path)
    let whole = try Chunked.tokens(bytes, chunkSize: bytes.count)
    #expect(whole.count > 2)
    // The value's source bytes, as the care pipeline stages a resource no model reads, are the
    // file's bytes between the whitespace around it, at any chunking.
    let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
    let source = Array(bytes.drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    #expect(whole.sourceBytes(ofValueAt: 0) == source)
    for size in Self.chunkSizes {
      let chunked = try Chunked.tokens(bytes, chunkSize: size)
      #expect(chunked.firstDifference(from: whole) == nil, "chunk size \(size)")
      #expect(chunked.sourceBytes(ofValueAt: 0) == source, "chunk size \(size)")
    }
  }

  @Test(arguments: Fixtures.ndjsonFiles)
  func chunkingDoesNotChangeNDJSONRecords(path: String) throws {
    let bytes = Fixtures.bytes(path)
    let whole = try Chunked.ndjsonEvents(bytes, chunkSize: bytes.count)
    let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: true).count
    #expect(whole.count == lines)
    for event in whole {
      guard case .record = event else {
        Issue.record("bad line in a valid fixture: \(event)")
        return
      }
    }
    for size in Self.chunkSizes {
      #expect(try Chunked.ndjsonEvents(bytes, chunkSize: size) == whole, "chunk size \(size)")
    }
  }

  @Test(arguments: Fixtures.jsonFiles)
  func writerRoundTripIsExact(path: String) throws {
    let bytes = Fixtures.bytes(path)
    let tokens = try Chunked.tokens(bytes, chunkSize: bytes.count)
    let value = JSONValue(tokens: tokens)
    for style in [JSONWriter.Style.compact, .pretty] {
      let written = JSONWriter.bytes(of: value, style: style)
      let reparsed = try written.withUnsafeBytes { try JSONValue(parsing: $0) }
      #expect(reparsed == value, "style \(style)")
      // Writing straight from tokens gives the same bytes as writing the value.
      var writer = JSONWriter(style: style)
      writer.value(tokens)
      #expect(writer.output == written)
    }
    // Number text is kept exactly: every number token reads back as written.
    let numbers = (0..<tokens.count).filter { tokens[$0].kind == .number }
    for index in numbers {
      let text = tokens.string(at: index)
      let start = tokens.offset(at: index)
      #expect(Array(bytes[start..<start + text.utf8.count]) == Array(text.utf8))
    }
  }

  @Test(arguments: Fixtures.ndjsonFiles)
  func ndjsonRoundTrip(path: String) throws {
    let bytes = Fixtures.bytes(path)
    for event in try Chunked.ndjsonEvents(bytes, chunkSize: 1 << 16) {
      guard case .record(let tokens, _) = event else { continue }
      let value = JSONValue(tokens: tokens)
      let written = JSONWriter.bytes(of: value)
      #expect(try written.withUnsafeBytes { try JSONValue(parsing: $0) } == value)
    }
  }
}

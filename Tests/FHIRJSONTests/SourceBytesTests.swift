import FHIRJSON
import FHIRTestSupport
import Testing

/// `sourceBytes(ofValueAt:)` gives the bytes an object or array was read from, exactly (spaces,
/// escapes, number text), for whole values, values inside them, NDJSON lines and streamed Bundle
/// entries at any chunk size; and nothing where the tokens do not hold their source.
@Suite struct SourceBytesTests {
  static let line =
    #"{ "resourceType" : "Organization", "id":"o\"1\u00e9", "name": "A \/ B", "x": [1.50, -0e3, true, null, {}], "y":{"z":[]} }"#

  @Test func aWholeValueAndTheValuesInsideItAreTheirBytes() throws {
    let tokens = try JSONTokens(parsing: Self.line)
    #expect(tokens.sourceBytes(ofValueAt: 0) == Array(Self.line.utf8))
    // Every object and array inside, against the bytes between its first and last token.
    let bytes = Array(Self.line.utf8)
    var checked = 0
    for index in 0..<tokens.count where tokens[index].kind == .objectStart || tokens[index].kind == .arrayStart {
      let start = tokens.offset(at: index) - tokens.startOffset
      let end = tokens.offset(at: tokens.endIndex(ofValueAt: index)) - tokens.startOffset + 1
      #expect(tokens.sourceBytes(ofValueAt: index) == Array(bytes[start..<end]))
      checked += 1
    }
    #expect(checked == 5)
    // Not a container: no bytes.
    #expect(tokens.sourceBytes(ofValueAt: 2) == nil)
  }

  @Test func copiesAndPackedTokensHoldNoSource() throws {
    let tokens = try JSONTokens(parsing: Self.line)
    #expect(tokens.value(at: 0).sourceBytes(ofValueAt: 0) == nil)
    #expect(try #require(JSONTokens(packed: tokens.packed())).sourceBytes(ofValueAt: 0) == nil)
  }

  /// Every line of an NDJSON stream, read in chunks of any size, is its bytes.
  @Test(arguments: [5, 64, 100_000])
  func ndjsonLinesAreTheirBytes(chunkSize: Int) throws {
    let lines = [Self.line, #"{"resourceType":"Claim","id":"c1"}"#, #"  [ {"a" : "\n"} ]  "#]
    let input = Array(lines.joined(separator: "\n").utf8)
    let expected = lines.map { Array($0.trimmingSpaces.utf8) }
    // Read line by line, and cut into chunks of whole lines tokenized where they are decoded.
    let reader = NDJSONReader()
    let chunker = NDJSONChunker(source: nil, chunkBytes: chunkSize)
    var values: [JSONTokens] = []
    var chunked: [JSONTokens] = []
    func add(_ event: NDJSONReader.Event, to list: inout [JSONTokens]) {
      if case .record(let tokens, _) = event { list.append(tokens) }
    }
    var start = 0
    while start < input.count {
      let end = min(start + chunkSize, input.count)
      try input[start..<end].withUnsafeBytes { chunk in
        try reader.feed(chunk) { add($0, to: &values) }
        try chunker.feed(chunk) { for event in $0.events() { add(event, to: &chunked) } }
      }
      start = end
    }
    try reader.finish { add($0, to: &values) }
    try chunker.finish { for event in $0.events() { add(event, to: &chunked) } }
    #expect(values.map { $0.sourceBytes(ofValueAt: 0) } == expected)
    #expect(chunked.map { $0.sourceBytes(ofValueAt: 0) } == expected)
  }

  /// The resources of streamed Bundle entries are their bytes; the shell, streamed around them,
  /// holds none.
  @Test(arguments: [7, 4096, 1 << 20])
  func streamedEntriesAreTheirBytes(chunkSize: Int) throws {
    let bundle = #"""
      {"resourceType": "Bundle", "type": "collection",
       "entry": [ {"fullUrl": "urn:uuid:1", "resource": {"resourceType": "Patient", "id": "p\u0031"}},
                  {"resource":{"resourceType":"Observation","id":"o1","valueQuantity":{"value":1.50}}} ],
       "total": 2}
      """#
    let bytes = Array(bundle.utf8)
    var resources: [[UInt8]?] = []
    var shells = 0
    for event in try Chunked.bundleEvents(bytes, chunkSize: chunkSize) {
      switch event {
      case .entry(let tokens, _):
        let resource = try #require(JSONTokensPackingTests.member("resource", of: tokens))
        resources.append(tokens.sourceBytes(ofValueAt: resource))
      case .bundle(let tokens):
        #expect(tokens.sourceBytes(ofValueAt: 0) == nil)
        shells += 1
      }
    }
    #expect(shells == 1)
    #expect(
      resources == [
        Array(#"{"resourceType": "Patient", "id": "p\u0031"}"#.utf8),
        Array(#"{"resourceType":"Observation","id":"o1","valueQuantity":{"value":1.50}}"#.utf8),
      ])
  }
}

extension String {
  /// Without the spaces at either end.
  fileprivate var trimmingSpaces: String {
    String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
  }
}

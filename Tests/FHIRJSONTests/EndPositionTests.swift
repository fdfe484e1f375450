import FHIRJSON
import Testing

/// Where the bytes read so far end (`endPosition`), as a read failure or a damaged gzip stream
/// is located: the readers each framing uses agree with counting the bytes and newlines, at every
/// cut of the input, in pieces of any size, bad NDJSON lines included.
@Suite struct EndPositionTests {
  /// The position after `prefix`: its length, 1 + its newlines, and the bytes since the last one + 1.
  static func expected(_ prefix: ArraySlice<UInt8>) -> InputPosition {
    let lastLineStart = prefix.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
    return InputPosition(
      offset: prefix.count, line: 1 + prefix.filter { $0 == 0x0A }.count, column: prefix.count - lastLineStart + 1)
  }

  @Test(arguments: [1, 7, 64])
  func ndjsonReadersAgreeWithCounting(piece: Int) throws {
    let bytes = NDJSONChunkerTests.input
    for cut in stride(from: 0, through: bytes.count, by: 5) {
      let reader = NDJSONReader(source: "in.ndjson")
      let chunker = NDJSONChunker(source: "in.ndjson", chunkBytes: 40)
      var start = 0
      while start < cut {
        let end = min(cut, start + piece)
        try bytes[start..<end].withUnsafeBytes { chunk in
          try reader.feed(chunk) { _ in }
          try chunker.feed(chunk) { _ in }
        }
        start = end
      }
      #expect(reader.endPosition == Self.expected(bytes[..<cut]), "reader at \(cut)")
      #expect(chunker.endPosition == Self.expected(bytes[..<cut]), "chunker at \(cut)")
    }
  }

  @Test func aStreamedBundleAgreesWithCounting() throws {
    let bytes = Array(
      """
      {"resourceType": "Bundle",
        "entry": [
          {"resource": {"resourceType": "Patient", "id": "a"}},
          {"resource": {"resourceType": "Patient", "id": "b"}}
        ]
      }

      """.utf8)
    for piece in [1, 9, 1000] {
      let reader = BundleStreamReader(source: "b.json")
      var start = 0
      while start < bytes.count {
        let end = min(bytes.count, start + piece)
        try bytes[start..<end].withUnsafeBytes { try reader.feed($0) { _ in } }
        #expect(reader.endPosition == Self.expected(bytes[..<end]), "at \(end)")
        start = end
      }
    }
  }
}

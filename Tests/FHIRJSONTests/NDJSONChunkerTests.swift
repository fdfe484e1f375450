import FHIRJSON
import FHIRTestSupport
import Testing

/// NDJSON cut into chunks of whole lines and read chunk by chunk (on other threads, by
/// `fhirkit --jobs N`) gives exactly what reading the whole input gives: the same records
/// and the same bad lines, with the same lines, offsets, columns, paths and messages.
@Suite struct NDJSONChunkerTests {
  /// Good lines, and every kind of bad one, blank lines, CRLF, a long line, a last line
  /// without its newline.
  static let input: [UInt8] = {
    var bytes = Array(#"{"resourceType":"Patient","id":"1"}"#.utf8) + [0x0A]
    bytes += Array(#"{"resourceType":"Patient","name":[{"family":"Chalm"#.utf8) + [0x0A]  // truncated
    bytes += Array(#"{"resourceType":"Patient","id":"3"}"#.utf8) + [0x0D, 0x0A]  // CRLF
    bytes += [0x20, 0x0A, 0x0A]  // blank, empty
    bytes += [0x7B, 0x22, 0x61, 0x22, 0x3A, 0x22, 0xFF, 0x22, 0x7D, 0x0A]  // invalid UTF-8
    bytes += Array(#"{"a":1}{"b":2}"#.utf8) + [0x0A]  // two values
    bytes += Array(#"{"resourceType":"Observation","status":"fin"#.utf8) + [0x0A]  // ends inside a string
    bytes += Array(#"{"resourceType":"Basic","text":""#.utf8) + Array(repeating: 0x61, count: 3000) + Array(#""}"#.utf8)
    bytes += [0x0A]
    bytes += Array("[1,".utf8) + [0x0A]  // truncated array
    bytes += Array(#"{"id":"x","#.utf8) + [0x0A]
    bytes += Array(#"{"resourceType":"Patient","id":"last","note":"unterminated"#.utf8)  // no newline
    return bytes
  }()

  /// What an ``NDJSONReader`` fed `bytes` whole reports.
  static func wholeEvents(_ bytes: [UInt8]) throws -> [NDJSONReader.Event] {
    let reader = NDJSONReader(source: "in.ndjson")
    var events: [NDJSONReader.Event] = []
    try bytes.withUnsafeBytes { try reader.feed($0) { events.append($0) } }
    try reader.finish { events.append($0) }
    return events
  }

  @Test(arguments: [1, 3, 16, 50, 700, 1 << 17])
  func chunksReadAsTheWholeInput(chunkBytes: Int) throws {
    for ending in [[], [UInt8(0x0A)], [UInt8(0x0A), 0x0A]] {
      let bytes = Self.input + ending
      let whole = try Self.wholeEvents(bytes)
      #expect(whole.count == 10)
      for feedSize in [1, 7, 64, bytes.count] {
        let chunker = NDJSONChunker(source: "in.ndjson", chunkBytes: chunkBytes)
        var chunks: [NDJSONChunk] = []
        var fed = 0
        try Chunked.forEachChunk(of: bytes, size: feedSize) { piece in
          try chunker.feed(piece) { chunks.append($0) }
          fed += 1
          // The input pausing now and then hands out the whole lines so far.
          if fed % 5 == 0 { try chunker.handOutLines { chunks.append($0) } }
        }
        try chunker.finish { chunks.append($0) }
        #expect(chunks.flatMap(\.bytes) == bytes, "chunk \(chunkBytes), feed \(feedSize)")
        #expect(chunks.dropLast().allSatisfy { $0.bytes.last == 0x0A && !$0.endsInput })
        #expect(chunks.flatMap { $0.events() } == whole, "chunk \(chunkBytes), feed \(feedSize)")
      }
    }
  }

  /// A string or number over the limit is said the same way whether its line is fed whole or
  /// in pieces that cut it (the tokenizer refuses a cut one before reading its end).
  @Test func tooLongIsSaidTheSameWayHoweverFed() throws {
    let options = JSONTokenizer.Options(maxStringLength: 16)
    let bytes = Array("{\"a\":\"\(String(repeating: "x", count: 40))\"}\n[\(String(repeating: "7", count: 30))]\n{\"b\":1}\n".utf8)
    for pieceSize in [1, 2, 5, 9] {
      let reader = NDJSONReader(options: options)
      var pieces: [NDJSONReader.Event] = []
      try Chunked.forEachChunk(of: bytes, size: pieceSize) { try reader.feed($0) { pieces.append($0) } }
      try reader.finish { pieces.append($0) }
      let whole = NDJSONChunk(bytes: bytes, firstLine: 1, offset: 0, endsInput: true, source: nil).events(options: options)
      #expect(pieces == whole, "pieces of \(pieceSize)")
      let messages = whole.compactMap { event -> String? in
        if case .badLine(let error) = event { return error.message }
        return nil
      }
      #expect(messages == ["string of over 16 bytes exceeds the limit", "number of over 16 bytes exceeds the limit"])
    }
  }

  @Test func chunksAreCutAtLineEndsFromTheirSize() throws {
    let line = Array(#"{"resourceType":"Patient"}"#.utf8) + [0x0A]  // 27 bytes
    let bytes = Array([[UInt8]](repeating: line, count: 10).joined())
    let chunker = NDJSONChunker(source: nil, chunkBytes: 60)
    var chunks: [NDJSONChunk] = []
    try bytes.withUnsafeBytes { try chunker.feed($0) { chunks.append($0) } }
    // 81 bytes (three lines) is the first cut at or past 60; the last line waits for more.
    #expect(chunks.map(\.bytes.count) == [81, 81, 81])
    #expect(chunks.map(\.firstLine) == [1, 4, 7])
    #expect(chunks.map(\.offset) == [0, 81, 162])
    try chunker.finish { chunks.append($0) }
    #expect(chunks.last?.firstLine == 10 && chunks.last?.endsInput == true)
  }

  @Test func contentIsMoreThanWhitespace() {
    #expect(!NDJSONChunk(bytes: Array(" \r\n\t\n".utf8), firstLine: 1, offset: 0, endsInput: true, source: nil).hasContent)
    #expect(NDJSONChunk(bytes: Array("\n{".utf8), firstLine: 1, offset: 0, endsInput: true, source: nil).hasContent)
  }
}

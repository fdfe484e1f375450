import FHIRCore
import FHIRJSON
import FHIRTestSupport
import Testing

/// A framer handing NDJSON out in chunks of whole lines (`lines:`, as `fhirkit --jobs N` reads
/// it) gives, chunks and records together, what reading the lines here gives.
@Suite struct ResourceFramerLinesTests {
  /// Each event as `record <line>` or `error <line>:<column> <kind> <offset>`.
  static func describe(_ event: NDJSONReader.Event) -> String {
    switch event {
    case .record(_, let line): "record \(line)"
    case .badLine(let error): "error \(error.line):\(error.column) \(error.kind) \(error.offset)"
    }
  }

  /// Events through a framer with a `lines` handler: the chunks' events, then the records and
  /// errors the framer hands out itself, in input order.
  static func framed(_ bytes: [UInt8], pieceSize: Int) throws -> (events: [String], chunks: Int) {
    var events: [String] = []
    var chunks = 0
    let framer = ResourceFramer(
      framing: .ndjson, source: "in",
      lines: { chunk in
        chunks += 1
        events += chunk.events().map(describe)
      },
      handler: { event in
        switch event {
        case .record(let record): events.append("record \(record.line ?? 0)")
        case .invalidJSON(let error): events.append(describe(.badLine(error)))
        default: break
        }
      })
    try Chunked.forEachChunk(of: bytes, size: pieceSize) { try framer.feed($0) }
    try framer.finish()
    return (events, chunks)
  }

  static func whole(_ bytes: [UInt8]) throws -> [String] {
    let reader = NDJSONReader(source: "in")
    var events: [String] = []
    try bytes.withUnsafeBytes { try reader.feed($0) { events.append(describe($0)) } }
    try reader.finish { events.append(describe($0)) }
    return events
  }

  /// A line longer than a framer holds whole (16 MiB) is read by the framer as it comes, with
  /// the lines after it; the lines before it were handed out in chunks.
  @Test func aLineTooLongToHoldIsReadAsItComes() throws {
    var bytes = Array("{\"resourceType\":\"Patient\"}\n{bad\n".utf8)
    bytes += Array("{\"resourceType\":\"Basic\",\"text\":\"".utf8) + Array(repeating: UInt8(ascii: "x"), count: 17 << 20)
    bytes += Array("\"}\n{\"resourceType\":\"Patient\"}\n[1,\n{\"a\":".utf8)
    let expected = try Self.whole(bytes)
    #expect(
      expected == [
        "record 1", "error 2:3 unexpectedCharacter 29", "record 3", "record 4", "error 5:4 unexpectedEnd 17825889",
        "error 6:6 unexpectedEnd 17825895",
      ])
    let framed = try Self.framed(bytes, pieceSize: 1 << 16)
    #expect(framed.events == expected)
    #expect(framed.chunks == 1)
  }

  @Test(arguments: [1, 3, 64, 1 << 16])
  func chunksAndRecordsGiveWhatReadingHereGives(pieceSize: Int) throws {
    var text = ""
    for i in 0..<300 { text += i % 37 == 5 ? "{\"id\":\n" : "{\"resourceType\":\"Patient\",\"id\":\"p\(i)\"}\n" }
    let bytes = Array((text + "{\"resourceType\":\"Patient\"").utf8)
    let framed = try Self.framed(bytes, pieceSize: pieceSize)
    #expect(framed.events == (try Self.whole(bytes)))
  }
}

import FHIRJSON
import FHIRTestSupport
import Foundation
import Testing

/// `InputDecoder`: gzip told by its magic bytes and inflated by the system's zlib, a byte
/// order mark skipped, in chunks of any size.
@Suite struct InputDecoderTests {
  /// `bytes` compressed by the system's `gzip`.
  static func gzip(_ bytes: [UInt8]) throws -> [UInt8] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["gzip", "-c"]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    nonisolated(unsafe) var compressed = Data()
    let group = DispatchGroup()
    DispatchQueue.global().async(group: group) { compressed = output.fileHandleForReading.readDataToEndOfFile() }
    input.fileHandleForWriting.write(Data(bytes))
    try input.fileHandleForWriting.close()
    group.wait()
    process.waitUntilExit()
    return Array(compressed)
  }

  /// What the decoder hands out for `bytes` fed in chunks of `size`, and its notes.
  static func decode(_ bytes: [UInt8], chunkSize size: Int) throws -> (content: [UInt8], notes: [InputDecoder.Note]) {
    var notes: [InputDecoder.Note] = []
    var content: [UInt8] = []
    let decoder = InputDecoder(source: "test") { notes.append($0) }
    try Chunked.forEachChunk(of: bytes, size: size) { chunk in try decoder.feed(chunk) { content += $0 } }
    try decoder.finish { content += $0 }
    return (content, notes)
  }

  static let text = Array(Fixtures.bytes("r4/ndjson/sample-bulk-10-patients__Patient.000.ndjson"))
  static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

  @Test(arguments: [1, 2, 3, 7, 4096, 1 << 20])
  func plainInputPassesUnchanged(chunkSize: Int) throws {
    let (content, notes) = try Self.decode(Self.text, chunkSize: chunkSize)
    #expect(content == Self.text)
    #expect(notes.isEmpty)
  }

  @Test(arguments: [1, 2, 3, 7, 4096, 1 << 20])
  func gzipIsInflated(chunkSize: Int) throws {
    let (content, notes) = try Self.decode(try Self.gzip(Self.text), chunkSize: chunkSize)
    #expect(content == Self.text)
    #expect(notes == [.gzip])
  }

  @Test(arguments: [1, 2, 3, 7, 4096])
  func aByteOrderMarkIsSkippedOnceCompressedOrNot(chunkSize: Int) throws {
    let marked = Self.byteOrderMark + Self.text
    let plain = try Self.decode(marked, chunkSize: chunkSize)
    #expect(plain.content == Self.text)
    #expect(plain.notes == [.byteOrderMark])
    let compressed = try Self.decode(try Self.gzip(marked), chunkSize: chunkSize)
    #expect(compressed.content == Self.text)
    #expect(compressed.notes == [.gzip, .byteOrderMark])
    // Only at the start: a second mark is content (which the tokenizer then rejects).
    let twice = try Self.decode(Self.byteOrderMark + Self.byteOrderMark + [0x7B, 0x7D], chunkSize: chunkSize)
    #expect(twice.content == Self.byteOrderMark + [0x7B, 0x7D])
  }

  @Test func shortInputsAreHandedOutWhole() throws {
    for bytes: [UInt8] in [[], [0x7B], [0x1F], [0xEF, 0xBB], [0x7B, 0x7D]] {
      #expect(try Self.decode(bytes, chunkSize: 1).content == bytes)
    }
    #expect(try Self.decode(Self.byteOrderMark, chunkSize: 1).content == [])
  }

  @Test func concatenatedMembersAreReadInTurn() throws {
    let half = Self.text.count / 2
    let members = try Self.gzip(Array(Self.text[..<half])) + Self.gzip(Array(Self.text[half...]))
    for size in [1, 5, 4096, 1 << 20] {
      #expect(try Self.decode(members, chunkSize: size).content == Self.text)
    }
  }

  /// A reader that stops early (its handler throws) gets its error back, at once or after
  /// some blocks, and a fresh decoder reads a large stream to its end.
  @Test func aReaderThatStopsEarlyStopsTheInflater() throws {
    struct Stop: Error {}
    let large = Array(repeating: Self.text, count: 40).flatMap { $0 }
    let compressed = try Self.gzip(large)
    for blocksBeforeStop in [0, 1, 5] {
      var blocks = 0
      let decoder = InputDecoder(source: "test")
      #expect(throws: Stop.self) {
        try Chunked.forEachChunk(of: compressed, size: 1 << 12) { chunk in
          try decoder.feed(chunk) { _ in
            if blocks == blocksBeforeStop { throw Stop() }
            blocks += 1
          }
        }
        try decoder.finish { _ in }
      }
    }
    // All of it, read to the end.
    #expect(try Self.decode(compressed, chunkSize: 1 << 12).content == large)
  }

  @Test func truncatedAndCorruptStreamsFailAsUnreadable() throws {
    let compressed = try Self.gzip(Self.text)
    let truncated = #expect(throws: JSONError.self) { try Self.decode(Array(compressed.dropLast(20)), chunkSize: 4096) }
    #expect(truncated?.kind == .readFailed)
    #expect(truncated?.message.contains("truncated") == true)
    var corrupt = compressed
    for i in 20..<60 { corrupt[i] ^= 0x5A }
    let error = #expect(throws: JSONError.self) { try Self.decode(corrupt, chunkSize: 4096) }
    #expect(error?.kind == .readFailed)
    #expect(error?.source == "test")
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Cuts an NDJSON input into ``NDJSONChunk``s of whole lines, about `chunkBytes` each, for
/// other threads to read: feed it chunks of any size, as with ``NDJSONReader``; it only looks
/// for newlines (`memchr`) and copies bytes.
///
/// ```swift
/// let chunker = NDJSONChunker(source: path)
/// try ByteChunks.read(path: path) { try chunker.feed($0) { chunk in … } }
/// try chunker.finish { chunk in … }
/// ```
public final class NDJSONChunker {
  private let source: String?
  private let chunkBytes: Int
  /// The bytes not handed out yet, from a line start.
  private var buffer: [UInt8] = []
  /// The line and the offset in the input of `buffer`'s first byte.
  private var line = 1
  private var offset = 0

  /// Creates a chunker.
  /// - Parameters:
  ///   - source: The input's name, put into the chunks (and so into errors).
  ///   - chunkBytes: The size from which whole lines are handed out (a longer line is one
  ///     chunk with the lines before it).
  public init(source: String?, chunkBytes: Int = 1 << 17) {
    self.source = source
    self.chunkBytes = max(1, chunkBytes)
  }

  /// Reads the next piece of the input, handing out every chunk of whole lines it completes.
  /// - Throws: What `handler` throws.
  public func feed(_ bytes: UnsafeRawBufferPointer, _ handler: (NDJSONChunk) throws -> Void) throws {
    buffer.append(contentsOf: bytes)
    var start = 0
    while buffer.count - start >= chunkBytes, let newline = newline(from: start + chunkBytes - 1) {
      try handOut(start..<newline + 1, handler)
      start = newline + 1
    }
    buffer.removeSubrange(0..<start)
  }

  /// Hands out the whole lines read so far, however few (the input pauses).
  /// - Throws: What `handler` throws.
  public func handOutLines(_ handler: (NDJSONChunk) throws -> Void) throws {
    guard let last = buffer.lastIndex(of: 0x0A) else { return }
    try handOut(0..<last + 1, handler)
    buffer.removeSubrange(0...last)
  }

  /// Ends the input: hands out what is left, the last line with or without its newline.
  /// - Throws: What `handler` throws.
  public func finish(_ handler: (NDJSONChunk) throws -> Void) throws {
    guard !buffer.isEmpty else { return }
    let chunk = NDJSONChunk(bytes: buffer, firstLine: line, offset: offset, endsInput: true, source: source)
    buffer = []
    try handler(chunk)
  }

  /// The bytes read and not handed out yet: after ``handOutLines(_:)``, the start of a line
  /// whose end has not come.
  public var bufferedBytes: Int { buffer.count }

  /// Where the bytes read so far end: the place of the next byte.
  public var endPosition: InputPosition {
    let newlines = buffer.withUnsafeBytes { LineTracker.countNewlines($0) }
    let lastLineStart = (buffer.lastIndex(of: 0x0A).map { $0 + 1 }) ?? 0
    return InputPosition(offset: offset + buffer.count, line: line + newlines, column: buffer.count - lastLineStart + 1)
  }

  /// Stops cutting: returns the bytes not handed out (from a line start) with their line and
  /// offset in the input, for an ``NDJSONReader`` made to start there to read them and the rest
  /// (`NDJSONReader(firstLine:firstOffset:)`): a line too long to hold whole is read as it comes.
  public func takeRest() -> (bytes: [UInt8], line: Int, offset: Int) {
    defer { buffer = [] }
    return (buffer, line, offset)
  }

  /// The index of the first newline in `buffer` at or after `index`: `memchr`, as the tokenizer
  /// counts lines, since finding line ends is the reading thread's whole share of the work with
  /// several threads (`FHIRJSONBenchmarks job`, docs/benchmarks/job-2026-11-30.md, "NDJSON tokenized where it is
  /// decoded").
  private func newline(from index: Int) -> Int? {
    guard index < buffer.count else { return nil }
    return buffer.withUnsafeBytes { bytes in
      memchr(bytes.baseAddress! + index, 0x0A, bytes.count - index).map { UnsafeRawPointer($0) - bytes.baseAddress! }
    }
  }

  private func handOut(_ range: Range<Int>, _ handler: (NDJSONChunk) throws -> Void) throws {
    let chunk = NDJSONChunk(
      bytes: Array(buffer[range]), firstLine: line, offset: offset, endsInput: false, source: source)
    line += chunk.bytes.withUnsafeBytes { LineTracker.countNewlines($0) }
    offset += range.count
    try handler(chunk)
  }
}

@available(*, unavailable)
extension NDJSONChunker: Sendable {}

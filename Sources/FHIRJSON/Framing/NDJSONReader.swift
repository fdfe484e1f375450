#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads newline-delimited JSON (NDJSON, as Bulk Data `$export` writes it): one
/// value per line, blank lines and `\r\n` line ends tolerated.
///
/// A bad line is reported with its line number and skipped; the lines before and
/// after it still come through. Feed chunks of any size; lines may span chunks.
/// A record is handed out once its whole line has been checked.
///
/// ```swift
/// let reader = NDJSONReader(source: path)
/// try ByteChunks.read(path: path) { chunk in
///   try reader.feed(chunk) { event in … }
/// }
/// try reader.finish { event in … }
/// ```
public final class NDJSONReader {
  /// What the reader reports, in input order.
  public enum Event: Hashable, Sendable {
    /// The value on line `line` (1-based).
    case record(JSONTokens, line: Int)
    /// A line that is not one valid JSON value; reading goes on with the next line.
    case badLine(JSONError)
  }

  private let tokenizer: JSONTokenizer
  private var line = 1
  private var offset = 0
  /// The offset of the current line's first byte.
  private var lineStart = 0
  private var skippingLine = false
  private var lineHasBytes = false
  private var lineValue: JSONTokens?

  /// The number of records read so far.
  public private(set) var recordCount = 0
  /// The number of bad lines so far.
  public private(set) var badLineCount = 0

  /// Creates a reader.
  /// - Parameters:
  ///   - options: Limits for each line's value.
  ///   - source: A name for the input (a file path), put into errors.
  ///   - firstLine: The line (1-based) the first byte fed starts, when the reader is fed the
  ///     rest of an input from a line start on (``NDJSONChunk``).
  ///   - firstOffset: The offset in the whole input of the first byte fed, a line start: the
  ///     lines, offsets and columns reported are those of the whole input.
  public init(
    options: JSONTokenizer.Options = .init(), source: String? = nil, firstLine: Int = 1, firstOffset: Int = 0
  ) {
    var options = options
    options.allowsMultipleValues = false
    options.streamedArrayKey = nil
    tokenizer = JSONTokenizer(options: options, source: source)
    line = firstLine
    offset = firstOffset
    lineStart = firstOffset
    if firstLine > 1 || firstOffset > 0 {
      tokenizer.reset(skippingTo: firstOffset, newlinesSkipped: firstLine - 1)
    }
  }

  /// Reads the next chunk, calling `handler` for each line it completes.
  /// - Throws: Only what `handler` throws (to stop at the first bad line, throw it).
  public func feed(_ chunk: UnsafeRawBufferPointer, _ handler: (Event) throws -> Void) throws {
    guard let base = chunk.baseAddress else { return }
    var start = 0
    while start < chunk.count {
      let newline = memchr(base + start, 0x0A, chunk.count - start).map { UnsafeRawPointer($0) - base }
      let end = newline.map { $0 + 1 } ?? chunk.count
      if !skippingLine {
        lineHasBytes = true
        do {
          try tokenizer.feed(UnsafeRawBufferPointer(rebasing: chunk[start..<end]))
          takeValue()
        } catch var error as JSONError {
          skippingLine = true
          lineValue = nil
          // A value the line completed before its error (`{"a":1}x`) is no record of this line
          // or the next.
          while tokenizer.nextOutput() != nil {}
          if error.kind == .invalidString, let newline, abs(error.offset - (offset + newline)) <= 1 {
            // A newline inside a string: in NDJSON, the line ended early.
            error.kind = .unexpectedEnd
            error.message = "line ends inside a string"
          }
          try report(error, handler)
          // The newline, if in this piece, was not counted by the tokenizer.
          if newline != nil { tokenizer.reset(skippingTo: offset + end, newlinesSkipped: 1) }
        }
      }
      if newline != nil {
        try endLine(nextLineStart: offset + end, handler)
      }
      start = end
    }
    offset += chunk.count
  }

  /// Where the bytes read so far end: the place of the next byte.
  public var endPosition: InputPosition {
    InputPosition(offset: offset, line: line, column: offset - lineStart + 1)
  }

  /// Ends the input, completing a last line that has no newline.
  public func finish(_ handler: (Event) throws -> Void) throws {
    guard lineHasBytes, !skippingLine else { return }
    try endLine(nextLineStart: offset + 1, atEndOfInput: true, handler)
  }

  private func endLine(nextLineStart: Int, atEndOfInput: Bool = false, _ handler: (Event) throws -> Void) throws {
    defer {
      line += 1
      lineStart = nextLineStart
      lineHasBytes = false
      lineValue = nil
    }
    if skippingLine {
      skippingLine = false
      if tokenizer.bytesConsumed != nextLineStart {
        tokenizer.reset(skippingTo: nextLineStart, newlinesSkipped: 1)
      }
      return
    }
    do {
      if atEndOfInput { try tokenizer.endDocumentAtEndOfInput() } else { try tokenizer.endDocument() }
      takeValue()
    } catch let error as JSONError {
      // The newline was counted when it was fed.
      tokenizer.reset(skippingTo: nextLineStart)
      try report(error, handler)
      return
    }
    if let lineValue {
      recordCount += 1
      try handler(.record(lineValue, line: line))
    }
  }

  private func takeValue() {
    while let output = tokenizer.nextOutput() {
      if case .value(let tokens) = output { lineValue = tokens }
    }
  }

  private func report(_ error: JSONError, _ handler: (Event) throws -> Void) throws {
    badLineCount += 1
    try handler(.badLine(error))
  }
}

@available(*, unavailable)
extension NDJSONReader: Sendable {}

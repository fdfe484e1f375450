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
  private var skippingLine = false
  private var lineHasBytes = false

  /// The number of records read so far.
  public private(set) var recordCount = 0
  /// The number of bad lines so far.
  public private(set) var badLineCount = 0

  /// Creates a reader.
  /// - Parameters:
  ///   - options: Limits for each line's value.
  ///   - source: A name for the input (a file path), put into errors.
  public init(options: JSONTokenizer.Options = .init(), source: String? = nil) {
    var options = options
    options.allowsMultipleValues = false
    options.streamedArrayKey = nil
    tokenizer = JSONTokenizer(options: options, source: source)
  }

  /// Reads the next chunk, calling `handler` for each line it completes.
  /// - Throws: Only what `handler` throws (to stop at the first bad line, throw it).
  public func feed(_ chunk: UnsafeRawBufferPointer, _ handler: (Event) throws -> Void) throws {
    guard let base = chunk.baseAddress else { return }
    var start = 0
    while start < chunk.count {
      let newline = memchr(base + start, 0x0A, chunk.count - start).map { $0 - UnsafeMutableRawPointer(mutating: base) }
      let end = newline.map { $0 + 1 } ?? chunk.count
      if !skippingLine {
        lineHasBytes = true
        do {
          try tokenizer.feed(UnsafeRawBufferPointer(rebasing: chunk[start..<end]))
          try drain(handler)
        } catch let error as JSONError {
          try report(error, handler)
          skippingLine = true
          if newline != nil {
            // The newline was in the failed segment, so the tokenizer never counted it.
            tokenizer.reset(skippingTo: offset + end, newlinesSkipped: 1)
          }
        }
      }
      if newline != nil {
        try endLine(at: offset + end, handler)
      }
      start = end
    }
    offset += chunk.count
  }

  /// Ends the input, completing a last line that has no newline.
  public func finish(_ handler: (Event) throws -> Void) throws {
    guard lineHasBytes, !skippingLine else { return }
    let newline: [UInt8] = [0x0A]
    try newline.withUnsafeBytes { try feed($0, handler) }
  }

  private func endLine(at nextLineStart: Int, _ handler: (Event) throws -> Void) throws {
    defer {
      line += 1
      lineHasBytes = false
    }
    if skippingLine {
      skippingLine = false
      if tokenizer.bytesConsumed != nextLineStart {
        tokenizer.reset(skippingTo: nextLineStart, newlinesSkipped: 1)
      }
      return
    }
    do {
      try tokenizer.endDocument()
    } catch let error as JSONError {
      try report(error, handler)
      tokenizer.reset(skippingTo: nextLineStart)
    }
  }

  private func drain(_ handler: (Event) throws -> Void) throws {
    while let output = tokenizer.nextOutput() {
      if case .value(let tokens) = output {
        recordCount += 1
        try handler(.record(tokens, line: line))
      }
    }
  }

  private func report(_ error: JSONError, _ handler: (Event) throws -> Void) throws {
    badLineCount += 1
    try handler(.badLine(error))
  }
}

@available(*, unavailable)
extension NDJSONReader: Sendable {}

/// Whole lines of an NDJSON input, cut out of it by ``NDJSONChunker`` and read on their own
/// — on another thread — into exactly the events an ``NDJSONReader`` fed the whole input
/// reports for them: the same records, lines, and errors with the same offsets and columns.
///
/// This is how a reader spreads NDJSON over threads: the thread that reads the input only
/// finds line ends; tokenizing each line is part of the work done beside decoding.
public struct NDJSONChunk: Sendable {
  /// The lines' bytes, each line with its newline (the last one without, at the input's end).
  public var bytes: [UInt8]
  /// The line (1-based) of the first byte.
  public var firstLine: Int
  /// The offset of the first byte in the whole input.
  public var offset: Int
  /// Whether the chunk is the end of the input (its last line may have no newline).
  public var endsInput: Bool
  /// The input's name, put into errors.
  public var source: String?

  /// Creates a chunk.
  public init(bytes: [UInt8], firstLine: Int, offset: Int, endsInput: Bool, source: String?) {
    self.bytes = bytes
    self.firstLine = firstLine
    self.offset = offset
    self.endsInput = endsInput
    self.source = source
  }

  /// Whether any line holds more than whitespace: then reading the chunk reports a record or a
  /// bad line.
  public var hasContent: Bool {
    bytes.contains { !(JSONWhitespace.contains($0)) }
  }

  /// The events of the chunk's lines, in order, as ``NDJSONReader`` reports them.
  /// - Parameter options: Limits for each line's value.
  public func events(options: JSONTokenizer.Options = .init()) -> [NDJSONReader.Event] {
    var events: [NDJSONReader.Event] = []
    let reader = NDJSONReader(options: options, source: source, firstLine: firstLine, firstOffset: offset)
    do {
      try bytes.withUnsafeBytes { try reader.feed($0) { events.append($0) } }
      if endsInput { try reader.finish { events.append($0) } }
    } catch {
      // The reader throws only what its handler throws, and this one does not.
      preconditionFailure("NDJSONReader threw \(error) of its own")
    }
    return events
  }
}

/// The bytes JSON counts as whitespace between values.
private enum JSONWhitespace {
  static func contains(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
  }
}

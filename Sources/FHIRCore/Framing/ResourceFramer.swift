public import FHIRJSON

/// Turns the bytes of one input into resources: the one framing code path behind every
/// command of `fhirkit` and the care pipeline.
///
/// - NDJSON: each line is a record; a bad line is reported and skipped.
/// - JSON values: a Bundle — an object whose `resourceType` is `"Bundle"`, never merely
///   one with an `entry` array — is streamed entry by entry (`BundleStreamReader`); each
///   entry's `resource` becomes a record, and an entry without one (a transaction's
///   `DELETE`, a response's status) is handed out as ``Event/entryWithoutResource(_:)``.
///   Any other top-level value (a `List`, a `Patient`) is one record, whole. A JSON error
///   ends the input, after the records read before it.
///
/// Every top-level value is also handed out as ``Event/topLevelValue(_:)`` after its
/// records: a Bundle without its entries (to rebuild it around converted entries), or the
/// resource itself.
///
/// ``read(framing:source:chunks:handler:)`` reads an input as it was sent: gzip-compressed
/// or not (told by its magic bytes), with or without a leading byte order mark
/// (`InputDecoder`), and tells when a streamed input pauses. A framer made with
/// ``init(framing:source:options:handler:)`` is fed the content itself:
///
/// ```swift
/// let framer = ResourceFramer(framing: .json, source: path) { event in … }
/// try ByteChunks.read(path: path) { try framer.feed($0) }
/// try framer.finish()
/// ```
public final class ResourceFramer {
  /// What the framer hands out, in input order.
  public enum Event {
    /// A resource.
    case record(ResourceRecord)
    /// A Bundle entry without a `resource`.
    case entryWithoutResource(EntryWithoutResource)
    /// A top-level value, after its records: a Bundle without its entries, or a resource.
    case topLevelValue(JSONTokens)
    /// Invalid JSON: a bad NDJSON line (reading goes on with the next line) or an error
    /// in a JSON input (its end: nothing more is read from it).
    case invalidJSON(JSONError)
    /// The bytes of a JSON input after its error, not read (the rest of a Bundle: the entries
    /// after the bad one); after the input's last chunk, when there are any.
    case restNotRead(bytes: Int)
    /// What was done to the input's bytes before framing (gzip decompressed, a byte order
    /// mark skipped), before the records it concerns. Only from
    /// ``read(framing:source:chunks:handler:)``.
    case note(InputDecoder.Note)
    /// The input has nothing more for now (a pipe whose producer pauses): every record
    /// complete so far has been handed out, and whoever holds them in a batch should let
    /// them go. Only from ``read(framing:source:chunks:handler:)``, when `chunks` calls
    /// ``Feed/inputIsIdle()``.
    case inputIdle
  }

  /// What ``read(framing:source:chunks:handler:)`` gives its `chunks` closure: call it with
  /// each chunk of the input as it was sent, and ``inputIsIdle()`` when the input pauses
  /// (`ByteChunks`' `onIdle`).
  public struct Feed {
    fileprivate let bytes: (UnsafeRawBufferPointer) throws -> Void
    fileprivate let idle: () throws -> Void

    /// Reads the next chunk of the input, as it was sent.
    public func callAsFunction(_ chunk: UnsafeRawBufferPointer) throws { try bytes(chunk) }

    /// Tells the framer the input has nothing more for now: the framing of a sniffed
    /// input is settled if its first line is complete, and ``Event/inputIdle`` is handed out.
    public func inputIsIdle() throws { try idle() }
  }

  private let source: String
  private let handler: (Event) throws -> Void
  private let options: JSONTokenizer.Options
  private var ndjson: NDJSONReader?
  /// With a `lines` handler, NDJSON is cut into chunks of whole lines instead of read here.
  private var chunker: NDJSONChunker?
  private let lines: ((NDJSONChunk) throws -> Void)?
  /// The longest line held whole to be handed out in a chunk: past it, the line and the rest of
  /// the input are read here, as they come, so that memory stays bounded by the tokenizer's
  /// limits whatever a line's length.
  static let longestChunkedLine = 1 << 24
  private let values: BundleStreamReader?
  private var failed = false
  /// The bytes of a JSON input fed so far, and the offset of its error: what is left unread.
  private var fedBytes = 0
  private var errorOffset = 0

  /// Creates a framer for one input.
  /// - Parameters:
  ///   - framing: How the input is framed.
  ///   - source: The input's name (a file path, `<stdin>`), put into records and errors.
  ///   - options: Limits for the tokenizer (its framing options are set by the framer).
  ///   - lines: When given, NDJSON is not read into records here: its whole lines are handed
  ///     to `lines` in chunks, for another thread to read (``NDJSONChunk/events(options:)``
  ///     gives the records and bad lines `handler` would have had, without their
  ///     ``Event/topLevelValue(_:)``). JSON input is framed as without it.
  ///   - handler: Called with each event; what it throws stops reading and is rethrown.
  public init(
    framing: ResourceFraming, source: String, options: JSONTokenizer.Options = .init(),
    lines: ((NDJSONChunk) throws -> Void)? = nil, handler: @escaping (Event) throws -> Void
  ) {
    self.source = source
    self.handler = handler
    self.options = options
    self.lines = lines
    switch framing {
    case .ndjson where lines != nil:
      chunker = NDJSONChunker(source: source)
      ndjson = nil
      values = nil
    case .ndjson:
      ndjson = NDJSONReader(options: options, source: source)
      chunker = nil
      values = nil
    case .json:
      var options = options
      options.allowsMultipleValues = true
      ndjson = nil
      chunker = nil
      values = BundleStreamReader(options: options, requirement: .fhirBundle, source: source)
    }
  }

  /// Reads the next chunk of the input.
  /// - Throws: `JSONError` of kind `readFailed`, or what the handler throws.
  public func feed(_ chunk: UnsafeRawBufferPointer) throws {
    if let ndjson {
      try ndjson.feed(chunk, handleLine)
    } else if let chunker, let lines {
      try chunker.feed(chunk, lines)
      if chunker.bufferedBytes > Self.longestChunkedLine { try readLongLineHere(chunker, lines) }
    } else if let values {
      fedBytes += chunk.count
      if !failed { try guarded { try values.feed(chunk, handleValue) } }
    }
  }

  /// Hands out the whole lines before a line too long to hold, then reads it and the rest of the
  /// input here, as records (``longestChunkedLine``).
  private func readLongLineHere(_ chunker: NDJSONChunker, _ lines: (NDJSONChunk) throws -> Void) throws {
    try chunker.handOutLines(lines)
    guard chunker.bufferedBytes > Self.longestChunkedLine else { return }
    let rest = chunker.takeRest()
    self.chunker = nil
    let reader = NDJSONReader(options: options, source: source, firstLine: rest.line, firstOffset: rest.offset)
    ndjson = reader
    try rest.bytes.withUnsafeBytes { try reader.feed($0, handleLine) }
  }

  /// Ends the input.
  /// - Throws: What the handler throws.
  public func finish() throws {
    if let ndjson {
      try ndjson.finish(handleLine)
    } else if let chunker, let lines {
      try chunker.finish(lines)
    } else if let values {
      if !failed { try guarded { try values.finish(handleValue) } }
      if failed, fedBytes > errorOffset + 1 { try handler(.restNotRead(bytes: fedBytes - errorOffset - 1)) }
    }
  }

  /// Where the content read so far ends (after decompression): the place of the next byte.
  public var endPosition: InputPosition {
    if let ndjson { return ndjson.endPosition }
    if let chunker { return chunker.endPosition }
    return values?.endPosition ?? InputPosition(offset: 0, line: 1, column: 1)
  }

  /// Hands the whole NDJSON lines read so far to the `lines` handler, if there is one (the
  /// input pauses, or cannot be read further).
  /// - Throws: What the handler throws.
  public func handOutLines() throws {
    if let chunker, let lines { try chunker.handOutLines(lines) }
  }

  /// Reads a whole input through a framer, sniffing its framing (``FramingSniffer``) when
  /// `framing` is `nil`. The input is read as it was sent: a gzip-compressed input is
  /// decompressed and a byte order mark at its start skipped (`InputDecoder`), each
  /// told by an ``Event/note(_:)``.
  /// - Parameters:
  ///   - framing: How the input is framed, or `nil` to tell from its first bytes.
  ///   - source: The input's name.
  ///   - chunks: Calls its argument with each chunk of the input, in order
  ///     (`{ feed in try ByteChunks.read(path: path, onIdle: feed.inputIsIdle) { try feed($0) } }`).
  ///   - lines: When given, NDJSON input is handed out in chunks of whole lines instead of
  ///     records (``init(framing:source:options:lines:handler:)``); when the input pauses or
  ///     cannot be read further, the whole lines read so far are handed out first.
  ///   - handler: Called with each event.
  /// - Throws: What `chunks` throws (a `readFailed` `JSONError`), a `readFailed` error for
  ///   a corrupt gzip stream, or what the handler throws.
  public static func read(
    framing: ResourceFraming?, source: String,
    chunks: (Feed) throws -> Void,
    lines: ((NDJSONChunk) throws -> Void)? = nil,
    handler: (Event) throws -> Void
  ) throws {
    // The framers made here do not outlive the call (`lines`, optional, is escaping already).
    try withoutActuallyEscaping(handler) { handler in
      try read(framing: framing, source: source, chunks: chunks, lines: lines, escapingHandler: handler)
    }
  }

  private static func read(
    framing: ResourceFraming?, source: String,
    chunks: (Feed) throws -> Void,
    lines: ((NDJSONChunk) throws -> Void)?,
    escapingHandler handler: @escaping (Event) throws -> Void
  ) throws {
    var framer = framing.map { ResourceFramer(framing: $0, source: source, lines: lines, handler: handler) }
    var sniffer = framer == nil ? FramingSniffer() : nil
    func choose(_ framing: ResourceFraming) throws {
      let chosen = ResourceFramer(framing: framing, source: source, lines: lines, handler: handler)
      framer = chosen
      try sniffer!.buffered.withUnsafeBytes { try chosen.feed($0) }
      sniffer = nil
    }
    func content(_ chunk: UnsafeRawBufferPointer) throws {
      if let framer {
        try framer.feed(chunk)
      } else if let framing = sniffer?.add(chunk) {
        try choose(framing)
      }
    }
    let decoder = InputDecoder(source: source) { try handler(.note($0)) }
    do {
      try chunks(
        Feed(
          bytes: { try decoder.feed($0, content) },
          idle: {
            if framer == nil, let framing = sniffer?.decideWhenIdle() { try choose(framing) }
            try framer?.handOutLines()
            try handler(.inputIdle)
          }))
      try decoder.finish(content)
    } catch let error as JSONError where error.kind == .readFailed {
      // The lines read whole before the input failed are handed out, as they are when read here;
      // the error is placed where the content read ends (the line a truncated gzip stream cut).
      guard let framer else { throw error }
      try framer.handOutLines()
      throw error.located(at: framer.endPosition)
    }
    if framer == nil, let sniffer { try choose(sniffer.finish()) }
    try framer!.finish()
  }

  private func guarded(_ work: () throws -> Void) throws {
    do {
      try work()
    } catch let error as JSONError where error.kind != .readFailed {
      failed = true
      errorOffset = error.offset
      try handler(.invalidJSON(error))
    }
  }

  private func handleLine(_ event: NDJSONReader.Event) throws {
    switch event {
    case .record(let tokens, let line):
      try handler(.record(ResourceRecord(tokens: tokens, source: source, line: line)))
      try handler(.topLevelValue(tokens))
    case .badLine(let error):
      try handler(.invalidJSON(error))
    }
  }

  private func handleValue(_ event: BundleStreamReader.Event) throws {
    switch event {
    case .entry(let tokens, let index):
      let resources = tokens.memberIndices("resource", ofObjectAt: 0)
      guard !resources.isEmpty else {
        return try handler(.entryWithoutResource(EntryWithoutResource(tokens: tokens, source: source, entry: index)))
      }
      let fullUrl = tokens.memberString("fullUrl", ofObjectAt: 0)
      // An entry that gives `resource` more than once (invalid FHIR JSON) hands out each: none
      // is lost for a producer's mistake.
      for resource in resources {
        try handler(.record(ResourceRecord(tokens: tokens, index: resource, source: source, entry: index, fullUrl: fullUrl)))
      }
    case .bundle(let tokens):
      // A top-level value that is not a Bundle is a record of its own; a Bundle's entries
      // have been handed out already. A Bundle whose `entry` is not an array (one entry as an
      // object, `null`: invalid FHIR) had nothing streamed: it is a record of its own too, so
      // that the Bundle model keeps `entry` as given and reports it, instead of losing it.
      if tokens.memberString("resourceType", ofObjectAt: 0) != "Bundle" || Self.hasEntryNotAnArray(tokens) {
        try handler(.record(ResourceRecord(tokens: tokens, source: source)))
      }
      try handler(.topLevelValue(tokens))
    }
  }
}

extension ResourceFramer {
  /// Whether the Bundle in `tokens` has an `entry` member that is not an array.
  static func hasEntryNotAnArray(_ tokens: JSONTokens) -> Bool {
    guard let entry = tokens.memberIndex("entry", ofObjectAt: 0) else { return false }
    return tokens[entry].kind != .arrayStart
  }
}

@available(*, unavailable)
extension ResourceFramer: Sendable {}

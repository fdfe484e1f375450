#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A streaming JSON tokenizer on YAJL: push byte chunks of any size, take out compact
/// ``JSONTokens`` for each complete top-level value.
///
/// A value may be split across chunks anywhere, even inside a UTF-8 sequence or a
/// `\u` escape. The input must be strict JSON (RFC 8259): no comments, no trailing
/// commas, no `NaN`, no leading zeros, nothing after the value but whitespace.
/// Numbers keep their exact source text; strings are unescaped and must be valid
/// UTF-8 with properly paired surrogate escapes.
///
/// With ``Options/streamedArrayKey`` set (to `"entry"` for a FHIR Bundle), each
/// element of that top-level array is handed out as soon as it closes, and the rest of
/// the object follows as one value with that array left empty. Memory is then bounded
/// by the largest element. With ``Options/streamedArrayRequirement`` as well
/// (`resourceType: "Bundle"`), only objects where that member came before the array
/// are streamed; any other object — a FHIR `List` has an `entry` array too — is handed
/// out whole, its array in place.
///
/// ```swift
/// let tokenizer = JSONTokenizer()
/// for chunk in chunks { try tokenizer.feed(chunk) }
/// try tokenizer.finish()
/// while let output = tokenizer.nextOutput() { … }
/// ```
public final class JSONTokenizer {
  /// Limits and framing.
  public struct Options: Sendable {
    /// The deepest nesting of objects and arrays accepted (at most 10,000).
    public var maxDepth: Int
    /// The longest string or number accepted, in bytes as written in the source.
    public var maxStringLength: Int
    /// Whether several top-level values may follow one another (concatenated JSON).
    public var allowsMultipleValues: Bool
    /// A key of the top-level object whose array elements are handed out one by one.
    public var streamedArrayKey: String?
    /// A member (key and string value) of the top-level object that must come before
    /// ``streamedArrayKey`` for the array to be streamed; `nil` streams it in every object.
    public var streamedArrayRequirement: StreamRequirement?
    /// The input's size, when one value is tokenized from memory (``JSONTokens/init(parsing:options:)-(UnsafeRawBufferPointer,_)``
    /// sets it): the value's tokens then get a block of memory sized to it instead of a share of
    /// a 256 KiB block meant for streams of many values, so that one small value kept for long
    /// (a staged resource while its partition is merged) does not keep a large block alive.
    public var expectedInputBytes: Int?

    /// Creates options; the defaults suit FHIR data from untrusted sources.
    public init(
      maxDepth: Int = 512, maxStringLength: Int = 64 << 20, allowsMultipleValues: Bool = false,
      streamedArrayKey: String? = nil, streamedArrayRequirement: StreamRequirement? = nil
    ) {
      self.maxDepth = min(max(maxDepth, 1), 10_000)
      self.maxStringLength = max(maxStringLength, 0)
      self.allowsMultipleValues = allowsMultipleValues
      self.streamedArrayKey = streamedArrayKey
      self.streamedArrayRequirement = streamedArrayRequirement
    }
  }

  /// A top-level member that must precede the streamed array: `key` with the string `value`.
  public struct StreamRequirement: Hashable, Sendable {
    /// The member's key (`resourceType`).
    public var key: String
    /// The member's string value, unescaped (`Bundle`).
    public var value: String

    /// Creates a requirement.
    public init(key: String, value: String) {
      self.key = key
      self.value = value
    }

    /// `resourceType: "Bundle"`, what makes a FHIR Bundle's `entry` streamable.
    public static let fhirBundle = StreamRequirement(key: "resourceType", value: "Bundle")
  }

  /// What the tokenizer hands out.
  public enum Output: Hashable, Sendable {
    /// A complete top-level value (with a streamed array's elements left out).
    case value(JSONTokens)
    /// One element of the streamed array, with its index.
    case element(JSONTokens, index: Int)
  }

  /// The options in force.
  public let options: Options
  private let core: UnsafeMutablePointer<TokenizerCore>
  private var parser: YAJLParser
  private var outputIndex = 0
  private var finished = false

  /// Creates a tokenizer.
  /// - Parameters:
  ///   - options: Limits and framing.
  ///   - source: A name for the input (a file path), put into errors.
  public init(options: Options = Options(), source: String? = nil) {
    self.options = options
    core = .allocate(capacity: 1)
    core.initialize(to: TokenizerCore(options: options))
    core.pointee.source = source
    parser = YAJLParser(core: core)
  }

  deinit {
    core.pointee.deallocate()
    core.deinitialize(count: 1)
    core.deallocate()
  }

  /// The number of bytes fed so far.
  public var bytesConsumed: Int { core.pointee.bytesFed }

  /// The line the input has reached (1-based), counting the newlines fed so far.
  public var line: Int { core.pointee.lines.newlinesBefore + 1 }

  /// Where the bytes fed so far end: the place of the next byte.
  public var endPosition: InputPosition {
    let lines = core.pointee.lines
    return InputPosition(offset: bytesConsumed, line: lines.newlinesBefore + 1, column: bytesConsumed - lines.lineStart + 1)
  }

  /// Tokenizes the next chunk of input.
  /// - Throws: ``JSONError`` at the first problem; after that the tokenizer only
  ///   rethrows it until ``reset(skippingTo:)``.
  public func feed(_ bytes: UnsafeRawBufferPointer) throws {
    if let error = core.pointee.error { throw error }
    precondition(!finished, "feed(_:) after finish()")
    guard !bytes.isEmpty else { return }
    let base = bytesConsumed
    if base == 0 { core.pointee.firstByte = bytes[0] }
    // UTF-8 is checked for the whole chunk at once; YAJL then parses only what is valid.
    let invalidUTF8 = core.pointee.utf8.check(bytes)
    let valid = UnsafeRawBufferPointer(rebasing: bytes[0..<max(invalidUTF8 ?? bytes.count, 0)])
    defer {
      // Never keep a pointer to the caller's memory.
      core.pointee.chunk = UnsafeRawBufferPointer(start: nil, count: 0)
    }
    try parse(valid, at: base)
    if let invalidUTF8 {
      core.pointee.fail(.invalidUTF8, "invalid UTF-8", at: base + invalidUTF8)
      core.pointee.bytesFed = base + bytes.count
      throw core.pointee.error!
    }
  }

  /// Parses `bytes`, valid UTF-8 from absolute offset `base`, as one chunk, or as several around a
  /// vertical tab or form feed. YAJL skips those two as whitespace; JSON (RFC 8259) does not allow
  /// them, and the tokenizer's copy of each value's source must skip exactly what YAJL skips. Between
  /// tokens, or ending a number, one is refused here; inside a string or a literal YAJL refuses it
  /// itself, as it does any control character.
  private func parse(_ bytes: UnsafeRawBufferPointer, at base: Int) throws {
    var start = 0
    var searchFrom = 0
    while true {
      let stop = Self.firstVerticalTabOrFormFeed(in: bytes, from: searchFrom) ?? bytes.count
      let part = UnsafeRawBufferPointer(rebasing: bytes[start..<stop])
      core.pointee.chunk = part
      core.pointee.chunkBase = base + start
      core.pointee.bytesFed = base + stop
      try check(parser.parse(part))
      if !core.pointee.chunkConsumed() { throw core.pointee.error! }
      guard stop < bytes.count else { return }
      core.pointee.chunk = UnsafeRawBufferPointer(rebasing: bytes[stop...])
      core.pointee.chunkBase = base + stop
      core.pointee.bytesFed = base + stop
      if !core.pointee.isInsideStringOrLiteral {
        core.pointee.refuseWhitespace(bytes[stop], at: base + stop)
        throw core.pointee.error!
      }
      // YAJL is left to refuse it, in the part that starts with it.
      start = stop
      searchFrom = stop + 1
    }
  }

  /// The index of the first vertical tab (0x0B) or form feed (0x0C) in `bytes` from `start`.
  /// Two `memchr` scans (the C library's vector loop): the check costs +0.26 % of the instructions
  /// of `convert --to care --jobs 1` on the 50 MB job export (callgrind, 10.152 → 10.178 billion).
  private static func firstVerticalTabOrFormFeed(in bytes: UnsafeRawBufferPointer, from start: Int) -> Int? {
    guard let base = bytes.baseAddress, start < bytes.count else { return nil }
    let count = bytes.count - start
    let tab = memchr(base + start, 0x0B, count).map { UnsafeRawPointer($0) - base }
    let feed = memchr(base + start, 0x0C, tab.map { $0 - start } ?? count).map { UnsafeRawPointer($0) - base }
    return feed ?? tab
  }

  /// Tokenizes the next chunk of input.
  public func feed(_ bytes: some Sequence<UInt8>) throws {
    let array = Array(bytes)
    try array.withUnsafeBytes { try feed($0) }
  }

  /// Ends the input: completes a final number and reports a truncated value or
  /// empty input.
  public func finish() throws {
    if let error = core.pointee.error { throw error }
    guard !finished else { return }
    finished = true
    let end = bytesConsumed
    core.pointee.chunkBase = end
    core.pointee.chunk = UnsafeRawBufferPointer(start: nil, count: 0)
    try check(parser.complete(), atEnd: true)
    core.pointee.chunkBase = end
  }

  /// Ends one document of a line-delimited stream whose newline has just been fed:
  /// the value on the line must be complete. The next document may follow.
  /// - Returns: whether the document held a value (false for a blank line).
  /// - Throws: ``JSONError`` if the line ends inside a value.
  @discardableResult
  public func endDocument() throws -> Bool {
    if let error = core.pointee.error { throw error }
    if core.pointee.isInsideValue {
      let offset = bytesConsumed - 1
      var error = JSONError(.unexpectedEnd, "line ends inside a value", offset: offset, source: core.pointee.source)
      (error.line, error.column) = core.pointee.lines.locationOfLastNewline
      error.path = core.pointee.path(at: offset)
      core.pointee.error = error
      throw error
    }
    let hadValue = core.pointee.valuesInDocument > 0
    core.pointee.valuesInDocument = 0
    core.pointee.zeroNumberEnd = -1
    return hadValue
  }

  /// Feeds a newline and ends the document, for a last line that has none. A string left open
  /// is reported as the input ending inside it (`unexpectedEnd`), not as the fed newline being
  /// a bad character in it.
  @discardableResult
  public func endDocumentAtEndOfInput() throws -> Bool {
    let end = bytesConsumed
    do {
      try Self.newline.withUnsafeBytes { try feed($0) }
    } catch var error as JSONError where error.kind == .invalidString && error.offset == end {
      error.kind = .unexpectedEnd
      error.message = "input ends inside a string"
      core.pointee.error = error
      throw error
    }
    return try endDocument()
  }

  private static let newline: [UInt8] = [0x0A]

  /// Discards all state after an error (or at will) and goes on with a fresh parser
  /// as if the input resumed at absolute offset `offset`, a line start.
  /// - Parameter offset: Where the next fed byte stands in the whole input;
  ///   bytes between ``bytesConsumed`` and `offset` count as skipped.
  public func reset(skippingTo offset: Int, newlinesSkipped: Int = 0) {
    core.pointee.clearStructure(at: offset)
    core.pointee.lines.skip(newlines: newlinesSkipped, lineStart: offset)
    parser = YAJLParser(core: core)
    finished = false
  }

  /// The next complete value or streamed element, in input order.
  public func nextOutput() -> Output? {
    guard outputIndex < core.pointee.outputs.count else {
      if outputIndex > 0 {
        core.pointee.outputs.removeAll(keepingCapacity: true)
        outputIndex = 0
      }
      return nil
    }
    defer { outputIndex += 1 }
    return core.pointee.outputs[outputIndex]
  }

  private func check(_ status: YAJLParser.Status, atEnd: Bool = false) throws {
    switch status {
    case .ok:
      return
    case .cancelled:
      break
    case .invalid(let message, let offsetInChunk):
      // At the end YAJL parses a padding byte of its own; never point past the input.
      let offset = min(core.pointee.chunkBase + offsetInChunk, core.pointee.bytesFed)
      core.pointee.failFromYAJL(message, at: offset, atEnd: atEnd)
    }
    throw core.pointee.error!
  }
}

@available(*, unavailable)
extension JSONTokenizer: Sendable {}

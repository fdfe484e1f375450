/// The tokenizer's state and the work done for each YAJL event.
///
/// It lives at a fixed address (``JSONTokenizer`` allocates it) so that YAJL's C
/// callbacks reach it through their context pointer, and it keeps its hot buffers in
/// manually managed memory, so that an event costs no reference counting, uniqueness
/// or exclusivity checks. Every event method returns `false` to stop YAJL after
/// storing an ``error``.
///
/// Tokens point into a copy of their value's source bytes, which the core keeps in
/// step with the input: `copySource(upTo:)` moves `sourceCursor` forward as values
/// start and end and as chunks are consumed.
struct TokenizerCore {
  /// An open object or array.
  struct Frame {
    var isArray: Bool
    /// The array whose elements are handed out one by one (a Bundle's `entry`).
    var isStreamedArray: Bool
    /// Whether the container's tokens go to the element builder.
    var inElement: Bool
    /// For arrays, the index of the current element (-1 before the first).
    var index: Int
    /// Index of the container's start token in its builder.
    var tokenIndex: Int
    /// For objects, the index of the current member's key token (-1 before the first).
    var keyToken: Int
  }

  // Configuration
  let maxDepth: Int
  let maxStringLength: Int
  let allowsMultipleValues: Bool
  let streamedKey: [UInt8]?
  /// The member (key and string value) that must come before `streamedKey` for its array
  /// to be streamed (`resourceType: "Bundle"`), if any.
  let requiredKey: [UInt8]?
  let requiredValue: [UInt8]?

  /// The YAJL handle, set by ``YAJLParser``.
  var handle: OpaquePointer?

  // Input position
  var chunk = UnsafeRawBufferPointer(start: nil, count: 0)
  var chunkBase = 0
  /// Bytes fed so far, including the current chunk.
  var bytesFed = 0
  /// Raw bytes of a token that started in an earlier chunk, from `pendingBase`.
  var pending: [UInt8] = []
  var pendingBase = 0
  /// Absolute offset just after the last token YAJL reported.
  var lastEnd = 0
  /// Absolute offset up to which the open value's source bytes are copied.
  private var sourceCursor = 0
  var lines = LineTracker()
  var utf8 = UTF8StreamValidator()
  /// Offset of the last comma dropped from `pending`, for error paths.
  var lastDroppedComma = -1
  var firstByte: UInt8?

  // Structure
  private let frames: UnsafeMutablePointer<Frame>
  private(set) var depth = 0
  var streamKeyArmed = false
  /// Whether the open top-level object may stream `streamedKey`: no member is required,
  /// or the required member has been seen with its value.
  var streamAllowed = true
  /// Whether the current top-level member's key is `requiredKey`, for the value right after it.
  var requiredKeyArmed = false
  var valuesInDocument = 0
  /// End offset of the last number if it was `0` or `-0`, for the leading-zero message.
  var zeroNumberEnd = -1

  // Output
  private let current: UnsafeMutablePointer<TokenBuilder>
  private let element: UnsafeMutablePointer<TokenBuilder>
  private var target: UnsafeMutablePointer<TokenBuilder>
  private var elementOpen = false
  private var elementStart = 0
  private var scratch: [UInt8] = []
  var outputs: [JSONTokenizer.Output] = []
  var error: JSONError?
  var source: String?

  init(options: JSONTokenizer.Options) {
    maxDepth = options.maxDepth
    maxStringLength = options.maxStringLength
    allowsMultipleValues = options.allowsMultipleValues
    streamedKey = options.streamedArrayKey.map { Array($0.utf8) }
    requiredKey = options.streamedArrayRequirement.map { Array($0.key.utf8) }
    requiredValue = options.streamedArrayRequirement.map { Array($0.value.utf8) }
    streamAllowed = requiredKey == nil
    frames = .allocate(capacity: options.maxDepth + 1)
    current = .allocate(capacity: 1)
    // One value from memory: blocks sized to the input.
    let blockSize = options.expectedInputBytes.map(TokenBlock.size(forInputBytes:)) ?? TokenBlock.defaultSize
    current.initialize(to: TokenBuilder(blockSize: blockSize))
    element = .allocate(capacity: 1)
    element.initialize(to: TokenBuilder(blockSize: blockSize))
    target = current
  }

  /// Frees the manually managed memory; the core must not be used afterwards.
  func deallocate() {
    frames.deallocate()
    for builder in [current, element] {
      builder.pointee.deallocate()
      builder.deinitialize(count: 1)
      builder.deallocate()
    }
  }

  /// Forgets all structure and partial output, for a fresh start at `offset` after an error.
  mutating func clearStructure(at offset: Int) {
    depth = 0
    streamKeyArmed = false
    requiredKeyArmed = false
    streamAllowed = requiredKey == nil
    valuesInDocument = 0
    zeroNumberEnd = -1
    elementOpen = false
    target = current
    current.pointee.clear()
    element.pointee.clear()
    pending.removeAll()
    utf8.reset()
    error = nil
    chunk = UnsafeRawBufferPointer(start: nil, count: 0)
    chunkBase = offset
    bytesFed = offset
    lastEnd = offset
    pendingBase = offset
    sourceCursor = offset
  }

  var isInsideValue: Bool { depth > 0 }

  /// The open container at nesting `level` (0 is the outermost).
  func frame(at level: Int) -> Frame { frames[level] }

  // MARK: Events

  @inline(__always)
  mutating func literal(_ kind: JSONToken.Kind, end: Int, length: Int) -> Bool {
    let start = end &- length
    guard beginValue(at: start) else { return false }
    target.pointee.append(kind, offset: start)
    lastEnd = end
    return endValue(at: end)
  }

  /// A number. Its end comes from the text's place in the chunk when it lies there,
  /// else from `endOutsideChunk` (asking YAJL).
  @inline(__always)
  mutating func number(_ bytes: UnsafeRawBufferPointer, end endOutsideChunk: () -> Int) -> Bool {
    let count = bytes.count
    let end: Int
    if let chunkStart = chunk.baseAddress, let pointer = bytes.baseAddress,
      pointer >= chunkStart, pointer < chunkStart + chunk.count
    {
      end = chunkBase &+ (pointer - chunkStart) &+ count
    } else {
      end = endOutsideChunk()
    }
    let start = end &- count
    guard count <= maxStringLength else { return tooLong("number", at: start) }
    guard beginValue(at: start) else { return false }
    target.pointee.append(.number, offset: start, sourceText: start, count: count)
    lastEnd = end
    if bytes[count &- 1] == UInt8(ascii: "0") && (count == 1 || (count == 2 && bytes[0] == UInt8(ascii: "-"))) {
      zeroNumberEnd = end
    }
    return endValue(at: end)
  }

  /// A string or key. The common case — a plain string inside the chunk, whose place
  /// gives its offsets — takes a short path; escaped strings and strings split across
  /// chunks take ``stringSlowly``, with their end from `endOutsideChunk` (asking YAJL).
  @inline(__always)
  mutating func string(_ bytes: UnsafeRawBufferPointer, isKey: Bool, end endOutsideChunk: () -> Int) -> Bool {
    let count = bytes.count
    guard let chunkStart = chunk.baseAddress, let pointer = bytes.baseAddress,
      pointer >= chunkStart, pointer < chunkStart + chunk.count, count <= maxStringLength
    else {
      return stringSlowly(bytes, end: endOutsideChunk(), isKey: isKey)
    }
    let start = chunkBase &+ (pointer - chunkStart) &- 1
    let end = start &+ count &+ 2
    if !isKey {
      if requiredKeyArmed { noteRequiredValue(bytes) }
      guard beginValue(at: start) else { return false }
    }
    target.pointee.append(isKey ? .key : .string, offset: start, sourceText: start &+ 1, count: count)
    lastEnd = end
    guard isKey else { return endValue(at: end) }
    setKey(bytes)
    return true
  }

  /// A string that is escaped, split across chunks or too long: checked against its
  /// raw text, which escapes always make longer.
  @inline(never)
  private mutating func stringSlowly(_ bytes: UnsafeRawBufferPointer, end: Int, isKey: Bool) -> Bool {
    let start = openingQuote()
    let rawCount = end - start - 2
    guard rawCount <= maxStringLength else { return tooLong("string", at: start) }
    // The value of the required member decides streaming; read the flag before
    // `beginValue` clears it.
    let isRequiredValue = !isKey && requiredKeyArmed
    if !isKey {
      guard beginValue(at: start) else { return false }
    }
    let kind: JSONToken.Kind = isKey ? .key : .string
    if rawCount == bytes.count {
      if isRequiredValue { noteRequiredValue(bytes) }
      target.pointee.append(kind, offset: start, sourceText: start + 1, count: rawCount)
    } else {
      var decoded = [UInt8]()
      swap(&decoded, &scratch)
      decoded.removeAll(keepingCapacity: true)
      let failure = withRawContent(start: start, end: end) { JSONUnescaper.unescape($0, into: &decoded) }
      swap(&decoded, &scratch)
      if let failure { return fail(failure.kind, failure.message, at: start + 1 + failure.index) }
      if isRequiredValue { scratch.withUnsafeBytes { noteRequiredValue($0) } }
      scratch.withUnsafeBytes { target.pointee.append(kind, offset: start, decodedText: $0) }
    }
    lastEnd = end
    guard isKey else { return endValue(at: end) }
    scratch.withUnsafeBytes { decoded in setKey(rawCount == bytes.count ? bytes : decoded) }
    return true
  }

  /// Records the key token just appended as the current member of the innermost object.
  @inline(__always)
  private mutating func setKey(_ text: UnsafeRawBufferPointer) {
    let top = frames + (depth &- 1)
    top.pointee.keyToken = target.pointee.tokenCount &- 1
    if depth == 1 && streamedKey != nil {
      streamKeyArmed = streamAllowed && text.elementsEqual(streamedKey!)
      if let requiredKey { requiredKeyArmed = text.elementsEqual(requiredKey) }
    }
  }

  /// The string value of the required top-level member: streaming is allowed from here
  /// on when it is the required value.
  @inline(never)
  private mutating func noteRequiredValue(_ text: UnsafeRawBufferPointer) {
    streamAllowed = text.elementsEqual(requiredValue ?? [])
  }

  /// Fails for a `what` (string, number) longer than the limit, starting at `start`. The message
  /// does not tell its length: a token cut by a chunk's end is refused before its end is read,
  /// and the same input must be said the same way however it is fed (NDJSON read whole or in
  /// chunks of lines, `NDJSONChunk`).
  @inline(never)
  private mutating func tooLong(_ what: String, at start: Int) -> Bool {
    fail(.stringTooLong, "\(what) of over \(maxStringLength) bytes exceeds the limit", at: start)
  }

  @inline(__always)
  mutating func startContainer(isArray: Bool, end: Int) -> Bool {
    let start = end &- 1
    guard depth < maxDepth else {
      return fail(.depthLimitExceeded, "nesting deeper than the limit of \(maxDepth)", at: start)
    }
    let isStreamed = isArray && streamKeyArmed && depth == 1
    guard beginValue(at: start) else { return false }
    let tokenIndex = target.pointee.tokenCount
    target.pointee.append(isArray ? .arrayStart : .objectStart, offset: start)
    (frames + depth).initialize(
      to: Frame(
        isArray: isArray, isStreamedArray: isStreamed, inElement: elementOpen, index: -1, tokenIndex: tokenIndex,
        keyToken: -1))
    depth &+= 1
    lastEnd = end
    return true
  }

  @inline(__always)
  mutating func endContainer(isArray: Bool, end: Int) -> Bool {
    depth &-= 1
    target.pointee.append(isArray ? .arrayEnd : .objectEnd, offset: end &- 1)
    target.pointee.closeContainer(startedAt: frames[depth].tokenIndex)
    lastEnd = end
    return endValue(at: end)
  }

  // MARK: Values

  @inline(__always)
  private mutating func beginValue(at offset: Int) -> Bool {
    guard depth > 0 else {
      if valuesInDocument > 0 && !allowsMultipleValues {
        if followsLeadingZero { return fail(.invalidNumber, "number with a leading zero", at: lastEnd - 1) }
        return fail(.trailingData, "more than one JSON value", at: offset)
      }
      startSource(of: current, at: offset)
      streamAllowed = requiredKey == nil
      return true
    }
    let top = frames + (depth &- 1)
    if top.pointee.isArray {
      top.pointee.index &+= 1
      if top.pointee.isStreamedArray {
        if offset < sourceCursor {
          // The element began in an earlier chunk whose bytes went to the shell.
          current.pointee.truncateSource(toAbsolute: offset)
        } else {
          copySource(into: current, upTo: offset)
        }
        elementOpen = true
        elementStart = offset
        target = element
        startSource(of: element, at: offset)
      }
    } else {
      // Only a key of the top-level object arms streaming, for the value right after it.
      streamKeyArmed = false
      requiredKeyArmed = false
    }
    return true
  }

  @inline(__always)
  private mutating func endValue(at end: Int) -> Bool {
    if depth == 0 {
      valuesInDocument &+= 1
      let tail = sourceTail(into: current, upTo: end)
      outputs.append(.value(current.pointee.take(sourceTail: tail)))
    } else if elementOpen && depth == 2 {
      let tail = sourceTail(into: element, upTo: end)
      outputs.append(.element(element.pointee.take(sourceTail: tail), index: frames[1].index))
      current.pointee.skipSource(end - elementStart)
      elementOpen = false
      target = current
    }
    return true
  }

  // MARK: Source copies

  /// Starts `builder` on a value whose first token begins at absolute `offset`.
  private mutating func startSource(of builder: UnsafeMutablePointer<TokenBuilder>, at offset: Int) {
    builder.pointee.begin(at: offset)
    sourceCursor = offset
  }

  /// The input from `sourceCursor` up to absolute `end`, for a value that ends here:
  /// the part in the current chunk is returned rather than copied into `builder`, so
  /// that a value lying in one chunk is copied only once, straight into its storage.
  private mutating func sourceTail(
    into builder: UnsafeMutablePointer<TokenBuilder>, upTo end: Int
  ) -> UnsafeRawBufferPointer {
    if sourceCursor < chunkBase { copySource(into: builder, upTo: min(end, chunkBase)) }
    guard end > sourceCursor else { return UnsafeRawBufferPointer(start: nil, count: 0) }
    let tail = UnsafeRawBufferPointer(rebasing: chunk[(sourceCursor - chunkBase)..<(end - chunkBase)])
    sourceCursor = end
    return tail
  }

  /// Copies the input from `sourceCursor` up to absolute `end` into `builder`.
  private mutating func copySource(into builder: UnsafeMutablePointer<TokenBuilder>, upTo end: Int) {
    guard end > sourceCursor else { return }
    if sourceCursor < chunkBase {
      // The start of a token that began in an earlier chunk.
      let from = sourceCursor - pendingBase
      let to = min(end, chunkBase) - pendingBase
      pending.withUnsafeBytes { builder.pointee.appendSource(UnsafeRawBufferPointer(rebasing: $0[from..<to])) }
      sourceCursor = min(end, chunkBase)
    }
    if end > sourceCursor {
      builder.pointee.appendSource(
        UnsafeRawBufferPointer(rebasing: chunk[(sourceCursor - chunkBase)..<(end - chunkBase)]))
      sourceCursor = end
    }
  }

  // MARK: Raw input

  /// The absolute offset of the opening quote of the string that YAJL just reported.
  private func openingQuote() -> Int {
    // Started in an earlier chunk: `pending` holds it from its quote on.
    if lastEnd < chunkBase && !pending.isEmpty { return pendingBase }
    var i = max(lastEnd - chunkBase, 0)
    while i < chunk.count, Self.isSeparator(chunk[i]) { i += 1 }
    return chunkBase + i
  }

  /// Calls `body` with the raw content (between the quotes) of the string at `start..<end`.
  private mutating func withRawContent<R>(start: Int, end: Int, _ body: (UnsafeRawBufferPointer) -> R) -> R {
    if start >= chunkBase {
      return body(UnsafeRawBufferPointer(rebasing: chunk[(start + 1 - chunkBase)..<(end - 1 - chunkBase)]))
    }
    pending.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[0..<(end - chunkBase)]))
    let range = (start + 1 - pendingBase)..<(end - 1 - pendingBase)
    return pending.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[range])) }
  }

  /// The byte at absolute `offset`, if it is still held.
  func byte(at offset: Int) -> UInt8? {
    if offset >= chunkBase {
      let i = offset - chunkBase
      return i < chunk.count ? chunk[i] : nil
    }
    let i = offset - pendingBase
    return i >= 0 && i < pending.count ? pending[i] : nil
  }

  /// After YAJL has consumed `chunk`: copies the open value's bytes and keeps the raw
  /// bytes of an unfinished token.
  mutating func chunkConsumed() -> Bool {
    if depth > 0 {
      copySource(into: target, upTo: chunkBase + chunk.count)
      if target.pointee.exceedsLimits(at: chunkBase + chunk.count) {
        return fail(
          .valueTooLarge, "value larger than \(TokenBuilder.maxValueBytes) bytes; stream it (Bundle entries, NDJSON)",
          at: chunkBase + chunk.count)
      }
    }
    if lastEnd >= chunkBase || pending.isEmpty {
      var i = max(lastEnd - chunkBase, 0)
      while i < chunk.count, Self.isSeparator(chunk[i]) {
        if chunk[i] == UInt8(ascii: ",") { lastDroppedComma = chunkBase + i }
        i += 1
      }
      if !pending.isEmpty { pending.removeAll(keepingCapacity: pending.capacity <= 1 << 16) }
      if i < chunk.count { pending.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[i...])) }
      pendingBase = chunkBase + i
    } else {
      pending.append(contentsOf: chunk)
    }
    lines.advance(over: chunk, base: chunkBase)
    if pending.count > maxStringLength + 2 {
      return tooLong(pending.first == UInt8(ascii: "\"") ? "string" : "number", at: pendingBase)
    }
    return true
  }

  @inline(__always) static func isSeparator(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 || byte == UInt8(ascii: ",")
      || byte == UInt8(ascii: ":")
  }

  /// The text of an object frame's current key, for error paths.
  func keyText(of frame: Frame) -> String? {
    guard frame.keyToken >= 0 else { return nil }
    let builder = frame.inElement ? element : current
    if let held = builder.pointee.heldText(ofTokenAt: frame.keyToken) {
      return String(decoding: held, as: UTF8.self)
    }
    // Not copied yet: still in the chunk or in `pending`.
    let token = builder.pointee.tokens[frame.keyToken]
    let start = Int(token.payloadStart) + builder.pointee.rawBase
    let bytes = (start..<start + Int(token.payloadCount)).compactMap { byte(at: $0) }
    return String(decoding: bytes, as: UTF8.self)
  }
}

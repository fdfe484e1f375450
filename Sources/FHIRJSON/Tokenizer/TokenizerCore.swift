/// The tokenizer's state and the work done for each YAJL event.
///
/// It lives at a fixed address (``JSONTokenizer`` allocates it) so that YAJL's C
/// callbacks reach it through their context pointer without retain/release or
/// exclusivity checks. Every event method returns `false` to stop YAJL after
/// storing an ``error``.
struct TokenizerCore {
  /// An open object or array.
  struct Frame {
    var isArray: Bool
    /// The array whose elements are handed out one by one (a Bundle's `entry`).
    var isStreamedArray: Bool
    /// For arrays, the index of the current element (-1 before the first).
    var index: Int
    /// Index of the container's start token in its buffer.
    var tokenIndex: Int
    /// For objects, the current member's key, stored in `pathKeys`.
    var keyStart: Int
    var keyCount: Int
    var hasKey: Bool
  }

  // Configuration
  let maxDepth: Int
  let maxStringLength: Int
  let allowsMultipleValues: Bool
  let streamedKey: [UInt8]?

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
  var lines = LineTracker()
  /// Offset of the last comma dropped from `pending`, for error paths.
  var lastDroppedComma = -1
  var firstByte: UInt8?

  // Structure
  var frames: [Frame] = []
  var pathKeys: [UInt8] = []
  var streamKeyArmed = false
  var elementOpen = false
  var valuesInDocument = 0
  var lastWasZero = false

  // Output
  var current = JSONTokens()
  var element = JSONTokens()
  var outputs: [JSONTokenizer.Output] = []
  var error: JSONError?
  var source: String?

  init(options: JSONTokenizer.Options) {
    maxDepth = options.maxDepth
    maxStringLength = options.maxStringLength
    allowsMultipleValues = options.allowsMultipleValues
    streamedKey = options.streamedArrayKey.map { Array($0.utf8) }
  }

  var depth: Int { frames.count }

  // MARK: Events

  mutating func literal(_ kind: JSONToken.Kind, end: Int, length: Int) -> Bool {
    let start = end - length
    guard beginValue(at: start) else { return false }
    if elementOpen { element.append(kind, offset: start) } else { current.append(kind, offset: start) }
    lastEnd = end
    lastWasZero = false
    return endValue()
  }

  mutating func number(_ bytes: UnsafeRawBufferPointer, end: Int) -> Bool {
    let start = end - bytes.count
    guard bytes.count <= maxStringLength else {
      return fail(.stringTooLong, "number of \(bytes.count) bytes exceeds the limit of \(maxStringLength)", at: start)
    }
    guard beginValue(at: start) else { return false }
    if elementOpen {
      element.append(.number, text: bytes, offset: start)
    } else {
      current.append(.number, text: bytes, offset: start)
    }
    lastEnd = end
    lastWasZero = (bytes.count == 1 && bytes[0] == UInt8(ascii: "0"))
      || (bytes.count == 2 && bytes[1] == UInt8(ascii: "0"))
    return endValue()
  }

  mutating func string(_ bytes: UnsafeRawBufferPointer, end: Int, isKey: Bool) -> Bool {
    // Plain strings come as a slice of the chunk; anything else (escaped, or split
    // across chunks) is checked against the raw text, which escapes always make longer.
    let start: Int
    var escaped = false
    if let chunkStart = chunk.baseAddress, let pointer = bytes.baseAddress,
      pointer >= chunkStart, pointer < chunkStart + chunk.count
    {
      start = end - bytes.count - 2
    } else {
      start = openingQuote()
      escaped = end - start - 2 != bytes.count
    }
    guard end - start - 2 <= maxStringLength else {
      return fail(.stringTooLong, "string of \(end - start - 2) bytes exceeds the limit of \(maxStringLength)", at: start)
    }
    if !isKey {
      guard beginValue(at: start) else { return false }
    }
    // Move the target buffer out while appending, so that `self` can be mutated too.
    var buffer = JSONTokens()
    let toElement = elementOpen
    if toElement { swap(&buffer, &element) } else { swap(&buffer, &current) }
    let ok = appendString(bytes, escaped: escaped, start: start, end: end, isKey: isKey, to: &buffer)
    if toElement { swap(&buffer, &element) } else { swap(&buffer, &current) }
    guard ok else { return false }
    lastEnd = end
    lastWasZero = false
    return isKey ? true : endValue()
  }

  private mutating func appendString(
    _ bytes: UnsafeRawBufferPointer, escaped: Bool, start: Int, end: Int, isKey: Bool,
    to buffer: inout JSONTokens
  ) -> Bool {
    let textStart = buffer.text.count
    if escaped {
      let failure = withRawContent(start: start, end: end) { JSONUnescaper.unescape($0, into: &buffer.text) }
      if let failure {
        buffer.text.removeSubrange(textStart...)
        return fail(failure.kind, failure.message, at: start + 1 + failure.index)
      }
    } else {
      buffer.text.append(contentsOf: bytes)
    }
    let invalid = buffer.text.withUnsafeBytes {
      UTF8Validator.firstInvalidIndex(in: UnsafeRawBufferPointer(rebasing: $0[textStart...]))
    }
    if let invalid {
      buffer.text.removeSubrange(textStart...)
      return fail(.invalidUTF8, "invalid UTF-8 in \(isKey ? "key" : "string")", at: escaped ? start : start + 1 + invalid)
    }
    buffer.appendTextToken(isKey ? .key : .string, textStart: textStart, offset: start)
    if isKey {
      let top = frames.count - 1
      pathKeys.removeSubrange(frames[top].keyStart...)
      pathKeys.append(contentsOf: buffer.text[textStart...])
      frames[top].keyCount = pathKeys.count - frames[top].keyStart
      frames[top].hasKey = true
      if top == 0, let streamedKey {
        streamKeyArmed = buffer.text[textStart...].elementsEqual(streamedKey)
      }
    }
    return true
  }

  mutating func startContainer(isArray: Bool, end: Int) -> Bool {
    let start = end - 1
    guard frames.count < maxDepth else {
      return fail(.depthLimitExceeded, "nesting deeper than the limit of \(maxDepth)", at: start)
    }
    let isStreamed = isArray && streamKeyArmed && frames.count == 1
    guard beginValue(at: start) else { return false }
    let kind: JSONToken.Kind = isArray ? .arrayStart : .objectStart
    let tokenIndex: Int
    if elementOpen {
      tokenIndex = element.count
      element.append(kind, offset: start)
    } else {
      tokenIndex = current.count
      current.append(kind, offset: start)
    }
    frames.append(
      Frame(isArray: isArray, isStreamedArray: isStreamed, index: -1, tokenIndex: tokenIndex,
            keyStart: pathKeys.count, keyCount: 0, hasKey: false))
    lastEnd = end
    lastWasZero = false
    return true
  }

  mutating func endContainer(isArray: Bool, end: Int) -> Bool {
    let frame = frames.removeLast()
    pathKeys.removeSubrange(frame.keyStart...)
    let kind: JSONToken.Kind = isArray ? .arrayEnd : .objectEnd
    if elementOpen {
      element.append(kind, offset: end - 1)
      element.closeContainer(startedAt: frame.tokenIndex)
    } else {
      current.append(kind, offset: end - 1)
      current.closeContainer(startedAt: frame.tokenIndex)
    }
    lastEnd = end
    lastWasZero = false
    return endValue()
  }

  // MARK: Values

  private mutating func beginValue(at offset: Int) -> Bool {
    let top = frames.count - 1
    if top < 0 {
      if valuesInDocument > 0 && !allowsMultipleValues {
        if followsLeadingZero { return fail(.invalidNumber, "number with a leading zero", at: lastEnd - 1) }
        return fail(.trailingData, "more than one JSON value", at: offset)
      }
      return true
    }
    if frames[top].isArray {
      frames[top].index += 1
      if frames[top].isStreamedArray {
        elementOpen = true
      }
    } else if top == 0 {
      streamKeyArmed = false
    }
    return true
  }

  private mutating func endValue() -> Bool {
    let depth = frames.count
    if elementOpen && depth == 2 {
      let capacity = (element.count, element.textByteCount)
      outputs.append(.element(element, index: frames[1].index))
      element = JSONTokens(tokenCapacity: capacity.0, textCapacity: capacity.1)
      elementOpen = false
    } else if depth == 0 {
      valuesInDocument += 1
      let capacity = (current.count, current.textByteCount)
      outputs.append(.value(current))
      current = JSONTokens(tokenCapacity: capacity.0, textCapacity: capacity.1)
    }
    return true
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
  private mutating func withRawContent<R>(
    start: Int, end: Int, _ body: (UnsafeRawBufferPointer) -> R
  ) -> R {
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

  /// After YAJL has consumed `chunk`: keeps the raw bytes of an unfinished token.
  mutating func chunkConsumed() -> Bool {
    if lastEnd >= chunkBase || pending.isEmpty {
      var i = max(lastEnd - chunkBase, 0)
      while i < chunk.count, Self.isSeparator(chunk[i]) {
        if chunk[i] == UInt8(ascii: ",") { lastDroppedComma = chunkBase + i }
        i += 1
      }
      pending.removeAll(keepingCapacity: pending.capacity <= 1 << 16)
      pending.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[i...]))
      pendingBase = chunkBase + i
    } else {
      pending.append(contentsOf: chunk)
    }
    lines.advance(over: chunk, base: chunkBase)
    if pending.count > maxStringLength + 2 {
      return fail(.stringTooLong, "token of over \(maxStringLength) bytes exceeds the limit", at: pendingBase)
    }
    return true
  }

  @inline(__always) static func isSeparator(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 || byte == UInt8(ascii: ",")
      || byte == UInt8(ascii: ":")
  }

  // MARK: Errors

  /// Stores an error at absolute `offset` and returns `false`.
  @discardableResult
  mutating func fail(_ kind: JSONError.Kind, _ message: String, at offset: Int) -> Bool {
    guard error == nil else { return false }
    let (line, column) = lines.location(of: offset, in: chunk, base: chunkBase)
    error = JSONError(kind, message, offset: offset, line: line, column: column, path: path(at: offset), source: source)
    return false
  }

  /// Stores the error YAJL reported at absolute `offset`.
  mutating func failFromYAJL(_ yajlMessage: String, at offset: Int, atEnd: Bool) {
    if atEnd && frames.isEmpty && valuesInDocument == 0 && pending.isEmpty {
      fail(.emptyInput, "no JSON value in the input", at: offset)
      return
    }
    if offset < 3 && firstByte == 0xEF {
      fail(.byteOrderMark, "input starts with a UTF-8 byte order mark", at: 0)
      return
    }
    if followsLeadingZero {
      fail(.invalidNumber, "number with a leading zero", at: lastEnd - 1)
      return
    }
    let (kind, message) = Self.classify(yajlMessage)
    if frames.isEmpty && valuesInDocument > 0 && kind != .unexpectedEnd {
      fail(.trailingData, "unexpected data after the JSON value", at: offset)
      return
    }
    fail(kind, message, at: offset)
  }

  private func commaFollowsLastToken(before offset: Int) -> Bool {
    if lastDroppedComma >= lastEnd { return true }
    var position = lastEnd
    while position < offset, let byte = byte(at: position), Self.isSeparator(byte) {
      if byte == UInt8(ascii: ",") { return true }
      position += 1
    }
    return false
  }

  /// Whether the last token was the number `0` or `-0` and a digit follows it.
  private var followsLeadingZero: Bool {
    guard lastWasZero, let next = byte(at: lastEnd) else { return false }
    return next >= UInt8(ascii: "0") && next <= UInt8(ascii: "9")
  }

  /// Maps YAJL's (non-verbose, value-free) messages to error kinds.
  private static func classify(_ message: String) -> (JSONError.Kind, String) {
    var text = Substring(message)
    for prefix in ["lexical error: ", "parse error: "] where text.hasPrefix(prefix) {
      text = text.dropFirst(prefix.count)
    }
    while let last = text.last, last == "\n" || last == "." || last == " " { text = text.dropLast() }
    let detail = String(text)
    if detail.contains("premature EOF") { return (.unexpectedEnd, "input ends inside a value") }
    if detail.contains("UTF8") { return (.invalidUTF8, "invalid UTF-8 in string") }
    if detail.contains("malformed number") { return (.invalidNumber, detail) }
    if detail.contains("comment") { return (.unexpectedCharacter, "comments are not allowed in JSON") }
    if detail.contains("object key") { return (.unexpectedCharacter, "expected an object key (a string)") }
    if detail.contains("invalid string in json text") {
      return (.unexpectedCharacter, "invalid literal (expected true, false or null)")
    }
    if detail.contains("string") { return (.invalidString, detail) }
    if detail.contains("trailing garbage") { return (.trailingData, "unexpected data after the JSON value") }
    return (.unexpectedCharacter, detail)
  }

  /// The path of the value at absolute `offset`, for error messages. An error past
  /// the last token inside an array belongs to the next element when a comma (or the
  /// array's opening bracket) stands between them.
  func path(at offset: Int) -> JSONPath {
    var components: [JSONPath.Component] = []
    for (depth, frame) in frames.enumerated() {
      if frame.isArray {
        var index = frame.index
        if depth == frames.count - 1 && offset > lastEnd && (index < 0 || commaFollowsLastToken(before: offset)) {
          index += 1
        }
        if index >= 0 { components.append(.index(index)) }
      } else if frame.hasKey {
        let key = pathKeys[frame.keyStart..<(frame.keyStart + frame.keyCount)]
        components.append(.key(String(decoding: key, as: UTF8.self)))
      }
    }
    return JSONPath(components)
  }
}

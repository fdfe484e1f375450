extension TokenizerCore {
  /// Stores an error at absolute `offset` and returns `false`.
  @discardableResult
  mutating func fail(_ kind: JSONError.Kind, _ message: String, at offset: Int) -> Bool {
    guard error == nil else { return false }
    let (line, column) = lines.location(of: offset, in: chunk, base: chunkBase)
    error = JSONError(kind, message, offset: offset, line: line, column: column, path: path(at: offset), source: source)
    return false
  }

  /// Whether the bytes YAJL has not reported yet begin a string, key or literal (`true`, `false`,
  /// `null`): `pending` holds an unfinished token from its first byte.
  var isInsideStringOrLiteral: Bool {
    guard let first = pending.first else { return false }
    return first == UInt8(ascii: "\"") || (first >= UInt8(ascii: "a") && first <= UInt8(ascii: "z"))
  }

  /// Stores the error for a vertical tab or form feed (`byte`) at absolute `offset`, standing
  /// where only whitespace may: YAJL skips both, JSON does not allow them.
  mutating func refuseWhitespace(_ byte: UInt8, at offset: Int) {
    let name = byte == 0x0B ? "a vertical tab (0x0B)" : "a form feed (0x0C)"
    if depth == 0 && valuesInDocument > 0 && !allowsMultipleValues {
      fail(.trailingData, "\(name) after the JSON value is not JSON whitespace", at: offset)
    } else {
      fail(.unexpectedCharacter, "\(name) is not JSON whitespace", at: offset)
    }
  }

  /// Stores the error YAJL reported at absolute `offset`.
  mutating func failFromYAJL(_ yajlMessage: String, at offset: Int, atEnd: Bool) {
    if atEnd && depth == 0 && valuesInDocument == 0 && pending.isEmpty {
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
    if depth == 0 && valuesInDocument > 0 && kind != .unexpectedEnd {
      fail(.trailingData, "unexpected data after the JSON value", at: offset)
      return
    }
    fail(kind, message, at: offset)
  }

  /// Whether the last token was the number `0` or `-0` and a digit follows it.
  var followsLeadingZero: Bool {
    guard zeroNumberEnd == lastEnd, let next = byte(at: lastEnd) else { return false }
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
    for level in 0..<depth {
      let frame = frame(at: level)
      if frame.isArray {
        var index = frame.index
        // With no element yet, anything from the end of `[` on is element 0 (even a
        // `[` right after it, refused for depth).
        if level == depth - 1
          && ((index < 0 && offset >= lastEnd) || (offset > lastEnd && commaFollowsLastToken(before: offset)))
        {
          index += 1
        }
        if index >= 0 { components.append(.index(index)) }
      } else if let key = keyText(of: frame) {
        components.append(.key(key))
      }
    }
    return JSONPath(components)
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
}

extension JSONValue {
  /// Builds the value that `tokens` hold, starting at token `index`.
  /// - Parameters:
  ///   - tokens: A complete value's tokens, as the tokenizer hands them out.
  ///   - index: The token the value starts at (0 for the whole buffer).
  public init(tokens: JSONTokens, at index: Int = 0) {
    var position = index
    self = Self.read(tokens, &position)
  }

  private static func read(_ tokens: JSONTokens, _ position: inout Int) -> JSONValue {
    let index = position
    position += 1
    switch tokens[index].kind {
    case .objectStart:
      let end = tokens.endIndex(ofValueAt: index)
      var members: [JSONObject.Member] = []
      while position < end {
        let key = tokens.string(at: position)
        position += 1
        members.append(JSONObject.Member(key: key, value: read(tokens, &position)))
      }
      position = end + 1
      return .object(JSONObject(members))
    case .arrayStart:
      let end = tokens.endIndex(ofValueAt: index)
      var elements: [JSONValue] = []
      while position < end {
        elements.append(read(tokens, &position))
      }
      position = end + 1
      return .array(elements)
    case .string, .key:
      return .string(tokens.string(at: index))
    case .number:
      return .number(JSONNumber(unchecked: tokens.string(at: index)))
    case .true:
      return .bool(true)
    case .false:
      return .bool(false)
    case .null:
      return .null
    case .objectEnd, .arrayEnd:
      preconditionFailure("a value cannot start with an end token")
    }
  }

  /// Parses one complete JSON text.
  /// - Parameter options: Limits; `streamedArrayKey` is ignored.
  /// - Throws: ``JSONError`` if the input is not exactly one valid JSON value.
  public init(parsing bytes: UnsafeRawBufferPointer, options: JSONTokenizer.Options = .init()) throws {
    self.init(tokens: try JSONTokens(parsing: bytes, options: options))
  }

  /// Parses one complete JSON text held in any byte collection (`[UInt8]`, `Data`, a slice).
  /// - Throws: ``JSONError`` if the input is not exactly one valid JSON value.
  public init(parsing bytes: some Collection<UInt8>, options: JSONTokenizer.Options = .init()) throws {
    self.init(tokens: try JSONTokens(parsing: bytes, options: options))
  }

  /// Parses one complete JSON text.
  public init(parsing text: String, options: JSONTokenizer.Options = .init()) throws {
    var text = text
    self = try text.withUTF8 { try JSONValue(parsing: UnsafeRawBufferPointer($0), options: options) }
  }
}

extension JSONTokens {
  /// Tokenizes one complete JSON text held in memory.
  /// - Throws: ``JSONError`` if the input is not exactly one valid JSON value.
  public init(parsing bytes: UnsafeRawBufferPointer, options: JSONTokenizer.Options = .init()) throws {
    var options = options
    options.streamedArrayKey = nil
    options.allowsMultipleValues = false
    options.expectedInputBytes = bytes.count
    let tokenizer = JSONTokenizer(options: options)
    try tokenizer.feed(bytes)
    try tokenizer.finish()
    guard case .value(let tokens) = tokenizer.nextOutput() else {
      preconditionFailure("a finished tokenizer without error holds one value")
    }
    self = tokens
  }
}

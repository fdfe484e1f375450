extension JSONWriter {
  /// Writes a whole value.
  public mutating func value(_ value: JSONValue) {
    switch value {
    case .object(let object):
      beginObject()
      for member in object.members {
        key(member.key)
        self.value(member.value)
      }
      endObject()
    case .array(let elements):
      beginArray()
      for element in elements { self.value(element) }
      endArray()
    case .string(let string):
      self.string(string)
    case .number(let number):
      self.number(number)
    case .bool(let bool):
      self.bool(bool)
    case .null:
      null()
    }
  }

  /// Writes the value that starts at token `index` of `tokens`, without building a
  /// ``JSONValue``: the fast path for passing JSON through.
  /// - Returns: the index just after the value.
  @discardableResult
  public mutating func value(_ tokens: JSONTokens, at index: Int = 0) -> Int {
    let end = tokens.endIndex(ofValueAt: index) + 1
    for position in index..<end {
      switch tokens[position].kind {
      case .objectStart: beginObject()
      case .objectEnd: endObject()
      case .arrayStart: beginArray()
      case .arrayEnd: endArray()
      case .key: tokens.withText(at: position) { key(utf8: $0) }
      case .string: tokens.withText(at: position) { string(utf8: $0) }
      case .number: tokens.withText(at: position) { number(utf8: $0) }
      case .true: bool(true)
      case .false: bool(false)
      case .null: null()
      }
    }
    return end
  }

  /// The compact or pretty JSON text of `value`.
  public static func bytes(of value: JSONValue, style: Style = .compact) -> [UInt8] {
    var writer = JSONWriter(style: style)
    writer.value(value)
    return writer.output
  }

  /// The compact or pretty JSON text of `value`, as a string.
  public static func string(of value: JSONValue, style: Style = .compact) -> String {
    String(decoding: bytes(of: value, style: style), as: UTF8.self)
  }
}

/// Any JSON value, with objects kept in document order and numbers as their text.
///
/// FHIRKit uses it for what its models do not know, so nothing is lost on a round
/// trip. Equality is exact: same members in the same order, same number text.
public enum JSONValue: Hashable, Sendable {
  case object(JSONObject)
  case array([JSONValue])
  case string(String)
  case number(JSONNumber)
  case bool(Bool)
  case null

  /// The object, if this is one.
  public var objectValue: JSONObject? {
    if case .object(let object) = self { return object }
    return nil
  }

  /// The array, if this is one.
  public var arrayValue: [JSONValue]? {
    if case .array(let array) = self { return array }
    return nil
  }

  /// The string, if this is one.
  public var stringValue: String? {
    if case .string(let string) = self { return string }
    return nil
  }

  /// The member `key` of an object, or `nil`.
  public subscript(key: String) -> JSONValue? {
    objectValue?[key]
  }

  /// Whether `other` is the same JSON, members of each object compared as a set
  /// (order aside; a key that repeats must repeat as often). Number text must match.
  public func isEquivalent(to other: JSONValue) -> Bool {
    switch (self, other) {
    case (.object(let a), .object(let b)):
      guard a.count == b.count else { return false }
      var remaining = b.members
      for member in a.members {
        guard let match = remaining.firstIndex(where: { $0.key == member.key && $0.value.isEquivalent(to: member.value) })
        else { return false }
        remaining.remove(at: match)
      }
      return true
    case (.array(let a), .array(let b)):
      return a.count == b.count && zip(a, b).allSatisfy { $0.isEquivalent(to: $1) }
    default:
      return self == other
    }
  }

  /// The JSON type's name, for messages: `object`, `array`, `string`, `number`, `boolean`, `null`.
  public var typeName: String {
    switch self {
    case .object: return "object"
    case .array: return "array"
    case .string: return "string"
    case .number: return "number"
    case .bool: return "boolean"
    case .null: return "null"
    }
  }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
  ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
  public init(stringLiteral value: String) { self = .string(value) }
  public init(integerLiteral value: Int) { self = .number(JSONNumber(value)) }
  public init(booleanLiteral value: Bool) { self = .bool(value) }
  public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
  public init(nilLiteral: ()) { self = .null }
  public init(dictionaryLiteral elements: (String, JSONValue)...) {
    self = .object(JSONObject(elements.map { JSONObject.Member(key: $0.0, value: $0.1) }))
  }
}

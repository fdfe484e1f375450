public import FHIRJSON

/// A FHIR primitive element: its value, and the `id` and extensions that its `_name`
/// twin carries in JSON (`"birthDate": "1970"` with `"_birthDate": {"extension": […]}`).
/// Either may be absent: an element can have extensions and no value.
public struct Primitive<Value: PrimitiveValue>: Hashable, Sendable {
  public var value: Value?
  /// `_name.id`.
  public var id: String?
  /// `_name.extension`.
  public var `extension`: [Extension]
  /// Members of `_name` the model does not know, kept in order.
  public var unknown: JSONObject
  /// What stood where the value belongs when it could not be read as `Value` (a string
  /// where a boolean belongs, several values where one belongs): kept, reported as an
  /// error when decoded, and written back as it came, so nothing is lost.
  public var invalidJSON: JSONValue?

  public init(
    _ value: Value? = nil, id: String? = nil, extension: [Extension] = [], unknown: JSONObject = [:],
    invalidJSON: JSONValue? = nil
  ) {
    self.value = value
    self.id = id
    self.extension = `extension`
    self.unknown = unknown
    self.invalidJSON = invalidJSON
  }

  /// Whether the `_name` twin has anything to write.
  public var hasElementData: Bool {
    id != nil || !self.extension.isEmpty || !unknown.isEmpty
  }
}

extension Primitive: ExpressibleByUnicodeScalarLiteral, ExpressibleByExtendedGraphemeClusterLiteral,
  ExpressibleByStringLiteral
where Value: StringPrimitiveValue {
  public init(stringLiteral value: String) { self.init(Value(uncheckedString: value)) }
  public init(unicodeScalarLiteral value: String) { self.init(Value(uncheckedString: value)) }
  public init(extendedGraphemeClusterLiteral value: String) { self.init(Value(uncheckedString: value)) }
}

extension Primitive where Value: StringPrimitiveValue {
  /// The value's text, if there is a value.
  public var string: String? { value?.string }
}

extension Primitive: ExpressibleByBooleanLiteral where Value == FHIRBoolean {
  public init(booleanLiteral value: Bool) { self.init(FHIRBoolean(value)) }
}

extension Primitive: ExpressibleByIntegerLiteral where Value: IntegerPrimitiveValue {
  public init(integerLiteral value: Int32) { self.init(Value(uncheckedInt: value)) }
}

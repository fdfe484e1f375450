public import FHIRJSON

/// A FHIR primitive element: its value, and the `id` and extensions that its `_name`
/// twin carries in JSON (`"birthDate": "1970"` with `"_birthDate": {"extension": […]}`).
/// Either may be absent: an element can have extensions and no value.
///
/// The rarely used parts (`id`, extensions, unknown members, invalid JSON) live in one
/// out-of-line box, so that a primitive is little bigger than its value: models hold
/// dozens of primitives and are copied as they are built.
public struct Primitive<Value: PrimitiveValue>: Hashable, Sendable {
  /// The value; `nil` for an element that has only an `id` or extensions (`"_birthDate"` without `"birthDate"`).
  public var value: Value?
  @usableFromInline var extras: Extras?

  /// The parts of a primitive element other than its value (the same for every `Value`).
  @usableFromInline typealias ExtraData = PrimitiveExtraData
  /// The out-of-line box.
  @usableFromInline typealias Extras = PrimitiveExtras

  /// A primitive element.
  /// - Parameters:
  ///   - value: The value, or `nil` for an element with extensions only.
  ///   - id: The element's id (from the `_name` twin).
  ///   - extension: The element's extensions (from the `_name` twin).
  ///   - unknown: Members of the `_name` twin the model does not know.
  ///   - invalidJSON: Input kept as it came because it could not be a value of this type (see
  ///     ``DecodingOptions/repair``).
  @inlinable
  public init(
    _ value: Value? = nil, id: String? = nil, extension: [Extension] = [], unknown: JSONObject = [:],
    invalidJSON: JSONValue? = nil
  ) {
    self.value = value
    guard id != nil || !`extension`.isEmpty || !unknown.isEmpty || invalidJSON != nil else {
      extras = nil
      return
    }
    var data = ExtraData(id: id)
    data.extension = `extension`
    data.unknown = unknown
    data.invalidJSON = invalidJSON
    extras = data.isEmpty ? nil : .data(data)
  }

  /// A primitive with `value` and nothing else (the decoder's fast path).
  @inlinable init(onlyValue value: Value?) {
    self.value = value
    extras = nil
  }

  @inlinable mutating func updateExtras(_ change: (inout ExtraData) -> Void) {
    var data = extras?.data ?? ExtraData()
    change(&data)
    extras = data.isEmpty ? nil : .data(data)
  }

  /// `_name.id`.
  @inlinable public var id: String? {
    get { extras?.data.id }
    set { updateExtras { $0.id = newValue } }
  }

  /// `_name.extension`.
  @inlinable public var `extension`: [Extension] {
    get { extras?.data.extension ?? [] }
    set { updateExtras { $0.extension = newValue } }
  }

  /// Members of `_name` the model does not know, kept in order.
  @inlinable public var unknown: JSONObject {
    get { extras?.data.unknown ?? [:] }
    set { updateExtras { $0.unknown = newValue } }
  }

  /// What stood where the value belongs when it could not be read as `Value` (a string
  /// where a boolean belongs, several values where one belongs): kept, reported as an
  /// error when decoded, and written back as it came, so nothing is lost.
  @inlinable public var invalidJSON: JSONValue? {
    get { extras?.data.invalidJSON }
    set { updateExtras { $0.invalidJSON = newValue } }
  }

  /// Whether the `_name` twin has anything to write.
  @inlinable public var hasElementData: Bool {
    guard let data = extras?.data else { return false }
    return data.id != nil || !data.extension.isEmpty || !data.unknown.isEmpty
  }
}

extension Primitive: ExpressibleByUnicodeScalarLiteral, ExpressibleByExtendedGraphemeClusterLiteral,
  ExpressibleByStringLiteral
where Value: StringPrimitiveValue {
  /// An element from a string literal, unchecked: `let code: Primitive<FHIRCode> = "final"`.
  public init(stringLiteral value: String) { self.init(Value(uncheckedString: value)) }
  /// An element from a string literal, unchecked.
  public init(unicodeScalarLiteral value: String) { self.init(Value(uncheckedString: value)) }
  /// An element from a string literal, unchecked.
  public init(extendedGraphemeClusterLiteral value: String) { self.init(Value(uncheckedString: value)) }
}

extension Primitive where Value: StringPrimitiveValue {
  /// The value's text, if there is a value.
  public var string: String? { value?.string }
}

extension Primitive: ExpressibleByBooleanLiteral where Value == FHIRBoolean {
  /// An element from a boolean literal: `let active: Primitive<FHIRBoolean> = true`.
  public init(booleanLiteral value: Bool) { self.init(FHIRBoolean(value)) }
}

extension Primitive: ExpressibleByIntegerLiteral where Value: IntegerPrimitiveValue {
  /// An element from an integer literal, unchecked: `let rank: Primitive<FHIRPositiveInt> = 1`.
  public init(integerLiteral value: Int32) { self.init(Value(uncheckedInt: value)) }
}

/// The parts of a primitive element other than its value. Not generic, so that a
/// ``Primitive`` without them (nearly all) is destroyed by releasing one null pointer
/// rather than through the runtime's generic enum handling.
@usableFromInline struct PrimitiveExtraData: Hashable, Sendable {
  @usableFromInline var id: String?
  @usableFromInline var `extension`: [Extension] = []
  @usableFromInline var unknown = JSONObject()
  @usableFromInline var invalidJSON: JSONValue?

  @inlinable init(id: String? = nil) { self.id = id }

  @inlinable var isEmpty: Bool { id == nil && self.extension.isEmpty && unknown.isEmpty && invalidJSON == nil }
}

/// The out-of-line box of ``PrimitiveExtraData`` (value semantics through `indirect`).
@usableFromInline indirect enum PrimitiveExtras: Hashable, Sendable {
  case data(PrimitiveExtraData)

  @inlinable var data: PrimitiveExtraData {
    switch self {
    case .data(let data): return data
    }
  }
}

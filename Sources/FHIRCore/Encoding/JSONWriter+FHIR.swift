public import FHIRJSON

extension JSONWriter {
  /// Writes a primitive element as `"name": value` and, when it has an id or
  /// extensions, `"_name": {…}`.
  @inlinable
  public mutating func member<V>(_ name: String, _ primitive: Primitive<V>?) {
    guard let primitive else { return }
    if let value = primitive.value {
      key(name)
      value.encode(to: &self)
    } else if let invalid = primitive.invalidJSON {
      key(name)
      self.value(invalid)
    }
    if primitive.hasElementData {
      key("_" + name)
      elementData(of: primitive)
    }
  }

  /// Writes a repeated primitive as `"name": [values]` and `"_name": [elements]`,
  /// with `null` where one side has nothing at a position.
  @inlinable
  public mutating func member<V>(_ name: String, _ primitives: [Primitive<V>]) {
    guard !primitives.isEmpty else { return }
    if primitives.contains(where: { $0.value != nil || $0.invalidJSON != nil }) {
      key(name)
      beginArray()
      for index in primitives.indices {
        if let value = primitives[index].value {
          value.encode(to: &self)
        } else if let invalid = primitives[index].invalidJSON {
          self.value(invalid)
        } else {
          null()
        }
      }
      endArray()
    }
    if primitives.contains(where: \.hasElementData) {
      key("_" + name)
      beginArray()
      for primitive in primitives {
        if primitive.hasElementData { elementData(of: primitive) } else { null() }
      }
      endArray()
    }
  }

  /// Writes a complex element.
  @inlinable
  public mutating func member<T: FHIREncodable>(_ name: String, _ value: T?) {
    guard let value else { return }
    key(name)
    value.encode(to: &self)
  }

  /// Writes a repeated complex element (nothing when empty).
  @inlinable
  public mutating func member<T: FHIREncodable>(_ name: String, _ values: [T]) {
    guard !values.isEmpty else { return }
    key(name)
    beginArray()
    // By index: `for value in values` would copy (retain and release) each element.
    for index in values.indices { values[index].encode(to: &self) }
    endArray()
  }

  /// Writes a plain string member (`Element.id`).
  @inlinable
  public mutating func member(_ name: String, _ string: String?) {
    guard let string else { return }
    key(name)
    self.string(string)
  }

  /// Writes a primitive value without an `_name` twin.
  @inlinable
  public mutating func member<V: PrimitiveValue>(_ name: String, value: V?) {
    guard let value else { return }
    key(name)
    value.encode(to: &self)
  }

  /// Writes the members a model kept without knowing them, in their original order.
  @inlinable
  public mutating func members(_ unknown: JSONObject) {
    for member in unknown.members {
      key(member.key)
      value(member.value)
    }
  }

  @inlinable mutating func elementData<V>(of primitive: Primitive<V>) {
    beginObject()
    member("id", primitive.id)
    member("extension", primitive.extension)
    members(primitive.unknown)
    endObject()
  }
}

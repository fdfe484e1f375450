import Foundation

extension TreeEncoder {
  /// A keyed container: members in the order they are encoded (the box sorts them when written).
  struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: TreeEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    private func set(_ value: Value, _ key: Key) { encoder.box.members.append((key.stringValue, value)) }
    private func set(_ scalar: CareJSONScalar, _ key: Key) { set(.scalar(scalar), key) }

    mutating func encodeNil(forKey key: Key) { set(.null, key) }
    mutating func encode(_ value: Bool, forKey key: Key) { set(.bool(value), key) }
    mutating func encode(_ value: String, forKey key: Key) { set(.string(value), key) }
    mutating func encode(_ value: Double, forKey key: Key) { set(.double(value), key) }
    mutating func encode(_ value: Float, forKey key: Key) { set(.float(value), key) }
    mutating func encode(_ value: Int, forKey key: Key) { set(.integer(value), key) }
    mutating func encode(_ value: Int8, forKey key: Key) { set(.integer(value), key) }
    mutating func encode(_ value: Int16, forKey key: Key) { set(.integer(value), key) }
    mutating func encode(_ value: Int32, forKey key: Key) { set(.integer(value), key) }
    mutating func encode(_ value: Int64, forKey key: Key) { set(.integer(value), key) }
    mutating func encode(_ value: UInt, forKey key: Key) { set(.integer(value), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) { set(.integer(value), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) { set(.integer(value), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) { set(.integer(value), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) { set(.integer(value), key) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { set(try encoder.encoded(value, key: key), key) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
      -> KeyedEncodingContainer<NestedKey>
    {
      nestedEncoder(key).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
      nestedEncoder(key).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { superEncoder(forKey: Key(stringValue: "super")!) }

    mutating func superEncoder(forKey key: Key) -> any Encoder { nestedEncoder(key) }

    private func nestedEncoder(_ key: Key) -> TreeEncoder {
      let box = Box()
      set(.box(box), key)
      return encoder.nested(key, box)
    }
  }

  /// An unkeyed container: items in order.
  struct Unkeyed: UnkeyedEncodingContainer {
    let encoder: TreeEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }
    var count: Int { encoder.box.items.count }

    private func append(_ scalar: CareJSONScalar) { encoder.box.items.append(.scalar(scalar)) }
    private var key: any CodingKey { IndexKey(intValue: count) }

    mutating func encodeNil() { append(.null) }
    mutating func encode(_ value: Bool) { append(.bool(value)) }
    mutating func encode(_ value: String) { append(.string(value)) }
    mutating func encode(_ value: Double) { append(.double(value)) }
    mutating func encode(_ value: Float) { append(.float(value)) }
    mutating func encode(_ value: Int) { append(.integer(value)) }
    mutating func encode(_ value: Int8) { append(.integer(value)) }
    mutating func encode(_ value: Int16) { append(.integer(value)) }
    mutating func encode(_ value: Int32) { append(.integer(value)) }
    mutating func encode(_ value: Int64) { append(.integer(value)) }
    mutating func encode(_ value: UInt) { append(.integer(value)) }
    mutating func encode(_ value: UInt8) { append(.integer(value)) }
    mutating func encode(_ value: UInt16) { append(.integer(value)) }
    mutating func encode(_ value: UInt32) { append(.integer(value)) }
    mutating func encode(_ value: UInt64) { append(.integer(value)) }
    mutating func encode<T: Encodable>(_ value: T) throws { encoder.box.items.append(try encoder.encoded(value, key: key)) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
      nestedEncoder().container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
      nestedEncoder().unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { nestedEncoder() }

    private func nestedEncoder() -> TreeEncoder {
      let box = Box()
      let key = self.key
      encoder.box.items.append(.box(box))
      return encoder.nested(key, box)
    }
  }

  /// A single-value container: the value replaces whatever was encoded before.
  struct Single: SingleValueEncodingContainer {
    let encoder: TreeEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    private func set(_ value: Value) {
      encoder.box.kind = .single
      encoder.box.single = value
    }
    private func set(_ scalar: CareJSONScalar) { set(.scalar(scalar)) }

    mutating func encodeNil() { set(.null) }
    mutating func encode(_ value: Bool) { set(.bool(value)) }
    mutating func encode(_ value: String) { set(.string(value)) }
    mutating func encode(_ value: Double) { set(.double(value)) }
    mutating func encode(_ value: Float) { set(.float(value)) }
    mutating func encode(_ value: Int) { set(.integer(value)) }
    mutating func encode(_ value: Int8) { set(.integer(value)) }
    mutating func encode(_ value: Int16) { set(.integer(value)) }
    mutating func encode(_ value: Int32) { set(.integer(value)) }
    mutating func encode(_ value: Int64) { set(.integer(value)) }
    mutating func encode(_ value: UInt) { set(.integer(value)) }
    mutating func encode(_ value: UInt8) { set(.integer(value)) }
    mutating func encode(_ value: UInt16) { set(.integer(value)) }
    mutating func encode(_ value: UInt32) { set(.integer(value)) }
    mutating func encode(_ value: UInt64) { set(.integer(value)) }
    mutating func encode<T: Encodable>(_ value: T) throws { set(try encoder.encodedInPlace(value)) }
  }
}

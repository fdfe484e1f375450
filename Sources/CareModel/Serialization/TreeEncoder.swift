import Foundation

/// The `Encoder` behind ``CareJSONWriter``: builds a ``CareJSONNode`` tree as `JSONEncoder` does
/// (dates through the date format, URLs as their absolute string, keys of a later `encode`
/// replacing earlier ones), and never throws.
final class TreeEncoder: Encoder {
  /// A value being built: the nodes containers write into.
  final class Box {
    var node: CareJSONNode?
    var members: [String: Box] = [:]
    var items: [Box] = []
    var kind: Kind = .unset
    enum Kind { case unset, single, object, array }

    /// The finished node.
    var value: CareJSONNode {
      switch kind {
      case .unset: .object([:])
      case .single: node ?? .null
      case .object: .object(members.mapValues(\.value))
      case .array: .array(items.map(\.value))
      }
    }
  }

  let box: Box
  let dateFormat: @Sendable (Date) -> String
  let codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  init(box: Box, dateFormat: @escaping @Sendable (Date) -> String, codingPath: [any CodingKey]) {
    self.box = box
    self.dateFormat = dateFormat
    self.codingPath = codingPath
  }

  /// The node of `value`.
  static func node(
    of value: some Encodable, dateFormat: @escaping @Sendable (Date) -> String, codingPath: [any CodingKey]
  ) throws -> CareJSONNode {
    switch value {
    case let date as Date: return .string(dateFormat(date))
    case let url as URL: return .string(url.absoluteString)
    case let double as Double: return CareJSONNode.double(double)
    default:
      let box = Box()
      try value.encode(to: TreeEncoder(box: box, dateFormat: dateFormat, codingPath: codingPath))
      return box.value
    }
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    if box.kind != .object { box.kind = .object }
    return KeyedEncodingContainer(Keyed<Key>(encoder: self))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    if box.kind != .array { box.kind = .array }
    return Unkeyed(encoder: self)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    Single(encoder: self)
  }

  func nested(_ key: any CodingKey, _ box: Box) -> TreeEncoder {
    TreeEncoder(box: box, dateFormat: dateFormat, codingPath: codingPath + [key])
  }

  func node(_ value: some Encodable, key: any CodingKey) throws -> CareJSONNode {
    try Self.node(of: value, dateFormat: dateFormat, codingPath: codingPath + [key])
  }

  /// A box holding a finished node.
  static func leaf(_ node: CareJSONNode) -> Box {
    let box = Box()
    box.kind = .single
    box.node = node
    return box
  }

  struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: TreeEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    private func set(_ node: CareJSONNode, _ key: Key) { encoder.box.members[key.stringValue] = TreeEncoder.leaf(node) }

    mutating func encodeNil(forKey key: Key) { set(.null, key) }
    mutating func encode(_ value: Bool, forKey key: Key) { set(.bool(value), key) }
    mutating func encode(_ value: String, forKey key: Key) { set(.string(value), key) }
    mutating func encode(_ value: Double, forKey key: Key) { set(CareJSONNode.double(value), key) }
    mutating func encode(_ value: Float, forKey key: Key) { set(CareJSONNode.float(value), key) }
    mutating func encode(_ value: Int, forKey key: Key) { set(.number(String(value)), key) }
    mutating func encode(_ value: Int8, forKey key: Key) { set(.number(String(value)), key) }
    mutating func encode(_ value: Int16, forKey key: Key) { set(.number(String(value)), key) }
    mutating func encode(_ value: Int32, forKey key: Key) { set(.number(String(value)), key) }
    mutating func encode(_ value: Int64, forKey key: Key) { set(.number(String(value)), key) }
    mutating func encode(_ value: UInt, forKey key: Key) { set(.number(String(value)), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) { set(.number(String(value)), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) { set(.number(String(value)), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) { set(.number(String(value)), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) { set(.number(String(value)), key) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { set(try encoder.node(value, key: key), key) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
      -> KeyedEncodingContainer<NestedKey>
    {
      let box = Box()
      encoder.box.members[key.stringValue] = box
      return encoder.nested(key, box).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
      let box = Box()
      encoder.box.members[key.stringValue] = box
      return encoder.nested(key, box).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { superEncoder(forKey: Key(stringValue: "super")!) }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
      let box = Box()
      encoder.box.members[key.stringValue] = box
      return encoder.nested(key, box)
    }
  }

  struct Unkeyed: UnkeyedEncodingContainer {
    let encoder: TreeEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }
    var count: Int { encoder.box.items.count }

    private func append(_ node: CareJSONNode) { encoder.box.items.append(TreeEncoder.leaf(node)) }
    private var key: any CodingKey { IndexKey(intValue: count) }

    mutating func encodeNil() { append(.null) }
    mutating func encode(_ value: Bool) { append(.bool(value)) }
    mutating func encode(_ value: String) { append(.string(value)) }
    mutating func encode(_ value: Double) { append(CareJSONNode.double(value)) }
    mutating func encode(_ value: Float) { append(CareJSONNode.float(value)) }
    mutating func encode(_ value: Int) { append(.number(String(value))) }
    mutating func encode(_ value: Int8) { append(.number(String(value))) }
    mutating func encode(_ value: Int16) { append(.number(String(value))) }
    mutating func encode(_ value: Int32) { append(.number(String(value))) }
    mutating func encode(_ value: Int64) { append(.number(String(value))) }
    mutating func encode(_ value: UInt) { append(.number(String(value))) }
    mutating func encode(_ value: UInt8) { append(.number(String(value))) }
    mutating func encode(_ value: UInt16) { append(.number(String(value))) }
    mutating func encode(_ value: UInt32) { append(.number(String(value))) }
    mutating func encode(_ value: UInt64) { append(.number(String(value))) }
    mutating func encode<T: Encodable>(_ value: T) throws { append(try encoder.node(value, key: key)) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
      let box = Box()
      let key = self.key
      encoder.box.items.append(box)
      return encoder.nested(key, box).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
      let box = Box()
      let key = self.key
      encoder.box.items.append(box)
      return encoder.nested(key, box).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
      let box = Box()
      let key = self.key
      encoder.box.items.append(box)
      return encoder.nested(key, box)
    }
  }

  struct Single: SingleValueEncodingContainer {
    let encoder: TreeEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    private func set(_ node: CareJSONNode) {
      encoder.box.kind = .single
      encoder.box.node = node
    }

    mutating func encodeNil() { set(.null) }
    mutating func encode(_ value: Bool) { set(.bool(value)) }
    mutating func encode(_ value: String) { set(.string(value)) }
    mutating func encode(_ value: Double) { set(CareJSONNode.double(value)) }
    mutating func encode(_ value: Float) { set(CareJSONNode.float(value)) }
    mutating func encode(_ value: Int) { set(.number(String(value))) }
    mutating func encode(_ value: Int8) { set(.number(String(value))) }
    mutating func encode(_ value: Int16) { set(.number(String(value))) }
    mutating func encode(_ value: Int32) { set(.number(String(value))) }
    mutating func encode(_ value: Int64) { set(.number(String(value))) }
    mutating func encode(_ value: UInt) { set(.number(String(value))) }
    mutating func encode(_ value: UInt8) { set(.number(String(value))) }
    mutating func encode(_ value: UInt16) { set(.number(String(value))) }
    mutating func encode(_ value: UInt32) { set(.number(String(value))) }
    mutating func encode(_ value: UInt64) { set(.number(String(value))) }
    mutating func encode<T: Encodable>(_ value: T) throws {
      set(try TreeEncoder.node(of: value, dateFormat: encoder.dateFormat, codingPath: encoder.codingPath))
    }
  }

  /// An array position as a coding key.
  struct IndexKey: CodingKey {
    var stringValue: String { "Index \(intValue ?? 0)" }
    var intValue: Int?
    init(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { nil }
  }
}

extension CareJSONNode {
  /// A float's text as `JSONEncoder` writes it.
  static func float(_ x: Float) -> CareJSONNode {
    guard x.isFinite else { return .string(x.isNaN ? "NaN" : x < 0 ? "-Infinity" : "Infinity") }
    var text = x.description
    if text.hasSuffix(".0") { text.removeLast(2) }
    return .number(text)
  }
}

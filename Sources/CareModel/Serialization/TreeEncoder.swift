import FHIRJSON
import Foundation

/// The `Encoder` behind ``CareJSONWriter``: builds a light tree of the value as `JSONEncoder`
/// does (dates through the date format, URLs as their absolute string, keys of a later `encode`
/// replacing earlier ones) and writes it with object keys sorted by their UTF-8 bytes (as
/// `JSONEncoder`'s `.sortedKeys`). It never throws.
///
/// Scalars are kept as they are encoded, members in the order they come (sorted when written),
/// and the coding path is built only when asked for: encoding a care record allocates little
/// more than its strings.
final class TreeEncoder: Encoder {
  /// An encoded value: a scalar, or a container still being filled.
  enum Value {
    case scalar(CareJSONScalar)
    case box(Box)

    /// Writes the value.
    func write(to writer: inout JSONWriter) {
      switch self {
      case .scalar(let scalar): scalar.write(to: &writer)
      case .box(let box): box.write(to: &writer)
      }
    }
  }

  /// A value being built: what its containers write into.
  final class Box {
    enum Kind { case unset, single, object, array }
    var kind: Kind = .unset
    var single: Value?
    var members: [(key: String, value: Value)] = []
    var items: [Value] = []

    /// Writes the value; a value that encoded nothing is `{}`, as `JSONEncoder` writes it.
    func write(to writer: inout JSONWriter) {
      switch kind {
      case .unset:
        writer.beginObject()
        writer.endObject()
      case .single:
        (single ?? .scalar(.null)).write(to: &writer)
      case .array:
        writer.beginArray()
        for item in items { item.write(to: &writer) }
        writer.endArray()
      case .object:
        writer.beginObject()
        let order = members.indices.sorted { a, b in
          let (x, y) = (members[a].key, members[b].key)
          return x == y ? a < b : x.utf8.lexicographicallyPrecedes(y.utf8)
        }
        for (position, index) in order.enumerated() {
          let member = members[index]
          // A later encode for the same key replaces the earlier one.
          if position + 1 < order.count && members[order[position + 1]].key == member.key { continue }
          writer.key(member.key)
          member.value.write(to: &writer)
        }
        writer.endObject()
      }
    }
  }

  let box: Box
  let dateFormat: @Sendable (Date) -> String
  /// The encoder of the enclosing value and this value's key in it (`nil` at the root).
  private let parent: TreeEncoder?
  private let key: (any CodingKey)?

  var codingPath: [any CodingKey] {
    var path: [any CodingKey] = []
    var encoder: TreeEncoder? = self
    while let current = encoder, let key = current.key {
      path.append(key)
      encoder = current.parent
    }
    return path.reversed()
  }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  init(box: Box, dateFormat: @escaping @Sendable (Date) -> String, parent: TreeEncoder?, key: (any CodingKey)?) {
    self.box = box
    self.dateFormat = dateFormat
    self.parent = parent
    self.key = key
  }

  /// The encoded form of a root `value`.
  static func value(of value: some Encodable, dateFormat: @escaping @Sendable (Date) -> String) throws -> Value {
    try encode(value, dateFormat: dateFormat, parent: nil, key: nil)
  }

  /// The encoded form of `value` at `key` of `parent`'s value.
  private static func encode<T: Encodable>(
    _ value: T, dateFormat: @escaping @Sendable (Date) -> String, parent: TreeEncoder?, key: (any CodingKey)?
  ) throws -> Value {
    if T.self == Date.self, let date = value as? Date { return .scalar(.string(dateFormat(date))) }
    if T.self == UUID.self, let uuid = value as? UUID { return .scalar(.string(uuid.text)) }
    if T.self == URL.self, let url = value as? URL { return .scalar(.string(url.absoluteString)) }
    if T.self == Double.self, let double = value as? Double { return .scalar(.double(double)) }
    let box = Box()
    try value.encode(to: TreeEncoder(box: box, dateFormat: dateFormat, parent: parent, key: key))
    return .box(box)
  }

  /// The encoded form of `value`, a member at `key` of this encoder's value.
  func encoded(_ value: some Encodable, key: any CodingKey) throws -> Value {
    try Self.encode(value, dateFormat: dateFormat, parent: self, key: key)
  }

  /// The encoded form of `value` encoded in this encoder's place (a single-value container's).
  func encodedInPlace(_ value: some Encodable) throws -> Value {
    try Self.encode(value, dateFormat: dateFormat, parent: parent, key: key)
  }

  /// An encoder for a nested container at `key`, writing into `box`.
  func nested(_ key: any CodingKey, _ box: Box) -> TreeEncoder {
    TreeEncoder(box: box, dateFormat: dateFormat, parent: self, key: key)
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

  /// An array position as a coding key.
  struct IndexKey: CodingKey {
    var stringValue: String { "Index \(intValue ?? 0)" }
    var intValue: Int?
    init(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { nil }
  }
}

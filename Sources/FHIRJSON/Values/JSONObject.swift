/// A JSON object that keeps its members in document order (duplicates included),
/// so that what FHIRKit does not model is written back as it came.
public struct JSONObject: Hashable, Sendable, ExpressibleByDictionaryLiteral {
  /// One member.
  public struct Member: Hashable, Sendable {
    public var key: String
    public var value: JSONValue

    public init(key: String, value: JSONValue) {
      self.key = key
      self.value = value
    }
  }

  /// The members in order.
  public var members: [Member]

  /// Creates an object from members in order.
  @inlinable public init(_ members: [Member] = []) {
    self.members = members
  }

  // Inlinable so that the `= [:]` default of every model's `unknown` bag costs nothing.
  @inlinable public init(dictionaryLiteral elements: (String, JSONValue)...) {
    members = elements.isEmpty ? [] : elements.map { Member(key: $0.0, value: $0.1) }
  }

  /// The number of members.
  public var count: Int { members.count }

  /// Whether the object has no members.
  public var isEmpty: Bool { members.isEmpty }

  /// The keys in order.
  public var keys: [String] { members.map(\.key) }

  /// The value of the first member named `key`; setting replaces it in place or
  /// appends a new member, and setting `nil` removes every member of that name.
  public subscript(key: String) -> JSONValue? {
    get { members.first { $0.key == key }?.value }
    set {
      if let newValue {
        if let index = members.firstIndex(where: { $0.key == key }) {
          members[index].value = newValue
        } else {
          members.append(Member(key: key, value: newValue))
        }
      } else {
        members.removeAll { $0.key == key }
      }
    }
  }

  /// Appends a member, even if one of that name exists.
  public mutating func append(key: String, value: JSONValue) {
    members.append(Member(key: key, value: value))
  }
}

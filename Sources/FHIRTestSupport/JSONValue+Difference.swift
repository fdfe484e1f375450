public import FHIRJSON

extension JSONValue {
  /// The path of the first difference from `other`, key order aside (numbers and strings
  /// compared as their exact text), or `nil` when they are equivalent; test failures print
  /// this instead of whole values.
  /// - Parameter path: The path of these values, prefixed to the answer.
  public func firstDifference(from other: JSONValue, path: String = "$") -> String? {
    switch (self, other) {
    case (.object(let x), .object(let y)):
      for member in x.members {
        guard let value = y[member.key] else { return "\(path).\(member.key) missing after encode" }
        if let difference = member.value.firstDifference(from: value, path: "\(path).\(member.key)") {
          return difference
        }
      }
      for member in y.members where x[member.key] == nil { return "\(path).\(member.key) added by encode" }
      return nil
    case (.array(let x), .array(let y)):
      guard x.count == y.count else { return "\(path) has \(x.count) vs \(y.count) elements" }
      for (index, pair) in zip(x, y).enumerated() {
        if let difference = pair.0.firstDifference(from: pair.1, path: "\(path)[\(index)]") { return difference }
      }
      return nil
    default:
      return self == other ? nil : "\(path) differs (\(typeName) vs \(other.typeName))"
    }
  }
}

public import FHIRJSON

extension JSONTokens {
  /// The index of the value of member `key` of the object at `index`, or `nil` if it has
  /// no such member or is not an object. A key given more than once gives its last value, the
  /// one the model decoder keeps.
  /// - Parameters:
  ///   - key: The member's key.
  ///   - index: The index of an object start token.
  public func memberIndex(_ key: String, ofObjectAt index: Int) -> Int? {
    guard index < count, self[index].kind == .objectStart else { return nil }
    let end = endIndex(ofValueAt: index)
    var found: Int?
    var i = index + 1
    while i < end {
      if text(at: i, equals: key.utf8) { found = i + 1 }
      i = endIndex(ofValueAt: i + 1) + 1
    }
    return found
  }

  /// The indices of the values of every member `key` of the object at `index`, in order: one
  /// for a valid FHIR object, more when the key is given more than once.
  public func memberIndices(_ key: String, ofObjectAt index: Int) -> [Int] {
    guard index < count, self[index].kind == .objectStart else { return [] }
    let end = endIndex(ofValueAt: index)
    var found: [Int] = []
    var i = index + 1
    while i < end {
      if text(at: i, equals: key.utf8) { found.append(i + 1) }
      i = endIndex(ofValueAt: i + 1) + 1
    }
    return found
  }

  /// The keys of the object at `index`, in order, a repeated key as often as it is given; none
  /// when it is not an object.
  public func memberKeys(ofObjectAt index: Int) -> [String] {
    guard index < count, self[index].kind == .objectStart else { return [] }
    let end = endIndex(ofValueAt: index)
    var keys: [String] = []
    var i = index + 1
    while i < end {
      keys.append(string(at: i))
      i = endIndex(ofValueAt: i + 1) + 1
    }
    return keys
  }

  /// The string value of member `key` of the object at `index`, if it is a string.
  public func memberString(_ key: String, ofObjectAt index: Int) -> String? {
    memberIndex(key, ofObjectAt: index).flatMap { self[$0].kind == .string ? string(at: $0) : nil }
  }
}

import FHIRJSON

/// A FHIR resource: decodes from and encodes to JSON with its `resourceType`.
public protocol FHIRResource: FHIRCodable {
  /// The `resourceType` value, e.g. `Patient`.
  static var resourceType: String { get }
  /// The logical id.
  var id: Primitive<FHIRID>? { get }
}

extension FHIRDecoder {
  /// The text of the string member `key` of the object at `index`, if there is one
  /// (finds `resourceType` and `id` wherever they stand in the object). A key given more than
  /// once gives its last value, the one decoding keeps (and reports the others).
  public func peekString(_ key: String, inObjectAt index: Int) -> String? {
    guard tokens[index].kind == .objectStart else { return nil }
    var key = key
    return key.withUTF8 { keyBytes in
      let wanted = MemberKey(start: UnsafeRawPointer(keyBytes.baseAddress), count: keyBytes.count)
      let end = tokens.endIndex(ofValueAt: index)
      var member = index + 1
      var value: Int?
      while member < end {
        if self.key(at: member) == wanted { value = member + 1 }
        member = tokens.endIndex(ofValueAt: member + 1) + 1
      }
      guard let value, tokens[value].kind == .string else { return nil }
      return tokens.string(at: value)
    }
  }

  /// Starts decoding resource `type` at `index`: sets the issue context (type and id)
  /// and returns the context to restore with ``endResource(_:)``.
  public mutating func beginResource(_ type: String, at index: Int) -> (String?, String?) {
    let saved = (resourceType, resourceID)
    resourceType = type
    resourceID = peekString("id", inObjectAt: index)
    return saved
  }

  /// Restores the issue context saved by ``beginResource(_:at:)``.
  public mutating func endResource(_ saved: (String?, String?)) {
    (resourceType, resourceID) = saved
  }

  /// Checks a `resourceType` member's value against the type being decoded.
  public mutating func checkResourceType(_ expected: String, at index: Int) throws {
    guard try expect(.string, at: index, "a resource type string") else { return }
    var expected = expected
    let matches = expected.withUTF8 { bytes in
      key(at: index) == MemberKey(start: UnsafeRawPointer(bytes.baseAddress), count: bytes.count)
    }
    if !matches {
      try record(.error, .unexpectedResourceType, "resourceType is not \(expected)", at: index)
    }
  }
}

public import FHIRCore
public import FHIRJSON

/// The tokens a resource (or a CarePlan activity) was decoded from, given to a coder so that
/// element accounting walks the input itself instead of writing the decoded value again.
///
/// Only input that decoded without any issue qualifies — but for ``ValidationIssue/Code/unknownElement``,
/// an element the models keep as it is: then the model holds exactly the input's elements
/// (nothing dropped, superseded or repaired), and walking the tokens gives the same report as
/// walking the model's own JSON. The initializer returns `nil` otherwise, and the coder falls
/// back to writing the value.
public struct ResourceSource: Hashable, Sendable {
  /// The tokens holding the value.
  public let tokens: JSONTokens
  /// The index of the value's `objectStart` token.
  public let index: Int

  /// The source of a value decoded from `tokens` at `index` with `issues`; `nil` when there
  /// are issues other than unknown elements kept as they are, or there is no object at `index`.
  /// - Parameters:
  ///   - tokens: The tokens the value was decoded from, unchanged since.
  ///   - index: Where the value's object starts (0 for a whole NDJSON line).
  ///   - issues: Everything the decoding found (``DecodingResult/issues``).
  ///   - repairs: What the decoding changed to make the input fit (``DecodingResult/repairs``):
  ///     any repair means the model no longer holds exactly the input's elements.
  public init?(tokens: JSONTokens, at index: Int = 0, issues: [ValidationIssue], repairs: [DecodingRepair] = []) {
    guard repairs.isEmpty, issues.allSatisfy({ $0.code == .unknownElement }), index < tokens.count,
      tokens[index].kind == .objectStart
    else { return nil }
    self.tokens = tokens
    self.index = index
  }

  /// The source of the object member `key` of this object (a Bundle entry's `resource`), or
  /// `nil` when there is none or it is not an object.
  public func member(_ key: String) -> ResourceSource? {
    guard let value = memberValue(key), tokens[value].kind == .objectStart else { return nil }
    return ResourceSource(tokens: tokens, index: value)
  }

  /// The index of the value of member `key`, if any.
  private func memberValue(_ key: String) -> Int? {
    let end = tokens.endIndex(ofValueAt: index)
    var member = index + 1
    while member < end {
      if tokens.text(at: member, equals: key.utf8) { return member + 1 }
      member = tokens.endIndex(ofValueAt: member + 1) + 1
    }
    return nil
  }

  /// The source of the `position`-th element of the array member `key` of this object (a
  /// CarePlan's `activity[2]`), or `nil` when there is none or it is not an object.
  public func element(_ key: String, _ position: Int) -> ResourceSource? {
    guard let array = memberValue(key), tokens[array].kind == .arrayStart else { return nil }
    let end = tokens.endIndex(ofValueAt: array)
    var element = array + 1
    var count = 0
    while element < end {
      if count == position {
        return tokens[element].kind == .objectStart ? ResourceSource(tokens: tokens, index: element) : nil
      }
      count += 1
      element = tokens.endIndex(ofValueAt: element) + 1
    }
    return nil
  }

  private init(tokens: JSONTokens, index: Int) {
    self.tokens = tokens
    self.index = index
  }
}

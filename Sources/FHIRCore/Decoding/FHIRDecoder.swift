public import FHIRJSON

/// Reads FHIR models straight from `JSONTokens`: walks objects and arrays by token
/// index, turns primitives into their FHIR types, and collects ``ValidationIssue``s.
///
/// Models decode themselves through ``FHIRDecodable``: they iterate their object's
/// members in whatever order they come, dispatch on the key, and hand anything they
/// do not know to ``keepUnknown(_:in:)`` so it is kept and written back. Paths are
/// worked out only when an issue is recorded, so decoding pays nothing for them.
public struct FHIRDecoder {
  /// The tokens being decoded.
  public let tokens: JSONTokens
  /// How problems are treated.
  public let options: DecodingOptions
  /// Everything found so far.
  public private(set) var issues: [ValidationIssue] = []
  /// What was changed to make the input fit (only with ``DecodingOptions/repair``), in order.
  public private(set) var repairs: [DecodingRepair] = []
  /// The resource being decoded, for issue context.
  public var resourceType: String?
  /// The `id` of the resource being decoded, for issue context.
  public var resourceID: String?

  /// Creates a decoder over `tokens`.
  public init(tokens: JSONTokens, options: DecodingOptions = .lenient) {
    self.tokens = tokens
    self.options = options
  }

  // MARK: Objects

  /// A position in an object's members, for ``nextMember(_:)``.
  public struct Members {
    @usableFromInline var index: Int
    @usableFromInline let end: Int
    /// Key indices of members given again later in the object, which are skipped.
    @usableFromInline var superseded: [Int]?

    @inlinable init(index: Int, end: Int, superseded: [Int]?) {
      self.index = index
      self.end = end
      self.superseded = superseded
    }
  }

  /// One member of an object: the indices of its key and value tokens.
  public struct Member {
    /// Index of the key token.
    public let keyIndex: Int
    /// Index of the first token of the value.
    public let valueIndex: Int

    @inlinable init(keyIndex: Int, valueIndex: Int) {
      self.keyIndex = keyIndex
      self.valueIndex = valueIndex
    }
  }

  /// The members of the object at `index`, or `nil` (and an issue) if it is not an object.
  ///
  /// A key given twice in one object is an error (``ValidationIssue/Code/duplicateKey``,
  /// at the later key): the last member with that key is decoded, the earlier ones are
  /// skipped, as most JSON readers do.
  @inlinable
  public mutating func members(ofObjectAt index: Int) throws -> Members? {
    guard try expect(.objectStart, at: index, "object") else { return nil }
    let end = tokens.endIndex(ofValueAt: index)
    if end == index + 1 { try record(.warning, .empty, "empty object", at: index) }
    let superseded = end - index > 4 ? try supersededMembers(from: index + 1, to: end) : nil
    return Members(index: index + 1, end: end, superseded: superseded)
  }

  /// The next member, or `nil` at the end of the object.
  @inlinable
  public func nextMember(_ members: inout Members) -> Member? {
    while members.index < members.end {
      let keyIndex = members.index
      members.index = tokens.endIndex(ofValueAt: keyIndex + 1) + 1
      if let superseded = members.superseded, superseded.contains(keyIndex) { continue }
      return Member(keyIndex: keyIndex, valueIndex: keyIndex + 1)
    }
    return nil
  }

  /// The key of `member`, read in place (see ``MemberKey``).
  @inlinable
  public func key(_ member: Member) -> MemberKey {
    key(at: member.keyIndex)
  }

  /// The key token at `index`, read in place.
  @inlinable
  func key(at index: Int) -> MemberKey {
    tokens.withText(at: index) { MemberKey(start: $0.baseAddress, count: $0.count) }
  }

  /// Finds keys given more than once among the members from `first` to `end`, records an
  /// error at each repetition, and returns the key indices of the members to skip (all
  /// but the last of each key), or `nil` when every key is given once.
  @usableFromInline
  mutating func supersededMembers(from first: Int, to end: Int) throws -> [Int]? {
    guard let repeated = Self.repeatedKeys(in: tokens, from: first, to: end) else { return nil }
    for (_, repetition) in repeated {
      try record(.error, .duplicateKey, "key given more than once in one object; the last one is kept", at: repetition)
    }
    return repeated.map(\.skipped)
  }

  /// Pairs of key indices (an earlier member, the later one with the same key) among the
  /// members from `first` to `end`; `nil` when every key is given once.
  ///
  /// Keys go into a small open-addressing table on the stack, by digest, so an object of
  /// `n` members costs `n` digests and about `n` probes rather than `n²/2` comparisons;
  /// bytes are compared only when two digests are equal.
  static func repeatedKeys(in tokens: JSONTokens, from first: Int, to end: Int) -> [(skipped: Int, repetition: Int)]? {
    func key(at index: Int) -> MemberKey {
      tokens.withText(at: index) { MemberKey(start: $0.baseAddress, count: $0.count) }
    }
    guard mayRepeatKeys(in: tokens, from: first, to: end) else { return nil }
    let memberLimit = (end - first + 1) / 2
    if memberLimit <= 8 { return repeatedKeysByScan(in: tokens, from: first, to: end, memberLimit: memberLimit) }
    var capacity = 16
    while capacity < 2 * memberLimit { capacity *= 2 }
    let mask = capacity - 1
    var repeated: [(skipped: Int, repetition: Int)]?
    withUnsafeTemporaryAllocation(of: (digest: UInt64, keyIndex: Int).self, capacity: capacity) { table in
      for slot in 0..<capacity { table[slot].keyIndex = -1 }
      var keyIndex = first
      while keyIndex < end {
        let memberKey = key(at: keyIndex)
        let digest = memberKey.digest
        var slot = Int(truncatingIfNeeded: digest >> 40) & mask
        while true {
          let earlier = table[slot].keyIndex
          if earlier < 0 {
            table[slot] = (digest, keyIndex)
            break
          }
          if table[slot].digest == digest && memberKey == key(at: earlier) {
            repeated = (repeated ?? []) + [(earlier, keyIndex)]
            table[slot].keyIndex = keyIndex
            break
          }
          slot = (slot + 1) & mask
        }
        keyIndex = tokens.endIndex(ofValueAt: keyIndex + 1) + 1
      }
    }
    return repeated
  }

  /// Whether two keys among the members from `first` to `end` might be the same: each
  /// key's digest sets one bit of 512 (a Bloom filter in eight words on the stack); when
  /// no bit is set twice, every key is given once and the exact search is skipped. Most
  /// objects end here, with one digest per key and no table (with 512 bits, a resource
  /// of 15 members goes on to the exact search about one time in five).
  @inline(__always)
  static func mayRepeatKeys(in tokens: JSONTokens, from first: Int, to end: Int) -> Bool {
    withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 8) { words in
      words.initialize(repeating: 0)
      var keyIndex = first
      while keyIndex < end {
        let bit = tokens.withText(at: keyIndex) { MemberKey(start: $0.baseAddress, count: $0.count) }.digest >> 55
        let word = Int(truncatingIfNeeded: bit >> 6)
        let mask: UInt64 = 1 << (bit & 63)
        if words[word] & mask != 0 { return true }
        words[word] |= mask
        keyIndex = tokens.endIndex(ofValueAt: keyIndex + 1) + 1
      }
      return false
    }
  }

  /// ``repeatedKeys(in:from:to:)`` for small objects: each digest compared with those before it.
  static func repeatedKeysByScan(in tokens: JSONTokens, from first: Int, to end: Int, memberLimit: Int)
    -> [(skipped: Int, repetition: Int)]?
  {
    func key(at index: Int) -> MemberKey {
      tokens.withText(at: index) { MemberKey(start: $0.baseAddress, count: $0.count) }
    }
    var repeated: [(skipped: Int, repetition: Int)]?
    withUnsafeTemporaryAllocation(of: (digest: UInt64, keyIndex: Int).self, capacity: memberLimit) { seen in
      var seenCount = 0
      var keyIndex = first
      while keyIndex < end {
        let memberKey = key(at: keyIndex)
        let digest = memberKey.digest
        var earlier = 0
        while earlier < seenCount {
          if seen[earlier].digest == digest && memberKey == key(at: seen[earlier].keyIndex) { break }
          earlier += 1
        }
        if earlier < seenCount {
          repeated = (repeated ?? []) + [(seen[earlier].keyIndex, keyIndex)]
          seen[earlier].keyIndex = keyIndex
        } else {
          seen[seenCount] = (digest, keyIndex)
          seenCount += 1
        }
        keyIndex = tokens.endIndex(ofValueAt: keyIndex + 1) + 1
      }
    }
    return repeated
  }

  /// Keeps a member the model does not know, in document order, and reports it.
  /// DSTU2's `fhir_comments` are kept the same way without a report.
  public mutating func keepUnknown(_ member: Member, in unknown: inout JSONObject) throws {
    let memberKey = key(member)
    unknown.append(key: memberKey.string, value: JSONValue(tokens: tokens, at: member.valueIndex))
    if memberKey != "fhir_comments" {
      try record(.information, .unknownElement, "element not in the model, kept as is", at: member.keyIndex)
    }
  }

  // MARK: Arrays

  /// The elements of an array at `index`, decoded by `decode`. A single value where an
  /// array belongs is decoded as a one-element array, with an issue.
  @inlinable
  public mutating func array<T>(
    at index: Int, _ decode: (inout FHIRDecoder, Int) throws -> T?
  ) throws -> [T] {
    guard tokens[index].kind == .arrayStart else {
      try record(.error, .wrongCardinality, "a single value where an array belongs", at: index)
      return try decode(&self, index).map { [$0] } ?? []
    }
    let end = tokens.endIndex(ofValueAt: index)
    if end == index + 1 { try record(.warning, .empty, "empty array", at: index) }
    // Counted first (a jump per element), so the array is allocated once.
    var count = 0
    var position = index + 1
    while position < end {
      count += 1
      position = tokens.endIndex(ofValueAt: position) + 1
    }
    var result: [T] = []
    result.reserveCapacity(count)
    position = index + 1
    while position < end {
      if let element = try decode(&self, position) { result.append(element) }
      position = tokens.endIndex(ofValueAt: position) + 1
    }
    return result
  }

  /// The array at `index` of a complex type.
  @inlinable
  public mutating func array<T: FHIRDecodable>(of type: T.Type, at index: Int) throws -> [T] {
    try array(at: index) { decoder, position in try T(from: &decoder, at: position) }
  }

  /// A single complex value at `index`; an array there is an issue, and its first element is used.
  @inlinable
  public mutating func single<T: FHIRDecodable>(_ type: T.Type, at index: Int) throws -> T? {
    try single(at: index) { decoder, position in try T(from: &decoder, at: position) }
  }

  /// A single value at `index` decoded by `decode`; an array there is an issue, and
  /// its first element is used.
  @inlinable
  public mutating func single<T>(at index: Int, _ decode: (inout FHIRDecoder, Int) throws -> T?) throws -> T? {
    guard tokens[index].kind == .arrayStart else { return try decode(&self, index) }
    try record(.error, .wrongCardinality, "an array where a single value belongs", at: index)
    guard tokens.endIndex(ofValueAt: index) > index + 1 else { return nil }
    return try decode(&self, index + 1)
  }

  // MARK: Checks and issues

  /// Whether the token at `index` is of `kind`; records a wrong-type issue if not.
  @inlinable
  public mutating func expect(
    _ kind: JSONToken.Kind, at index: Int, _ name: @autoclosure () -> String
  ) throws -> Bool {
    guard tokens[index].kind == kind else {
      try record(.error, .wrongType, "expected \(name()), found \(Self.describe(tokens[index].kind))", at: index)
      return false
    }
    return true
  }

  /// Records an issue about the token at `index`; in strict mode an error throws.
  public mutating func record(
    _ severity: ValidationIssue.Severity, _ code: ValidationIssue.Code, _ message: String, at index: Int
  ) throws {
    let issue = ValidationIssue(
      severity, code, message, path: path(of: index), offset: tokens.offset(at: index),
      resourceType: resourceType, resourceID: resourceID)
    issues.append(issue)
    if severity == .error && options.mode == .strict { throw FHIRDecodingError(issue) }
  }

  /// Records an issue about the object at `index` as a whole (a missing element).
  public mutating func recordMissing(_ element: String, in index: Int) throws {
    try record(.error, .required, "required element '\(element)' is missing", at: index)
  }

  /// Adds issues found elsewhere (a nested decoder) to this decoder's.
  public mutating func append(_ more: [ValidationIssue]) {
    issues += more
  }

  /// Adds repairs made elsewhere (a nested decoder) to this decoder's.
  public mutating func append(repairs more: [DecodingRepair]) {
    repairs += more
  }

  /// Records a repair of the value at token `index`.
  public mutating func recordRepair(_ action: DecodingRepair.Action, _ message: String, at index: Int) {
    repairs.append(
      DecodingRepair(
        action, message, path: path(of: index), offset: tokens.offset(at: index), resourceType: resourceType,
        resourceID: resourceID))
  }

  /// Forgets the issues recorded since there were `mark` of them (a repair that left the
  /// value they were about out lists it among the repairs instead).
  @usableFromInline mutating func forgetIssues(from mark: Int) {
    if mark < issues.count { issues.removeSubrange(mark...) }
  }

  /// The JSON path of the token at `index`, found by walking down from the root.
  public func path(of index: Int) -> JSONPath {
    var components = options.pathPrefix.components
    var position = 0
    descend: while position != index {
      let end = tokens.endIndex(ofValueAt: position)
      guard index < end else { break }
      switch tokens[position].kind {
      case .objectStart:
        var member = position + 1
        while member < end {
          let valueEnd = tokens.endIndex(ofValueAt: member + 1)
          if index <= valueEnd {
            components.append(.key(tokens.string(at: member)))
            if index == member { break descend }
            position = member + 1
            continue descend
          }
          member = valueEnd + 1
        }
        break descend
      case .arrayStart:
        var element = position + 1
        var count = 0
        while element < end {
          let elementEnd = tokens.endIndex(ofValueAt: element)
          if index <= elementEnd {
            components.append(.index(count))
            position = element
            continue descend
          }
          element = elementEnd + 1
          count += 1
        }
        break descend
      default:
        break descend
      }
    }
    return JSONPath(components)
  }

  @usableFromInline static func describe(_ kind: JSONToken.Kind) -> String {
    switch kind {
    case .objectStart, .objectEnd: return "an object"
    case .arrayStart, .arrayEnd: return "an array"
    case .string, .key: return "a string"
    case .number: return "a number"
    case .true, .false: return "a boolean"
    case .null: return "null"
    }
  }
}

@available(*, unavailable)
extension FHIRDecoder: Sendable {}

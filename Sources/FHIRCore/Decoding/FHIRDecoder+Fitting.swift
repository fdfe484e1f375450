public import FHIRJSON

/// Decoding a member into a model property, keeping what does not fit.
///
/// Each method takes the member and the `unknown` bag of the element being decoded. A
/// value of the shape the property expects is decoded as usual (the fast path, one check
/// of the first token). A value of another shape — an array where one value belongs, one
/// value where an array belongs, a value of the wrong JSON type, an empty object or array,
/// `null` — is either kept as it came, under its key in `unknown`, with an issue (the
/// default: encoding writes it back unchanged, and the property stays empty), or, with
/// ``DecodingOptions/repair``, made to fit and listed in ``FHIRDecoder/repairs``.
extension FHIRDecoder {
  /// Whether shapes are repaired rather than kept (never in strict mode, which throws first).
  @inlinable var isRepairing: Bool { options.repair && options.mode == .lenient }

  /// Whether the value at `index` is an object with at least one member.
  @inlinable func isFilledObject(at index: Int) -> Bool {
    tokens[index].kind == .objectStart && tokens.endIndex(ofValueAt: index) > index + 1
  }

  /// Keeps `member` as it came in `unknown`, to be written back unchanged.
  @usableFromInline mutating func keepAsGiven(_ member: Member, in unknown: inout JSONObject) {
    unknown.append(key: key(member).string, value: JSONValue(tokens: tokens, at: member.valueIndex))
  }

  /// Records the issue of a value at `index` that is not the (non-empty) object expected there.
  @usableFromInline mutating func recordMisfit(at index: Int, _ expected: String) throws {
    let kind = tokens[index].kind
    switch kind {
    case .objectStart where !isFilledObject(at: index):
      try record(.warning, .empty, "empty object (kept as given)", at: index)
    case .arrayStart:
      try record(.error, .wrongCardinality, "an array where \(expected) belongs (kept as given)", at: index)
    default:
      try record(.error, .wrongType, "expected \(expected), found \(Self.describe(kind)) (kept as given)", at: index)
    }
  }

  /// What a repair says of a value at `index` it leaves out.
  @usableFromInline func leftOut(at index: Int) -> String {
    switch tokens[index].kind {
    case .objectStart: isFilledObject(at: index) ? "a value the model cannot read, left out" : "empty object left out"
    case .arrayStart: tokens.endIndex(ofValueAt: index) == index + 1 ? "empty array left out" : "array left out"
    case let kind: "\(Self.describe(kind)) where another type belongs, left out"
    }
  }

  /// Whether `value`, decoded from the object at `index` with repairs, was left empty by
  /// them (`{"reference": ""}` once the empty string is dropped); if so, it is listed as
  /// left out too. Asked only after a repair, so decoding without one pays nothing.
  @usableFromInline mutating func isLeftEmpty<T: FHIRDecodable>(_ value: T, at index: Int) -> Bool {
    guard let encodable = value as? any FHIREncodable else { return false }
    let bytes = encodable.jsonBytes()
    guard bytes == [UInt8(ascii: "{"), UInt8(ascii: "}")] else { return false }
    recordRepair(.dropped, "an element left empty by the repairs inside it, left out", at: index)
    return true
  }

  // MARK: Complex values

  /// The single complex value of `member`; what does not fit is kept in `unknown` (or
  /// repaired, see ``DecodingOptions/repair``).
  @inlinable
  public mutating func single<T: FHIRDecodable>(
    _ type: T.Type, _ member: Member, keeping unknown: inout JSONObject
  ) throws -> T? {
    let index = member.valueIndex
    if isFilledObject(at: index) {
      if _slowPath(options.repair) { return try repairingSingle(T.self, member, keeping: &unknown) }
      if let value = try T(from: &self, at: index) { return value }
      // The model recorded why; keep the object as it came.
      keepAsGiven(member, in: &unknown)
      return nil
    }
    return try unfitSingle(T.self, member, keeping: &unknown)
  }

  /// ``single(_:_:keeping:)`` of a non-empty object when repairs are asked for: an object the
  /// model cannot read, or that the repairs inside it leave empty, is left out (and listed).
  /// Kept apart so that decoding without repairs runs the same code as before they existed.
  @usableFromInline
  mutating func repairingSingle<T: FHIRDecodable>(
    _ type: T.Type, _ member: Member, keeping unknown: inout JSONObject
  ) throws -> T? {
    let index = member.valueIndex
    let mark = repairs.count
    guard let value = try T(from: &self, at: index) else {
      if isRepairing { recordRepair(.dropped, leftOut(at: index), at: index) } else { keepAsGiven(member, in: &unknown) }
      return nil
    }
    return repairs.count != mark && isLeftEmpty(value, at: index) ? nil : value
  }

  /// ``single(_:_:keeping:)`` for anything but a non-empty object.
  @usableFromInline
  mutating func unfitSingle<T: FHIRDecodable>(
    _ type: T.Type, _ member: Member, keeping unknown: inout JSONObject
  ) throws -> T? {
    let index = member.valueIndex
    guard isRepairing else {
      try recordMisfit(at: index, "a single object")
      keepAsGiven(member, in: &unknown)
      return nil
    }
    guard tokens[index].kind == .arrayStart, tokens.endIndex(ofValueAt: index) > index + 1 else {
      recordRepair(.dropped, leftOut(at: index), at: index)
      return nil
    }
    recordRepair(.unwrapped, "an array where a single value belongs; its first element is used", at: index)
    let first = index + 1
    var value: T?
    if isFilledObject(at: first) { value = try T(from: &self, at: first) }
    if value == nil { recordRepair(.dropped, leftOut(at: first), at: first) }
    dropElements(after: first, before: tokens.endIndex(ofValueAt: index))
    return value
  }

  /// Records the elements from the one after `first` to `end` as left out.
  @usableFromInline mutating func dropElements(after first: Int, before end: Int) {
    var position = tokens.endIndex(ofValueAt: first) + 1
    while position < end {
      recordRepair(.dropped, "an element beyond the first where a single value belongs, left out", at: position)
      position = tokens.endIndex(ofValueAt: position) + 1
    }
  }

  /// The complex values of the array `member`; what does not fit is kept in `unknown`
  /// (the whole array, so that it is written back as it came) or repaired.
  @inlinable
  public mutating func array<T: FHIRDecodable>(
    of type: T.Type, _ member: Member, keeping unknown: inout JSONObject
  ) throws -> [T] {
    let index = member.valueIndex
    guard tokens[index].kind == .arrayStart else { return try unfitArray(T.self, member, keeping: &unknown) }
    let end = tokens.endIndex(ofValueAt: index)
    // Counted first (a jump per element), so the array is allocated once; and checked:
    // every element must be a non-empty object.
    var count = 0
    var fits = end > index + 1
    var position = index + 1
    while position < end {
      count += 1
      let elementEnd = tokens.endIndex(ofValueAt: position)
      if elementEnd == position + 1 || tokens[position].kind != .objectStart { fits = false }
      position = elementEnd + 1
    }
    guard fits else { return try unfitArray(T.self, member, keeping: &unknown) }
    if _slowPath(options.repair) { return try repairingArray(T.self, member, keeping: &unknown) }
    var result: [T] = []
    result.reserveCapacity(count)
    position = index + 1
    while position < end {
      guard let element = try T(from: &self, at: position) else {
        // The model recorded why; keep the whole array as it came.
        keepAsGiven(member, in: &unknown)
        return []
      }
      result.append(element)
      position = tokens.endIndex(ofValueAt: position) + 1
    }
    return result
  }

  /// ``array(of:_:keeping:)`` of an array of non-empty objects when repairs are asked for:
  /// an element the model cannot read, or that the repairs inside it leave empty, is left out.
  @usableFromInline
  mutating func repairingArray<T: FHIRDecodable>(
    _ type: T.Type, _ member: Member, keeping unknown: inout JSONObject
  ) throws -> [T] {
    let index = member.valueIndex
    let end = tokens.endIndex(ofValueAt: index)
    var result: [T] = []
    var position = index + 1
    while position < end {
      let mark = repairs.count
      if let element = try T(from: &self, at: position) {
        if repairs.count == mark || !isLeftEmpty(element, at: position) { result.append(element) }
      } else if isRepairing {
        recordRepair(.dropped, leftOut(at: position), at: position)
      } else {
        keepAsGiven(member, in: &unknown)
        return []
      }
      position = tokens.endIndex(ofValueAt: position) + 1
    }
    return result
  }

  /// ``array(of:_:keeping:)`` for a value that is not an array of non-empty objects.
  @usableFromInline
  mutating func unfitArray<T: FHIRDecodable>(
    _ type: T.Type, _ member: Member, keeping unknown: inout JSONObject
  ) throws -> [T] {
    let index = member.valueIndex
    let repairing = isRepairing
    guard tokens[index].kind == .arrayStart else {
      if repairing {
        if isFilledObject(at: index), let value = try T(from: &self, at: index) {
          recordRepair(.wrapped, "a single value where an array belongs, made a one-element array", at: index)
          return [value]
        }
        recordRepair(.dropped, leftOut(at: index), at: index)
        return []
      }
      if tokens[index].kind == .objectStart && isFilledObject(at: index) {
        try record(.error, .wrongCardinality, "a single value where an array belongs (kept as given)", at: index)
      } else {
        try record(.error, .wrongType, "expected an array, found \(Self.describe(tokens[index].kind)) (kept as given)", at: index)
      }
      keepAsGiven(member, in: &unknown)
      return []
    }
    let end = tokens.endIndex(ofValueAt: index)
    if end == index + 1 {
      if repairing {
        recordRepair(.dropped, "empty array left out", at: index)
      } else {
        try record(.warning, .empty, "empty array (kept as given)", at: index)
        keepAsGiven(member, in: &unknown)
      }
      return []
    }
    var result: [T] = []
    var position = index + 1
    while position < end {
      if repairing {
        if isFilledObject(at: position), let element = try T(from: &self, at: position) {
          result.append(element)
        } else {
          recordRepair(.dropped, leftOut(at: position), at: position)
        }
      } else if !isFilledObject(at: position) {
        try recordMisfit(at: position, "an object")
      }
      position = tokens.endIndex(ofValueAt: position) + 1
    }
    if !repairing { keepAsGiven(member, in: &unknown) }
    return result
  }

  // MARK: Primitive elements

  /// Decodes `"_name": {"id": …, "extension": […]}` of `member` into `slot`; what does not
  /// fit is kept in `unknown` or repaired.
  @inlinable
  public mutating func primitiveElement<V>(
    _ slot: inout Primitive<V>?, _ member: Member, keeping unknown: inout JSONObject
  ) throws {
    let index = member.valueIndex
    if isFilledObject(at: index) {
      var element = slot ?? Primitive(onlyValue: nil)
      _ = try elementData(into: &element, at: index)
      slot = element
      return
    }
    try unfitPrimitiveElement(&slot, member, keeping: &unknown)
  }

  /// ``primitiveElement(_:_:keeping:)`` for anything but a non-empty object.
  @usableFromInline
  mutating func unfitPrimitiveElement<V>(
    _ slot: inout Primitive<V>?, _ member: Member, keeping unknown: inout JSONObject
  ) throws {
    let index = member.valueIndex
    guard isRepairing else {
      try recordMisfit(at: index, "a single object")
      keepAsGiven(member, in: &unknown)
      return
    }
    guard tokens[index].kind == .arrayStart, tokens.endIndex(ofValueAt: index) > index + 1 else {
      recordRepair(.dropped, leftOut(at: index), at: index)
      return
    }
    recordRepair(.unwrapped, "an array where a single value belongs; its first element is used", at: index)
    let first = index + 1
    if isFilledObject(at: first) {
      var element = slot ?? Primitive(onlyValue: nil)
      _ = try elementData(into: &element, at: first)
      slot = element
    } else {
      recordRepair(.dropped, leftOut(at: first), at: first)
    }
    dropElements(after: first, before: tokens.endIndex(ofValueAt: index))
  }

  /// Decodes `"name": [values]` of `member` into `slots` (`null`s hold places for `_name`
  /// data; an element of the wrong type is kept in its ``Primitive/invalidJSON``); one
  /// value where the array belongs, or an empty array, is kept in `unknown` or repaired.
  @inlinable
  public mutating func primitives<V>(
    _ slots: inout [Primitive<V>], _ member: Member, keeping unknown: inout JSONObject
  ) throws {
    let index = member.valueIndex
    guard tokens[index].kind == .arrayStart, tokens.endIndex(ofValueAt: index) > index + 1 else {
      if isRepairing && tokens[index].kind != .arrayStart && tokens[index].kind != .null {
        recordRepair(.wrapped, "a single value where an array belongs, made a one-element array", at: index)
        try primitives(&slots, at: index)
      } else if isRepairing {
        recordRepair(.dropped, leftOut(at: index), at: index)
      } else {
        if tokens[index].kind == .arrayStart {
          try record(.warning, .empty, "empty array (kept as given)", at: index)
        } else {
          try record(.error, .wrongCardinality, "a single value where an array belongs (kept as given)", at: index)
        }
        keepAsGiven(member, in: &unknown)
      }
      return
    }
    try primitives(&slots, at: index)
  }

  /// Decodes `"_name": [elements]` of `member` into `slots`, matching `name`'s elements by
  /// position; anything but an array of `null`s and non-empty objects is kept in `unknown`
  /// or repaired.
  @inlinable
  public mutating func primitiveElements<V>(
    _ slots: inout [Primitive<V>], _ member: Member, keeping unknown: inout JSONObject
  ) throws {
    let index = member.valueIndex
    var fits = tokens[index].kind == .arrayStart && tokens.endIndex(ofValueAt: index) > index + 1
    if fits {
      let end = tokens.endIndex(ofValueAt: index)
      var position = index + 1
      while position < end {
        if tokens[position].kind != .null && !isFilledObject(at: position) { fits = false }
        position = tokens.endIndex(ofValueAt: position) + 1
      }
    }
    if fits {
      try primitiveElements(&slots, at: index)
      return
    }
    try unfitPrimitiveElements(&slots, member, keeping: &unknown)
  }

  /// ``primitiveElements(_:_:keeping:)`` for what does not fit.
  @usableFromInline
  mutating func unfitPrimitiveElements<V>(
    _ slots: inout [Primitive<V>], _ member: Member, keeping unknown: inout JSONObject
  ) throws {
    let index = member.valueIndex
    let isArray = tokens[index].kind == .arrayStart
    let end = tokens.endIndex(ofValueAt: index)
    guard isRepairing else {
      if isFilledObject(at: index) {
        try record(.error, .wrongCardinality, "a single value where an array belongs (kept as given)", at: index)
      } else if !isArray {
        try recordMisfit(at: index, "an array")
      } else if end == index + 1 {
        try record(.warning, .empty, "empty array (kept as given)", at: index)
      } else {
        var position = index + 1
        while position < end {
          if tokens[position].kind != .null && !isFilledObject(at: position) { try recordMisfit(at: position, "an object") }
          position = tokens.endIndex(ofValueAt: position) + 1
        }
      }
      keepAsGiven(member, in: &unknown)
      return
    }
    guard isArray else {
      if isFilledObject(at: index) {
        recordRepair(.wrapped, "a single value where an array belongs, made a one-element array", at: index)
        if slots.isEmpty { slots.append(Primitive(onlyValue: nil)) }
        _ = try elementData(into: &slots[0], at: index)
      } else {
        recordRepair(.dropped, leftOut(at: index), at: index)
      }
      return
    }
    var offset = 0
    var position = index + 1
    while position < end {
      while slots.count <= offset { slots.append(Primitive(onlyValue: nil)) }
      if isFilledObject(at: position) {
        _ = try elementData(into: &slots[offset], at: position)
      } else if tokens[position].kind != .null {
        recordRepair(.dropped, leftOut(at: position), at: position)
      }
      offset += 1
      position = tokens.endIndex(ofValueAt: position) + 1
    }
    if end == index + 1 { recordRepair(.dropped, "empty array left out", at: index) }
  }

  // MARK: Plain values

  /// The plain JSON string of `member` (`Element.id`); what does not fit is kept in
  /// `unknown` or repaired.
  @inlinable
  public mutating func string(_ member: Member, keeping unknown: inout JSONObject) throws -> String? {
    if tokens[member.valueIndex].kind == .string { return try string(at: member.valueIndex) }
    return try unfitValue(member, keeping: &unknown) { decoder, position in try decoder.string(at: position) }
  }

  /// A primitive value without an `_name` twin (`Extension.url`); what does not fit is kept
  /// in `unknown` or repaired.
  @inlinable
  public mutating func value<V: PrimitiveValue>(
    _ type: V.Type, _ member: Member, keeping unknown: inout JSONObject
  ) throws -> V? {
    let index = member.valueIndex
    let kind = tokens[index].kind
    if kind != .arrayStart && kind != .objectStart && kind != .null {
      let mark = issues.count
      if let value = try V.decode(from: &self, at: index) { return value }
      if isRepairing {
        forgetIssues(from: mark)
        recordRepair(.dropped, leftOut(at: index), at: index)
      } else {
        keepAsGiven(member, in: &unknown)
      }
      return nil
    }
    return try unfitValue(member, keeping: &unknown) { decoder, position in try V.decode(from: &decoder, at: position) }
  }

  /// A plain value given as an array, object or `null`: kept, or repaired (an array's first
  /// element decoded by `decode`).
  @usableFromInline
  mutating func unfitValue<T>(
    _ member: Member, keeping unknown: inout JSONObject, _ decode: (inout FHIRDecoder, Int) throws -> T?
  ) throws -> T? {
    let index = member.valueIndex
    guard isRepairing else {
      try recordMisfit(at: index, "a single value")
      keepAsGiven(member, in: &unknown)
      return nil
    }
    let end = tokens.endIndex(ofValueAt: index)
    let first = index + 1
    guard tokens[index].kind == .arrayStart, end > first,
      tokens[first].kind != .arrayStart, tokens[first].kind != .objectStart, tokens[first].kind != .null
    else {
      recordRepair(.dropped, leftOut(at: index), at: index)
      return nil
    }
    recordRepair(.unwrapped, "an array where a single value belongs; its first element is used", at: index)
    let mark = issues.count
    let value = try decode(&self, first)
    if value == nil {
      forgetIssues(from: mark)
      recordRepair(.dropped, leftOut(at: first), at: first)
    }
    dropElements(after: first, before: end)
    return value
  }
}

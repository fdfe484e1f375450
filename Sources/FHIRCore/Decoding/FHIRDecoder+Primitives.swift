public import FHIRJSON

extension FHIRDecoder {
  /// Decodes `"name": value` into `slot`, keeping what `"_name"` already put there.
  /// JSON of the wrong type, `null`, or an array where the value belongs is kept as it
  /// came in ``Primitive/invalidJSON`` (with an issue), or, with ``DecodingOptions/repair``,
  /// left out or replaced by the array's first element (and listed as repairs).
  @inlinable
  public mutating func primitive<V>(_ slot: inout Primitive<V>?, at index: Int) throws {
    let kind = tokens[index].kind
    if kind != .null && kind != .arrayStart {
      if _slowPath(options.repair) { return try repairingPrimitive(&slot, at: index) }
      // The usual case: one value, decoded straight into the slot.
      let value = try V.decode(from: &self, at: index)
      guard slot != nil || value == nil else {
        slot = Primitive(onlyValue: value)
        return
      }
      var element = slot ?? Primitive(onlyValue: nil)
      if let value {
        element.value = value
      } else {
        element.invalidJSON = JSONValue(tokens: tokens, at: index)
      }
      slot = element
      return
    }
    try unfitPrimitive(&slot, at: index)
  }

  /// ``primitive(_:at:)`` of one value when repairs are asked for: an empty or invalid value
  /// (`""`, a `positiveInt` of 0, a string where a boolean belongs) is left out and listed. A
  /// number too large for an integer type (``IntegerPrimitiveValue/isTooLarge(_:)``) is not a
  /// shape to repair but data no model holds: it is kept as given, with its issue, as without
  /// repairs (leaving it out would let a reader default what it stood for, unsaid).
  @usableFromInline
  mutating func repairingPrimitive<V>(_ slot: inout Primitive<V>?, at index: Int) throws {
    let mark = issues.count
    let value = try V.decode(from: &self, at: index)
    if issues.count > mark && isRepairing && !isTooLargeInteger(V.self, at: index) {
      forgetIssues(from: mark)
      recordRepair(.dropped, value == nil ? leftOut(at: index) : "a value that breaks its type's rule, left out", at: index)
      return
    }
    var element = slot ?? Primitive(onlyValue: nil)
    if let value {
      element.value = value
    } else {
      element.invalidJSON = JSONValue(tokens: tokens, at: index)
    }
    slot = element
  }

  /// Whether the value at `index` is a number too large for the integer type `V`.
  @usableFromInline func isTooLargeInteger<V>(_ type: V.Type, at index: Int) -> Bool {
    guard tokens[index].kind == .number, let integer = V.self as? any IntegerPrimitiveValue.Type else { return false }
    return integer.isTooLarge(tokens.string(at: index))
  }

  /// ``primitive(_:at:)`` for `null` or an array.
  @usableFromInline
  mutating func unfitPrimitive<V>(_ slot: inout Primitive<V>?, at index: Int) throws {
    let end = tokens.endIndex(ofValueAt: index)
    guard isRepairing else {
      if tokens[index].kind == .null {
        try record(.error, .wrongType, "null is only allowed inside arrays (kept as given)", at: index)
      } else {
        try record(.error, .wrongCardinality, "an array where a single value belongs (kept as given)", at: index)
      }
      var element = slot ?? Primitive(onlyValue: nil)
      element.invalidJSON = JSONValue(tokens: tokens, at: index)
      slot = element
      return
    }
    let first = index + 1
    guard tokens[index].kind == .arrayStart, end > first else {
      recordRepair(.dropped, leftOut(at: index), at: index)
      return
    }
    recordRepair(.unwrapped, "an array where a single value belongs; its first element is used", at: index)
    let kind = tokens[first].kind
    let mark = issues.count
    if kind != .null && kind != .arrayStart && kind != .objectStart, let value = try V.decode(from: &self, at: first) {
      var element = slot ?? Primitive(onlyValue: nil)
      element.value = value
      slot = element
    } else {
      forgetIssues(from: mark)
      recordRepair(.dropped, leftOut(at: first), at: first)
    }
    dropElements(after: first, before: end)
  }

  /// Decodes `"_name": {"id": …, "extension": […]}` into `slot`.
  @inlinable
  public mutating func primitiveElement<V>(_ slot: inout Primitive<V>?, at index: Int) throws {
    var element = slot ?? Primitive(onlyValue: nil)
    try single(at: index) { decoder, position in try decoder.elementData(into: &element, at: position) }
    slot = element
  }

  /// Decodes `"name": [values]` into `slots`; `null`s hold places for `_name` data.
  @inlinable
  public mutating func primitives<V>(_ slots: inout [Primitive<V>], at index: Int) throws {
    let values: [Primitive<V>] = try array(at: index) { decoder, position -> Primitive<V>? in
      if decoder.tokens[position].kind == .null { return Primitive(onlyValue: nil) }
      if let value = try V.decode(from: &decoder, at: position) { return Primitive(onlyValue: value) }
      return Primitive(invalidJSON: JSONValue(tokens: decoder.tokens, at: position))
    }
    for (offset, value) in values.enumerated() {
      if offset < slots.count {
        slots[offset].value = value.value
        slots[offset].invalidJSON = value.invalidJSON
      } else {
        slots.append(value)
      }
    }
  }

  /// Decodes `"_name": [elements]` into `slots`, matching `name`'s elements by position.
  @inlinable
  public mutating func primitiveElements<V>(_ slots: inout [Primitive<V>], at index: Int) throws {
    var offset = 0
    _ = try array(at: index) { decoder, position -> Void? in
      defer { offset += 1 }
      while slots.count <= offset { slots.append(Primitive(onlyValue: nil)) }
      if decoder.tokens[position].kind != .null {
        try decoder.elementData(into: &slots[offset], at: position)
      }
      return nil
    }
  }

  /// Reads an `_name` object: `id`, `extension` and unknown members.
  @inlinable
  mutating func elementData<V>(into element: inout Primitive<V>, at index: Int) throws -> Void? {
    guard var members = try members(ofObjectAt: index) else { return nil }
    while let member = nextMember(&members) {
      switch key(member) {
      case "id": element.id = try string(at: member.valueIndex)
      case "extension": element.extension = try array(of: Extension.self, at: member.valueIndex)
      default: try keepUnknown(member, in: &element.unknown)
      }
    }
    return ()
  }

  /// A plain JSON string (`Element.id`, which has no extensions of its own).
  @inlinable
  public mutating func string(at index: Int) throws -> String? {
    try single(at: index) { decoder, position in
      guard try decoder.expect(.string, at: position, "a string") else { return nil }
      let string = decoder.tokens.withText(at: position) { StringCache.string($0) }
      if string.isEmpty { try decoder.record(.warning, .empty, "empty string", at: position) }
      return string
    }
  }

  /// A primitive value without an `_name` twin (`Extension.url`, `Coding.system` in some releases).
  @inlinable
  public mutating func value<V: PrimitiveValue>(_ type: V.Type, at index: Int) throws -> V? {
    try single(at: index) { decoder, position in try V.decode(from: &decoder, at: position) }
  }
}

extension FHIRDecoder {
  /// Decodes a `code` bound to a required value set, recording an error when the code
  /// is not one of `allowed` (the code is kept).
  @inlinable
  public mutating func code(_ slot: inout Primitive<FHIRCode>?, at index: Int, in allowed: Set<String>) throws {
    try primitive(&slot, at: index)
    if let code = slot?.value?.string, !allowed.contains(code) {
      try record(.error, .invalidCode, "code is not in the required value set", at: index)
    }
  }
}

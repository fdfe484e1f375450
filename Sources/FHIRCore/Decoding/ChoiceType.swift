public import FHIRJSON

/// A FHIR choice element (`value[x]`, `effective[x]`, …) as a Swift enum. Its JSON key
/// is the element name followed by the chosen type (`valueQuantity`, `valueString`).
public protocol ChoiceType: Hashable, Sendable {
  /// The types this choice allows, by the suffix their key carries.
  static var choices: ChoiceTable<Self> { get }
  /// The suffix of the chosen type (`Quantity` in `valueQuantity`).
  var typeSuffix: String { get }
  /// Writes `name + suffix` (and `_name + suffix` for a primitive with extensions).
  func encode(name: String, to writer: inout JSONWriter)
}

/// How to decode each type a ``ChoiceType`` allows.
public struct ChoiceTable<Choice: ChoiceType>: Sendable {
  /// Decoding of one allowed type.
  public struct Entry: Sendable {
    /// Decodes `name…` into the choice, keeping `_name…` data already there.
    @usableFromInline let decode: @Sendable (inout Choice?, inout FHIRDecoder, Int) throws -> Void
    /// For primitive types: decodes `_name…` data into the choice (creating it without a value if needed).
    @usableFromInline let decodeElement: (@Sendable (inout Choice?, inout FHIRDecoder, Int) throws -> Void)?

    @inlinable init(
      decode: @escaping @Sendable (inout Choice?, inout FHIRDecoder, Int) throws -> Void,
      decodeElement: (@Sendable (inout Choice?, inout FHIRDecoder, Int) throws -> Void)?
    ) {
      self.decode = decode
      self.decodeElement = decodeElement
    }
  }

  /// The entries by suffix, first of each suffix kept; searched by the suffix's bytes.
  @usableFromInline let entries: [(suffix: [UInt8], entry: Entry)]

  /// A table from its entries.
  public init(_ entries: [(String, Entry)]) {
    var seen: Set<String> = []
    self.entries = entries.compactMap { suffix, entry in seen.insert(suffix).inserted ? (Array(suffix.utf8), entry) : nil }
  }

  /// The entry for the type suffix `bytes` (inlinable, so that it is specialized for each
  /// choice type instead of looking up generic metadata per call).
  @inlinable func entry(forSuffix bytes: UnsafeRawBufferPointer) -> Entry? {
    for candidate in entries where candidate.suffix.count == bytes.count {
      if candidate.suffix.withUnsafeBytes({ $0.elementsEqual(bytes) }) { return candidate.entry }
    }
    return nil
  }

  /// A primitive type: `embed` makes the choice, `extract` reads it back.
  @inlinable
  public static func primitive<V: PrimitiveValue>(
    _ suffix: String, _ embed: @escaping @Sendable (Primitive<V>) -> Choice,
    _ extract: @escaping @Sendable (Choice) -> Primitive<V>?
  ) -> (String, Entry) {
    let entry = Entry(
      decode: { choice, decoder, index in
        var slot = choice.flatMap(extract)
        try decoder.primitive(&slot, at: index)
        choice = slot.map(embed)
      },
      decodeElement: { choice, decoder, index in
        var slot = choice.flatMap(extract)
        try decoder.primitiveElement(&slot, at: index)
        choice = slot.map(embed)
      })
    return (suffix, entry)
  }

  /// A type kept as JSON (a release's complex type seen from a release-neutral model).
  @inlinable
  public static func json(_ embed: @escaping @Sendable (JSONValue) -> Choice) -> Entry {
    Entry(
      decode: { choice, decoder, index in
        guard try decoder.expect(.objectStart, at: index, "an object") else { return }
        choice = embed(JSONValue(tokens: decoder.tokens, at: index))
      },
      decodeElement: nil)
  }

  /// A complex type.
  @inlinable
  public static func complex<T: FHIRDecodable & SendableMetatype>(
    _ suffix: String, _ embed: @escaping @Sendable (T) -> Choice
  ) -> (String, Entry) {
    let entry = Entry(
      decode: { choice, decoder, index in choice = try decoder.single(T.self, at: index).map(embed) },
      decodeElement: nil)
    return (suffix, entry)
  }
}

extension FHIRDecoder {
  /// Decodes member `key` into the choice `slot` if it is `name[x]` or `_name[x]`.
  /// - Returns: whether the key belonged to the choice.
  @inlinable
  public mutating func choice<C: ChoiceType>(
    _ slot: inout C?, name: StaticString, key: MemberKey, member: Member
  ) throws -> Bool {
    let found: (entry: ChoiceTable<C>.Entry, isElement: Bool, suffix: UnsafeRawBufferPointer)? = key.withUTF8 { bytes in
      let isElement = bytes.first == UInt8(ascii: "_")
      let bare = UnsafeRawBufferPointer(rebasing: bytes[(isElement ? 1 : 0)...])
      let nameCount = name.utf8CodeUnitCount
      guard bare.count > nameCount,
        UnsafeRawBufferPointer(rebasing: bare[..<nameCount]).elementsEqual(
          UnsafeRawBufferPointer(start: name.utf8Start, count: nameCount))
      else { return nil }
      let suffix = UnsafeRawBufferPointer(rebasing: bare[nameCount...])
      return C.choices.entry(forSuffix: suffix).map { ($0, isElement, suffix) }
    }
    guard let (entry, isElement, suffix) = found else { return false }
    if let existing = slot, !existing.typeSuffix.utf8.elementsEqual(suffix) {
      try record(.error, .duplicateChoice, "more than one type given for \(name)[x]", at: member.keyIndex)
      return true
    }
    if isElement {
      guard let decodeElement = entry.decodeElement else { return false }
      try decodeElement(&slot, &self, member.valueIndex)
    } else {
      try entry.decode(&slot, &self, member.valueIndex)
    }
    return true
  }
}

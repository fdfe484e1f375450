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
    /// Decodes the member `name…` into the choice, keeping `_name…` data already there;
    /// what does not fit goes to the `unknown` bag given (see ``FHIRDecoder/single(_:_:keeping:)``).
    public typealias Decode = @Sendable (inout Choice?, inout FHIRDecoder, FHIRDecoder.Member, inout JSONObject) throws
      -> Void

    /// Decodes `name…` into the choice, keeping `_name…` data already there.
    @usableFromInline let decode: Decode
    /// For primitive types: decodes `_name…` data into the choice (creating it without a value if needed).
    @usableFromInline let decodeElement: Decode?

    @inlinable init(decode: @escaping Decode, decodeElement: Decode?) {
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
      decode: { choice, decoder, member, _ in
        var slot = choice.flatMap(extract)
        try decoder.primitive(&slot, at: member.valueIndex)
        choice = slot.map(embed)
      },
      decodeElement: { choice, decoder, member, unknown in
        var slot = choice.flatMap(extract)
        try decoder.primitiveElement(&slot, member, keeping: &unknown)
        choice = slot.map(embed)
      })
    return (suffix, entry)
  }

  /// A type kept as JSON (a release's complex type seen from a release-neutral model).
  @inlinable
  public static func json(_ embed: @escaping @Sendable (JSONValue) -> Choice) -> Entry {
    Entry(
      decode: { choice, decoder, member, unknown in
        let index = member.valueIndex
        if decoder.isFilledObject(at: index) {
          choice = embed(JSONValue(tokens: decoder.tokens, at: index))
        } else if decoder.isRepairing {
          decoder.recordRepair(.dropped, decoder.leftOut(at: index), at: index)
        } else {
          try decoder.recordMisfit(at: index, "a single object")
          decoder.keepAsGiven(member, in: &unknown)
        }
      },
      decodeElement: nil)
  }

  /// A complex type.
  @inlinable
  public static func complex<T: FHIRDecodable & SendableMetatype>(
    _ suffix: String, _ embed: @escaping @Sendable (T) -> Choice
  ) -> (String, Entry) {
    let entry = Entry(
      decode: { choice, decoder, member, unknown in
        choice = try decoder.single(T.self, member, keeping: &unknown).map(embed)
      },
      decodeElement: nil)
    return (suffix, entry)
  }
}

extension FHIRDecoder {
  /// Decodes member `key` into the choice `slot` if it is `name[x]` or `_name[x]`. A
  /// second type given for the choice, or a value that does not fit, is kept as it came
  /// in `unknown` with an issue (or, with ``DecodingOptions/repair``, left out and listed).
  /// - Returns: whether the key belonged to the choice.
  @inlinable
  public mutating func choice<C: ChoiceType>(
    _ slot: inout C?, name: StaticString, key: MemberKey, member: Member, keeping unknown: inout JSONObject
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
      if isRepairing {
        recordRepair(.dropped, "a second type given for \(name)[x], left out", at: member.keyIndex)
      } else {
        try record(.error, .duplicateChoice, "more than one type given for \(name)[x] (kept as given)", at: member.keyIndex)
        keepAsGiven(member, in: &unknown)
      }
      return true
    }
    if isElement {
      guard let decodeElement = entry.decodeElement else { return false }
      try decodeElement(&slot, &self, member, &unknown)
    } else {
      try entry.decode(&slot, &self, member, &unknown)
    }
    return true
  }
}

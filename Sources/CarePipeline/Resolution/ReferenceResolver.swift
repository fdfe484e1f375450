/// Follows references between the input's resources: relative `Type/id` (and
/// `Type/id/_history/n`), absolute URLs (the entry with that `fullUrl`, else the resource whose
/// `Type/id` ends the URL), `urn:uuid:` / `urn:oid:` (the entry with that `fullUrl`) and `#id`
/// (the referring resource's `contained`); a logical reference (an identifier, no `reference`)
/// leads to the one resource of an allowed type with that identifier. Nothing is guessed:
/// anything else is not found, and an identifier several resources have is ambiguous.
struct ReferenceResolver {
  /// What following a reference gave.
  enum Resolution {
    case found(IndexedResource)
    case notFound(UnresolvedReference.Form)
    /// A logical reference whose identifier several resources of an allowed type have.
    case ambiguous
  }

  let index: ResourceIndex

  /// Follows `site`, written in `referrer`.
  func resolve(_ site: ResourceFacts.Site, from referrer: IndexedResource) -> Resolution {
    guard site.reference.isEmpty, let identifier = site.identifier else {
      return resolve(site.reference, from: referrer)
    }
    let keys = LogicalIdentifier.matches(index.holders[identifier] ?? [], types: site.targets)
    if keys.count > 1 { return .ambiguous }
    if let key = keys.first, let found = index[key] { return .found(found) }
    return .notFound(.identifier)
  }

  /// Follows the literal `reference`, written in `referrer`.
  func resolve(_ reference: String?, from referrer: IndexedResource) -> Resolution {
    guard let reference, !reference.isEmpty else { return .notFound(.other) }
    let literal = Literal(reference)
    if literal.form == .contained {
      let id = String(reference.dropFirst())
      for resource in referrer.resource.contained where !id.isEmpty && resource.id == id {
        return .found(IndexedResource(key: referrer.key + "#" + id, fullUrl: nil, resource: resource))
      }
      return .notFound(literal.form)
    }
    let key = Self.targetKey(
      literal, referrerFullURL: referrer.fullUrl, hasKey: { index[$0] != nil },
      keyForURL: { index.key(forFullURL: $0) })
    if let key, let found = index[key] { return .found(found) }
    return .notFound(literal.form)
  }

  /// The key of the resource a reference that is not `#id` leads to, found with `hasKey` (is
  /// there a resource with this `Type/id` key) and `keyForURL` (the key of the entry with this
  /// `fullUrl`): its first candidate (``forEachCandidate(_:referrerFullURL:_:)``) found.
  static func targetKey(
    _ literal: Literal, referrerFullURL: String?, hasKey: (String) -> Bool, keyForURL: (String) -> String?
  ) -> String? {
    var found: String?
    forEachCandidate(literal, referrerFullURL: referrerFullURL) { candidate in
      switch candidate {
      case .key(let key): if hasKey(key) { found = key }
      case .url(let url): found = keyForURL(url)
      }
      return found == nil
    }
    return found
  }

  /// What a reference may lead to, in the order it is tried.
  enum Candidate: Equatable {
    /// The resource with this `Type/id` key.
    case key(String)
    /// The entry with this `fullUrl`.
    case url(String)
  }

  /// Calls `body` with what a reference that is not `#id` may lead to, first tried first, while
  /// it returns `true`: for `urn:` the entry with it as `fullUrl`; for an absolute URL the entry
  /// with it (then without `_history`) as `fullUrl`, then the resource whose `Type/id` ends it;
  /// for `Type/id` that resource, then the entry with that `fullUrl` against the referring
  /// entry's base (for entries known only by `fullUrl`). Shared by the in-memory index and the
  /// staging index on disk, which looks all of them up at once.
  static func forEachCandidate(
    _ literal: Literal, referrerFullURL: String?, _ body: (Candidate) throws -> Bool
  ) rethrows {
    switch literal.form {
    case .urn:
      _ = try body(.url(literal.text))
    case .absolute:
      guard try body(.url(literal.text)), try body(.url(literal.plain)), let typeID = literal.typeAndID else { return }
      _ = try body(.key(typeID))
    case .relative:
      if let typeID = literal.typeAndID, try !body(.key(typeID)) { return }
      if let base = referrerFullURL.flatMap(Self.base(of:)) { _ = try body(.url(base + literal.plain)) }
    case .contained, .identifier, .other:
      break
    }
  }

  /// A literal reference read once, byte by byte: how it is written, and its parts.
  struct Literal {
    /// The reference as written.
    let text: String
    /// How it is written.
    let form: UnresolvedReference.Form
    /// The reference without a trailing `/_history/n`.
    let plain: String
    /// `Type/id` from the last two segments of ``plain``, when they look like a resource type
    /// and an id (``ReferenceResolver/typeAndID(_:)``).
    let typeAndID: String?

    init(_ text: String) {
      self.text = text
      // An array of the bytes, made once: stepping through a string's `utf8` view costs several
      // times more, and making one array per question asked of the reference cost `convert --to
      // care` 3 % of its instructions (docs/benchmarks/job-2026-12-01.md, "Repairs only where an issue is").
      let bytes = Array(text.utf8)
      let plainBytes = ReferenceResolver.withoutHistory(bytes[...])
      let plain = plainBytes.count == bytes.count ? text : String(decoding: plainBytes, as: UTF8.self)
      let typeStart = ReferenceResolver.typeStart(plainBytes)
      self.plain = plain
      typeAndID = typeStart.map { $0 == 0 ? plain : String(decoding: plainBytes[$0...], as: UTF8.self) }
      form = ReferenceResolver.form(bytes, plain: plainBytes, hasType: typeStart != nil)
    }
  }

  /// How `reference` is written.
  static func form(_ reference: String) -> UnresolvedReference.Form { Literal(reference).form }

  /// How the reference of `bytes` is written, given its bytes without `_history` (`plain`) and
  /// whether their last two segments look like `Type/id`.
  private static func form(_ bytes: [UInt8], plain: ArraySlice<UInt8>, hasType: Bool) -> UnresolvedReference.Form {
    if bytes.first == UInt8(ascii: "#") { return .contained }
    if bytes.starts(with: "urn:uuid:".utf8) || bytes.starts(with: "urn:oid:".utf8) { return .urn }
    if hasScheme(bytes[...]) { return .absolute }
    if hasType && bytes.first != UInt8(ascii: "/") {
      return plain.count(where: { $0 == UInt8(ascii: "/") }) == 1 ? .relative : .other
    }
    return .other
  }

  /// Whether `bytes` contain `://` (an absolute URL).
  private static func hasScheme(_ bytes: ArraySlice<UInt8>) -> Bool {
    var previous: (UInt8, UInt8) = (0, 0)
    for byte in bytes {
      if byte == UInt8(ascii: "/") && previous == (UInt8(ascii: ":"), UInt8(ascii: "/")) { return true }
      previous = (previous.1, byte)
    }
    return false
  }

  /// `reference` without a trailing `/_history/n`.
  static func withoutHistory(_ reference: String) -> String { Literal(reference).plain }

  private static func withoutHistory(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
    // At least four segments, the last but one `_history`: drop the last two.
    let slashes = LastSlashes(bytes)
    guard let last = slashes.last, let second = slashes.second, slashes.third != nil,
      bytes[(second + 1)..<last].elementsEqual("_history".utf8)
    else { return bytes }
    return bytes[..<second]
  }

  /// `Type/id` from the last two segments, when they look like a resource type and an id.
  static func typeAndID(_ reference: String) -> String? {
    let bytes = Array(reference.utf8)
    guard let typeStart = typeStart(bytes[...]) else { return nil }
    return typeStart == 0 ? reference : String(decoding: bytes[typeStart...], as: UTF8.self)
  }

  /// Where the last but one segment starts, when the last two look like a resource type and
  /// an id: the type ASCII letters starting upper case, the id 1 to 64 ASCII letters, digits,
  /// `-` or `.`.
  private static func typeStart(_ bytes: ArraySlice<UInt8>) -> Int? {
    let slashes = LastSlashes(bytes)
    guard let last = slashes.last else { return nil }
    let typeStart = slashes.second.map { $0 + 1 } ?? bytes.startIndex
    let type = bytes[typeStart..<last], id = bytes[(last + 1)...]
    guard let first = type.first, first >= UInt8(ascii: "A") && first <= UInt8(ascii: "Z"), type.allSatisfy(isASCIILetter),
      !id.isEmpty, id.count <= 64,
      id.allSatisfy({ isASCIILetter($0) || isASCIIDigit($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") })
    else { return nil }
    return typeStart
  }

  /// The service base of an absolute `fullUrl` ending in `Type/id`, with a trailing slash.
  static func base(of fullUrl: String) -> String? {
    let bytes = Array(fullUrl.utf8)
    guard hasScheme(bytes[...]), let typeStart = typeStart(bytes[...]) else { return nil }
    return String(decoding: bytes[..<typeStart], as: UTF8.self)
  }

  /// The positions of the last three slashes of some bytes, last first (`nil` when there are fewer).
  private struct LastSlashes {
    var last: Int?
    var second: Int?
    var third: Int?

    init(_ bytes: ArraySlice<UInt8>) {
      var index = bytes.endIndex
      while index > bytes.startIndex && third == nil {
        index -= 1
        guard bytes[index] == UInt8(ascii: "/") else { continue }
        if last == nil { last = index } else if second == nil { second = index } else { third = index }
      }
    }
  }

  private static func isASCIILetter(_ byte: UInt8) -> Bool {
    (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
  }

  private static func isASCIIDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }
}

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
    let form = Self.form(reference)
    if form == .contained {
      let id = String(reference.dropFirst())
      for resource in referrer.resource.contained where !id.isEmpty && resource.id == id {
        return .found(IndexedResource(key: referrer.key + "#" + id, fullUrl: nil, resource: resource))
      }
      return .notFound(form)
    }
    let key = Self.targetKey(
      reference, form: form, referrerFullURL: referrer.fullUrl, hasKey: { index[$0] != nil },
      keyForURL: { index.key(forFullURL: $0) })
    if let key, let found = index[key] { return .found(found) }
    return .notFound(form)
  }

  /// The key of the resource a reference that is not `#id` leads to, found with `hasKey` (is
  /// there a resource with this `Type/id` key) and `keyForURL` (the key of the entry with this
  /// `fullUrl`): its first candidate (``forEachCandidate(_:form:referrerFullURL:_:)``) found.
  static func targetKey(
    _ reference: String, form: UnresolvedReference.Form, referrerFullURL: String?, hasKey: (String) -> Bool,
    keyForURL: (String) -> String?
  ) -> String? {
    var found: String?
    forEachCandidate(reference, form: form, referrerFullURL: referrerFullURL) { candidate in
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
    _ reference: String, form: UnresolvedReference.Form, referrerFullURL: String?,
    _ body: (Candidate) throws -> Bool
  ) rethrows {
    switch form {
    case .urn:
      _ = try body(.url(reference))
    case .absolute:
      let plain = Self.withoutHistory(reference)
      guard try body(.url(reference)), try body(.url(plain)), let typeID = Self.typeAndID(plain) else { return }
      _ = try body(.key(typeID))
    case .relative:
      let plain = Self.withoutHistory(reference)
      if let typeID = Self.typeAndID(plain), try !body(.key(typeID)) { return }
      if let base = referrerFullURL.flatMap(Self.base(of:)) { _ = try body(.url(base + plain)) }
    case .contained, .identifier, .other:
      break
    }
  }

  /// How `reference` is written.
  static func form(_ reference: String) -> UnresolvedReference.Form {
    // An array of the bytes: stepping through a string's `utf8` view costs several times more.
    let bytes = Array(reference.utf8)
    if bytes.first == UInt8(ascii: "#") { return .contained }
    if bytes.starts(with: "urn:uuid:".utf8) || bytes.starts(with: "urn:oid:".utf8) { return .urn }
    if hasScheme(bytes[...]) { return .absolute }
    let plain = withoutHistory(bytes[...])
    if typeStart(plain) != nil && bytes.first != UInt8(ascii: "/") {
      return plain.count(where: { $0 == UInt8(ascii: "/") }) == 1 ? .relative : .other
    }
    return .other
  }

  /// Whether `reference` contains `://` (an absolute URL).
  static func hasScheme(_ reference: String) -> Bool { hasScheme(Array(reference.utf8)[...]) }

  private static func hasScheme(_ bytes: ArraySlice<UInt8>) -> Bool {
    var previous: (UInt8, UInt8) = (0, 0)
    for byte in bytes {
      if byte == UInt8(ascii: "/") && previous == (UInt8(ascii: ":"), UInt8(ascii: "/")) { return true }
      previous = (previous.1, byte)
    }
    return false
  }

  /// `reference` without a trailing `/_history/n`.
  static func withoutHistory(_ reference: String) -> String {
    let bytes = Array(reference.utf8)
    let plain = withoutHistory(bytes[...])
    return plain.count == bytes.count ? reference : String(decoding: plain, as: UTF8.self)
  }

  private static func withoutHistory(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
    // At least four segments, the last but one `_history`: drop the last two.
    let slashes = lastSlashes(bytes, count: 3)
    guard slashes.count == 3, bytes[(slashes[1] + 1)..<slashes[0]].elementsEqual("_history".utf8) else { return bytes }
    return bytes[..<slashes[1]]
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
    let slashes = lastSlashes(bytes, count: 2)
    guard let last = slashes.first else { return nil }
    let typeStart = slashes.count == 2 ? slashes[1] + 1 : bytes.startIndex
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

  /// The positions of the last `count` slashes of `bytes`, last first (fewer when it has fewer).
  private static func lastSlashes(_ bytes: ArraySlice<UInt8>, count: Int) -> [Int] {
    var found: [Int] = []
    found.reserveCapacity(count)
    var index = bytes.endIndex
    while index > bytes.startIndex && found.count < count {
      index -= 1
      if bytes[index] == UInt8(ascii: "/") { found.append(index) }
    }
    return found
  }

  private static func isASCIILetter(_ byte: UInt8) -> Bool {
    (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
  }

  private static func isASCIIDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }
}

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
  /// `fullUrl`). Shared by the in-memory index and the on-disk staging.
  static func targetKey(
    _ reference: String, form: UnresolvedReference.Form, referrerFullURL: String?, hasKey: (String) -> Bool,
    keyForURL: (String) -> String?
  ) -> String? {
    switch form {
    case .urn:
      return keyForURL(reference)
    case .absolute:
      let plain = Self.withoutHistory(reference)
      for url in [reference, plain] {
        if let key = keyForURL(url) { return key }
      }
      if let typeID = Self.typeAndID(plain), hasKey(typeID) { return typeID }
    case .relative:
      let plain = Self.withoutHistory(reference)
      if let typeID = Self.typeAndID(plain), hasKey(typeID) { return typeID }
      // Against the referring entry's base, for entries known only by fullUrl.
      if let base = referrerFullURL.flatMap(Self.base(of:)), let key = keyForURL(base + plain) { return key }
    case .contained, .identifier, .other:
      break
    }
    return nil
  }

  /// How `reference` is written.
  static func form(_ reference: String) -> UnresolvedReference.Form {
    let bytes = reference.utf8
    if bytes.first == UInt8(ascii: "#") { return .contained }
    if bytes.starts(with: "urn:uuid:".utf8) || bytes.starts(with: "urn:oid:".utf8) { return .urn }
    if hasScheme(reference) { return .absolute }
    let plain = withoutHistory(reference)
    if typeAndID(plain) != nil && bytes.first != UInt8(ascii: "/") {
      return plain.utf8.count(where: { $0 == UInt8(ascii: "/") }) == 1 ? .relative : .other
    }
    return .other
  }

  /// Whether `reference` contains `://` (an absolute URL).
  static func hasScheme(_ reference: String) -> Bool {
    var previous: (UInt8, UInt8) = (0, 0)
    for byte in reference.utf8 {
      if byte == UInt8(ascii: "/") && previous == (UInt8(ascii: ":"), UInt8(ascii: "/")) { return true }
      previous = (previous.1, byte)
    }
    return false
  }

  /// `reference` without a trailing `/_history/n`.
  static func withoutHistory(_ reference: String) -> String {
    // At least four segments, the last but one `_history`: drop the last two.
    let slashes = lastSlashes(reference, count: 3)
    guard slashes.count == 3 else { return reference }
    let bytes = reference.utf8
    let segment = bytes[bytes.index(after: slashes[1])..<slashes[0]]
    guard segment.elementsEqual("_history".utf8) else { return reference }
    return String(reference[..<slashes[1]])
  }

  /// `Type/id` from the last two segments, when they look like a resource type and an id.
  static func typeAndID(_ reference: String) -> String? {
    guard let typeStart = typeStart(reference) else { return nil }
    return typeStart == reference.startIndex ? reference : String(reference[typeStart...])
  }

  /// Where the last but one segment starts, when the last two look like a resource type and
  /// an id: the type ASCII letters starting upper case, the id 1 to 64 ASCII letters, digits,
  /// `-` or `.`.
  private static func typeStart(_ reference: String) -> String.Index? {
    let bytes = reference.utf8
    let slashes = lastSlashes(reference, count: 2)
    guard let last = slashes.first else { return nil }
    let typeStart = slashes.count == 2 ? bytes.index(after: slashes[1]) : bytes.startIndex
    let type = bytes[typeStart..<last], id = bytes[bytes.index(after: last)...]
    guard let first = type.first, first >= UInt8(ascii: "A") && first <= UInt8(ascii: "Z"), type.allSatisfy(isASCIILetter),
      !id.isEmpty, id.count <= 64,
      id.allSatisfy({ isASCIILetter($0) || isASCIIDigit($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") })
    else { return nil }
    return typeStart
  }

  /// The service base of an absolute `fullUrl` ending in `Type/id`, with a trailing slash.
  static func base(of fullUrl: String) -> String? {
    guard hasScheme(fullUrl), let typeStart = typeStart(fullUrl) else { return nil }
    return String(fullUrl[..<typeStart])
  }

  /// The positions of the last `count` slashes of `text`, last first (fewer when it has fewer).
  private static func lastSlashes(_ text: String, count: Int) -> [String.Index] {
    var found: [String.Index] = []
    found.reserveCapacity(count)
    let bytes = text.utf8
    var index = bytes.endIndex
    while index > bytes.startIndex && found.count < count {
      bytes.formIndex(before: &index)
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

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
    if reference.hasPrefix("#") { return .contained }
    if reference.hasPrefix("urn:uuid:") || reference.hasPrefix("urn:oid:") { return .urn }
    if reference.contains("://") { return .absolute }
    if typeAndID(withoutHistory(reference)) != nil && !reference.hasPrefix("/") {
      return withoutHistory(reference).split(separator: "/").count == 2 ? .relative : .other
    }
    return .other
  }

  /// `reference` without a trailing `/_history/n`.
  static func withoutHistory(_ reference: String) -> String {
    let parts = reference.split(separator: "/", omittingEmptySubsequences: false)
    if parts.count >= 4, parts[parts.count - 2] == "_history" {
      return parts.dropLast(2).joined(separator: "/")
    }
    return reference
  }

  /// `Type/id` from the last two segments, when they look like a resource type and an id.
  static func typeAndID(_ reference: String) -> String? {
    let parts = reference.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count >= 2 else { return nil }
    let type = parts[parts.count - 2], id = parts[parts.count - 1]
    guard let first = type.first, first.isUppercase, type.allSatisfy({ $0.isLetter && $0.isASCII }), !id.isEmpty,
      id.count <= 64, id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".") })
    else { return nil }
    return type + "/" + id
  }

  /// The service base of an absolute `fullUrl` ending in `Type/id`, with a trailing slash.
  static func base(of fullUrl: String) -> String? {
    guard fullUrl.contains("://"), typeAndID(fullUrl) != nil else { return nil }
    let parts = fullUrl.split(separator: "/", omittingEmptySubsequences: false)
    return parts.dropLast(2).joined(separator: "/") + "/"
  }
}

import FHIRCoders
import FHIRCore
import Foundation

/// The input's resources after de-duplication, found by `Type/id` or by `fullUrl`.
///
/// The same resource seen twice — the same `Type/id`, or the same `fullUrl` — is kept once: the
/// newer `meta.versionId` (when both are integers and differ), else the later `meta.lastUpdated`,
/// else (for an order-independent result) the one whose compact JSON sorts last.
struct ResourceIndex {
  private(set) var byKey: [String: IndexedResource] = [:]
  private var keyByFullURL: [String: String] = [:]
  /// Resources read, per type.
  private(set) var read: [String: Int] = [:]
  /// Resources dropped as duplicates, per type.
  private(set) var duplicates: [String: Int] = [:]
  /// Keys of resources present only as reference targets (a staged partition's Medications
  /// from other partitions): they are followed, never converted or counted.
  private(set) var guests: Set<String> = []
  /// The kept resources that have each identifier, for logical references.
  private(set) var holders: [LogicalIdentifier: [LogicalIdentifier.Holder]] = [:]

  init(_ entries: [PipelineInput.Entry]) {
    for entry in entries { add(entry) }
    for key in byKey.keys.sorted() {
      let resource = byKey[key]!
      for identifier in resource.resource.identifiers {
        holders[identifier, default: []].append(LogicalIdentifier.Holder(type: resource.type, key: key))
      }
    }
  }

  /// An index of resources already de-duplicated (a staged partition): `urls` maps each
  /// `fullUrl` to its key, `guests` are reference targets only, `holders` the resources of the
  /// whole input that have the identifiers logical references name.
  init(
    resources: [IndexedResource], urls: [String: String], guests: Set<String>,
    holders: [LogicalIdentifier: [LogicalIdentifier.Holder]] = [:]
  ) {
    for resource in resources { byKey[resource.key] = resource }
    keyByFullURL = urls
    self.guests = guests
    self.holders = holders
  }

  /// The kept resources that are not guests, sorted by key.
  var sorted: [IndexedResource] { byKey.keys.sorted().filter { !guests.contains($0) }.map { byKey[$0]! } }

  /// The resource with `key`.
  subscript(key: String) -> IndexedResource? { byKey[key] }

  /// The key of the resource whose entry had `fullUrl`.
  func key(forFullURL fullUrl: String) -> String? { keyByFullURL[fullUrl] }

  private mutating func add(_ entry: PipelineInput.Entry) {
    let type = entry.resource.resourceType ?? "?"
    read[type, default: 0] += 1
    var key = Self.key(of: entry.resource, fullUrl: entry.fullUrl) { entry.resource.canonicalBytes }
    if let url = entry.fullUrl, let known = keyByFullURL[url] { key = known }
    let candidate = IndexedResource(
      key: key, fullUrl: entry.fullUrl, resource: entry.resource, source: entry.source, originalJSON: entry.originalJSON)
    if let existing = byKey[key] {
      duplicates[type, default: 0] += 1
      if Self.isNewer(candidate.resource, than: existing.resource) {
        byKey[key] = IndexedResource(
          key: key, fullUrl: existing.fullUrl ?? candidate.fullUrl, resource: candidate.resource, source: candidate.source,
          originalJSON: candidate.originalJSON)
      }
    } else {
      byKey[key] = candidate
    }
    if let url = entry.fullUrl, keyByFullURL[url] == nil { keyByFullURL[url] = key }
  }

  /// The key of a resource before `fullUrl` de-duplication: `Type/id`, else `url:<fullUrl>`,
  /// else `anon:<Type>:<hash of its compact JSON>`.
  static func key(of resource: PipelineResource, fullUrl: String?, canonicalBytes: () -> [UInt8]) -> String {
    let type = resource.resourceType ?? "?"
    if let id = resource.id { return type + "/" + id }
    if let url = fullUrl { return "url:" + url }
    return "anon:" + type + ":" + hash(canonicalBytes())
  }

  /// Whether `a` is a newer version than `b` (see the type's documentation).
  static func isNewer(_ a: PipelineResource, than b: PipelineResource) -> Bool {
    let (va, vb) = (a.version, b.version)
    if let x = va.versionId.flatMap({ Int($0) }), let y = vb.versionId.flatMap({ Int($0) }), x != y { return x > y }
    switch (date(va.lastUpdated), date(vb.lastUpdated)) {
    case (let x?, let y?) where x != y: return x > y
    case (.some, nil): return true
    case (nil, .some): return false
    default: break
    }
    let (ba, bb) = (a.canonicalBytes, b.canonicalBytes)
    return ba != bb && !ba.lexicographicallyPrecedes(bb)
  }

  static func date(_ text: String?) -> Date? {
    guard let text else { return nil }
    return FHIRDates.point(FHIRInstant(uncheckedString: text).components, zone: TimeZone(secondsFromGMT: 0)!)?.date
  }

  /// FNV-1a of `bytes`, in hex (a key for resources with neither id nor fullUrl).
  static func hash(_ bytes: [UInt8]) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    return String(hash, radix: 16)
  }
}

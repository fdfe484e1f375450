import FHIRKit

/// Counts what a stream of FHIR JSON holds: resources by type and release, Bundles,
/// bytes, errors. It reads only `resourceType`, `type` and structure, never values, so its
/// report carries no patient data.
final class ResourceInventory {
  private(set) var resourceCounts: [String: Int] = [:]
  private(set) var bundleCounts: [String: Int] = [:]
  private(set) var resources = 0
  private(set) var errors = 0
  /// Resources by detected release (`R4`, `DSTU2`, `unknown`).
  private(set) var releaseCounts: [String: Int] = [:]

  /// Counts the resource (or Bundle shell) whose tokens start at index 0.
  func addTopLevel(_ tokens: JSONTokens) {
    guard let type = Self.member("resourceType", of: tokens, at: 0).flatMap({ Self.string(tokens, at: $0) }) else {
      countResource("(no resourceType)")
      return
    }
    if type == "Bundle" {
      let bundleType = Self.member("type", of: tokens, at: 0).flatMap { Self.string(tokens, at: $0) } ?? "(no type)"
      bundleCounts[bundleType, default: 0] += 1
      // Entries of a Bundle read whole (not streamed) are inside these tokens.
      if let entries = Self.member("entry", of: tokens, at: 0), tokens[entries].kind == .arrayStart {
        var index = entries + 1
        while index < tokens.endIndex(ofValueAt: entries) {
          addEntry(tokens, at: index)
          index = tokens.endIndex(ofValueAt: index) + 1
        }
      }
    } else {
      countResource(type)
      countRelease(of: tokens)
    }
  }

  /// Counts the resource of the Bundle entry whose tokens start at `index`.
  func addEntry(_ tokens: JSONTokens, at index: Int = 0) {
    guard let resource = Self.member("resource", of: tokens, at: index) else { return }
    if tokens[resource].kind == .objectStart,
      let type = Self.member("resourceType", of: tokens, at: resource).flatMap({ Self.string(tokens, at: $0) })
    {
      if type == "Bundle" {
        bundleCounts[Self.member("type", of: tokens, at: resource).flatMap { Self.string(tokens, at: $0) } ?? "(no type)", default: 0] += 1
      } else {
        countResource(type)
        countRelease(of: tokens)
      }
    } else {
      countResource("(no resourceType)")
    }
  }

  private func countRelease(of tokens: JSONTokens) {
    let release = ReleaseDetector.detect(tokens).release.map(\.description) ?? "unknown"
    releaseCounts[release, default: 0] += 1
  }

  func addError() {
    errors += 1
  }

  /// Adds another inventory's counts to this one.
  func merge(_ other: ResourceInventory) {
    resourceCounts.merge(other.resourceCounts, uniquingKeysWith: +)
    bundleCounts.merge(other.bundleCounts, uniquingKeysWith: +)
    resources += other.resources
    errors += other.errors
    releaseCounts.merge(other.releaseCounts, uniquingKeysWith: +)
  }

  private func countResource(_ type: String) {
    resources += 1
    resourceCounts[type, default: 0] += 1
  }

  /// The index of the value of member `key` of the object starting at `object`.
  static func member(_ key: String, of tokens: JSONTokens, at object: Int) -> Int? {
    guard tokens[object].kind == .objectStart else { return nil }
    let end = tokens.endIndex(ofValueAt: object)
    var index = object + 1
    while index < end {
      if tokens.text(at: index, equals: key.utf8) { return index + 1 }
      index = tokens.endIndex(ofValueAt: index + 1) + 1
    }
    return nil
  }

  private static func string(_ tokens: JSONTokens, at index: Int) -> String? {
    tokens[index].kind == .string ? tokens.string(at: index) : nil
  }
}

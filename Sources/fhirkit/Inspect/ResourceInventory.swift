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
    guard let type = tokens.memberIndex("resourceType", ofObjectAt: 0).flatMap({ Self.string(tokens, at: $0) }) else {
      countResource("(no resourceType)")
      return
    }
    if type == "Bundle" {
      let bundleType = tokens.memberIndex("type", ofObjectAt: 0).flatMap { Self.string(tokens, at: $0) } ?? "(no type)"
      bundleCounts[bundleType, default: 0] += 1
      // The framing hands out a Bundle's entries on their own; any left inside are counted here.
      if let entries = tokens.memberIndex("entry", ofObjectAt: 0), tokens[entries].kind == .arrayStart {
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
    guard let resource = tokens.memberIndex("resource", ofObjectAt: index) else { return }
    if tokens[resource].kind == .objectStart,
      let type = tokens.memberIndex("resourceType", ofObjectAt: resource).flatMap({ Self.string(tokens, at: $0) })
    {
      if type == "Bundle" {
        bundleCounts[tokens.memberIndex("type", ofObjectAt: resource).flatMap { Self.string(tokens, at: $0) } ?? "(no type)", default: 0] += 1
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

  private static func string(_ tokens: JSONTokens, at index: Int) -> String? {
    tokens[index].kind == .string ? tokens.string(at: index) : nil
  }
}

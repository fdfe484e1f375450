import FHIRKit

/// What an input Bundle holds besides its entries' resources — its own members (`type`,
/// `link`, `id`, `meta`, `signature`, …) and its entries' (`fullUrl`, `request`, `response`,
/// `search`) — as element paths and counts, never values: what `convert` reports when its
/// output has no place for them (``ResourceOutput/envelopesNotWritten``).
struct BundleEnvelope: Equatable {
  /// The input's name.
  var source = ""
  /// `Bundle.type`, `Bundle.entry.request`, … and how many times each occurs.
  var paths: [String: Int] = [:]

  /// Counts the members of the entry in `tokens` (at index 0) but its `resource`, and but
  /// its `fullUrl` when the output keeps it.
  mutating func addEntry(_ tokens: JSONTokens, keepingFullUrl: Bool) {
    for key in tokens.memberKeys(ofObjectAt: 0) where key != "resource" && !(keepingFullUrl && key == "fullUrl") {
      paths["Bundle.entry." + key, default: 0] += 1
    }
  }

  /// Counts the Bundle's own members in `tokens` (its value after its entries were handed
  /// out), but `resourceType` and `entry`.
  mutating func addBundle(_ tokens: JSONTokens) {
    for key in tokens.memberKeys(ofObjectAt: 0) where key != "resourceType" && key != "entry" {
      paths["Bundle." + key, default: 0] += 1
    }
  }

  /// `entry.request ×3, link, type`: the paths in order, without `Bundle.`, with counts above one.
  var summary: String {
    paths.sorted { $0.key < $1.key }.map { path, count in
      String(path.dropFirst("Bundle.".count)) + (count > 1 ? " ×\(count)" : "")
    }.joined(separator: ", ")
  }
}

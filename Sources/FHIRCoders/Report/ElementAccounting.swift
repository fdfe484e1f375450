public import FHIRCore
import FHIRJSON

/// Accounts for every element of a resource: each leaf of its JSON that the coder did not
/// record as mapped (itself or an ancestor) is recorded as dropped.
///
/// The resource is written once and its tokens walked once; paths are built as bytes in
/// one buffer, a mapped element's subtree is skipped, and only the distinct dropped paths
/// become `String`s. (A path counts as mapped when it, or a path it extends by `.key`, is.)
public enum ElementAccounting {
  /// Walks `resource`'s JSON and records unmapped leaves as dropped under `root`.
  /// - Parameters:
  ///   - resource: The FHIR value that was decoded.
  ///   - root: The path prefix (`"Patient"`, `"CarePlan.activity"`).
  ///   - report: The report holding what was mapped; dropped paths are added to it.
  public static func account<R: FHIREncodable>(_ resource: R, root: String, in report: inout ConversionReport) {
    let bytes = resource.jsonBytes()
    guard let tokens = try? bytes.withUnsafeBytes({ try JSONTokens(parsing: $0) }) else {
      report.dropped(root)
      return
    }
    guard !report.isMapped(root) else { return }
    var walker = Walker(mapped: Set(report.mapped.keys.map { PathKey(Array($0.utf8)) }))
    var path = Array(root.utf8)
    walker.walk(tokens, at: 0, path: &path, isRoot: true)
    for (pathKey, count) in walker.seen {
      let path = String(decoding: pathKey.bytes, as: UTF8.self)
      for _ in 0..<count { report.dropped(path) }
    }
  }

  private static let careBase = Array(CareExtensions.base.utf8)

  /// Counts the unmapped leaves of a resource's tokens by path.
  struct Walker {
    /// The paths recorded as mapped, as UTF-8.
    let mapped: Set<PathKey>
    /// Unmapped leaves counted per path.
    var seen: [PathKey: Int] = [:]

    /// Counts the leaves of the value at `index` under `path` (members append `.key`),
    /// skipping mapped members and care extensions (objects whose `url` is under
    /// ``CareExtensions/base``).
    mutating func walk(_ tokens: JSONTokens, at index: Int, path: inout [UInt8], isRoot: Bool) {
      switch tokens[index].kind {
      case .objectStart:
        let end = tokens.endIndex(ofValueAt: index)
        if ElementAccounting.isCareExtension(tokens, objectAt: index, end: end) { return }
        var member = index + 1
        while member < end {
          if !(isRoot && tokens.text(at: member, equals: "resourceType".utf8)) {
            let length = path.count
            path.append(UInt8(ascii: "."))
            tokens.withText(at: member) { path.append(contentsOf: $0) }
            if !mapped.contains(PathKey(path)) { walk(tokens, at: member + 1, path: &path, isRoot: false) }
            path.removeLast(path.count - length)
          }
          member = tokens.endIndex(ofValueAt: member + 1) + 1
        }
      case .arrayStart:
        let end = tokens.endIndex(ofValueAt: index)
        var element = index + 1
        while element < end {
          walk(tokens, at: element, path: &path, isRoot: false)
          element = tokens.endIndex(ofValueAt: element) + 1
        }
      case .null:
        break
      default:
        seen[PathKey(path), default: 0] += 1
      }
    }
  }

  /// A path's UTF-8 bytes as a set or dictionary key, hashed in one call rather than byte by byte.
  struct PathKey: Hashable {
    var bytes: [UInt8]

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    func hash(into hasher: inout Hasher) {
      bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }
  }

  /// Whether the object's first `url` member is a string under ``CareExtensions/base``.
  static func isCareExtension(_ tokens: JSONTokens, objectAt index: Int, end: Int) -> Bool {
    var member = index + 1
    while member < end {
      if tokens.text(at: member, equals: "url".utf8) {
        return tokens[member + 1].kind == .string && tokens.withText(at: member + 1) { $0.starts(with: careBase) }
      }
      member = tokens.endIndex(ofValueAt: member + 1) + 1
    }
    return false
  }
}

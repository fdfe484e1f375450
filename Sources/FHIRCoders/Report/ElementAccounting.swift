public import FHIRCore
import FHIRJSON

/// Accounts for every element of a resource: each leaf of its JSON that the coder did not
/// record as mapped (itself or an ancestor) is recorded as dropped.
///
/// The resource is written once and its tokens walked once. Paths are built as bytes in
/// one buffer with a running hash, a mapped element's subtree is skipped, and only the
/// distinct dropped paths become `String`s. (A path counts as mapped when it, or a path
/// it extends by `.key`, is.)
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
    var walker = Walker(mapped: report.mapped.keys.map { PathKey(Array($0.utf8)) })
    var path = PathKey(Array(root.utf8))
    walker.walk(tokens, at: 0, path: &path, isRoot: true)
    for (pathKey, count) in walker.seen {
      let path = String(decoding: pathKey.bytes, as: UTF8.self)
      for _ in 0..<count { report.dropped(path) }
    }
  }

  private static let careBase = Array(CareExtensions.base.utf8)

  /// Counts the unmapped leaves of a resource's tokens by path.
  struct Walker {
    /// The paths recorded as mapped (few: searched in order, by digest first).
    let mapped: [PathKey]
    /// Unmapped leaves counted per path.
    var seen: [PathKey: Int] = [:]

    /// Counts the leaves of the value at `index` under `path` (members append `.key`),
    /// skipping mapped members and care extensions (objects whose `url` is under
    /// ``CareExtensions/base``).
    mutating func walk(_ tokens: JSONTokens, at index: Int, path: inout PathKey, isRoot: Bool) {
      switch tokens[index].kind {
      case .objectStart:
        let end = tokens.endIndex(ofValueAt: index)
        if ElementAccounting.isCareExtension(tokens, objectAt: index, end: end) { return }
        var member = index + 1
        while member < end {
          if !(isRoot && tokens.text(at: member, equals: "resourceType".utf8)) {
            let saved = path.mark
            path.append(UInt8(ascii: "."))
            tokens.withText(at: member) { path.append(contentsOf: $0) }
            if !mapped.contains(path) { walk(tokens, at: member + 1, path: &path, isRoot: false) }
            path.restore(saved)
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
        seen[path, default: 0] += 1
      }
    }
  }

  /// A path's UTF-8 bytes with their FNV-1a digest, kept up to date as bytes are appended,
  /// so that a path is never hashed from its start again.
  struct PathKey: Hashable {
    private(set) var bytes: [UInt8]
    private(set) var digest: UInt64 = 0xcbf2_9ce4_8422_2325

    init(_ bytes: [UInt8]) {
      self.bytes = []
      append(contentsOf: bytes)
    }

    mutating func append(_ byte: UInt8) {
      bytes.append(byte)
      digest = (digest ^ UInt64(byte)) &* 0x100_0000_01b3
    }

    mutating func append(contentsOf more: some Sequence<UInt8>) {
      for byte in more { append(byte) }
    }

    /// The path's length and digest, to come back to with ``restore(_:)``.
    var mark: (count: Int, digest: UInt64) { (bytes.count, digest) }

    /// Goes back to an earlier, shorter state of this path.
    mutating func restore(_ mark: (count: Int, digest: UInt64)) {
      bytes.removeLast(bytes.count - mark.count)
      digest = mark.digest
    }

    static func == (lhs: PathKey, rhs: PathKey) -> Bool {
      lhs.digest == rhs.digest && lhs.bytes == rhs.bytes
    }

    func hash(into hasher: inout Hasher) {
      hasher.combine(digest)
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

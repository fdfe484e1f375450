import FHIRJSON

/// One walk of ``ElementAccounting``: reads a resource's tokens and counts its unmapped leaves
/// by path.
///
/// A leaf is counted under its object's path and its key (``Member``), so that no path string is
/// built per leaf; an object's path is built once, when the walk enters it. The report's mapped
/// paths are looked up only in objects that a mapped path lies below (``aboveMapped``): in the
/// others nothing can be mapped.
struct AccountingWalk {
  /// A member of an object: the object's path and the member's key.
  struct Member: Hashable {
    var parent: String
    var key: String

    /// The member's path (`Patient.name` + `given` → `Patient.name.given`).
    var path: String { parent + "." + key }
  }

  /// The tokens walked.
  let tokens: JSONTokens
  /// The paths the coder recorded as mapped (their subtrees are skipped).
  private let mapped: [String: Int]
  /// Every path that a mapped path extends by one or more `.key` (`Observation` and
  /// `Observation.valuePeriod` for `Observation.valuePeriod.start`).
  private let aboveMapped: Set<Substring>
  /// The unmapped leaves counted so far, by member (several members may share a path, when
  /// a key holds a `.`).
  private(set) var dropped: [Member: Int] = [:]

  /// A walk that skips what `mapped` holds.
  init(tokens: JSONTokens, mapped: [String: Int]) {
    self.tokens = tokens
    self.mapped = mapped
    var aboveMapped: Set<Substring> = []
    aboveMapped.reserveCapacity(mapped.count)
    for path in mapped.keys {
      var prefix = Substring(path)
      while let dot = prefix.utf8.lastIndex(of: UInt8(ascii: ".")) {
        prefix = prefix[..<dot]
        // A prefix met before has its own prefixes in the set already.
        if !aboveMapped.insert(prefix).inserted { break }
      }
    }
    self.aboveMapped = aboveMapped
    dropped.reserveCapacity(32)
  }

  /// Walks the members of the object at `index`, whose path is `path`.
  mutating func walkObject(at index: Int, path: String, isRoot: Bool) {
    let end = tokens.endIndex(ofValueAt: index)
    guard !isCareExtension(objectAt: index, end: end) else { return }
    let checksMapped = aboveMapped.contains(Substring(path))
    var member = index + 1
    while member < end {
      let value = member + 1
      if !(isRoot && tokens.text(at: member, equals: "resourceType".utf8)) {
        let key = tokens.string(at: member)
        let childPath = checksMapped ? path + "." + key : nil
        if childPath.map({ mapped[$0] == nil }) ?? true {
          walkValue(at: value, member: Member(parent: path, key: key), path: childPath)
        }
      }
      member = tokens.endIndex(ofValueAt: value) + 1
    }
  }

  /// Walks the value at `index` of `member` (whose path is `path`, when already built): a leaf is
  /// counted, an object or array walked, `null` skipped.
  private mutating func walkValue(at index: Int, member: Member, path: String?) {
    switch tokens[index].kind {
    case .objectStart:
      walkObject(at: index, path: path ?? member.path, isRoot: false)
    case .arrayStart:
      let end = tokens.endIndex(ofValueAt: index)
      var path = path
      var element = index + 1
      while element < end {
        if tokens[element].kind == .objectStart && path == nil { path = member.path }
        walkValue(at: element, member: member, path: path)
        element = tokens.endIndex(ofValueAt: element) + 1
      }
    case .null:
      break
    default:
      dropped[member, default: 0] += 1
    }
  }

  /// Whether the object's first `url` member is a string under ``CareExtensions/base``: a care
  /// extension, which the coder reads itself.
  private func isCareExtension(objectAt index: Int, end: Int) -> Bool {
    var member = index + 1
    while member < end {
      let value = member + 1
      if tokens.text(at: member, equals: "url".utf8) {
        return tokens[value].kind == .string && tokens.string(at: value).utf8.starts(with: CareExtensions.base.utf8)
      }
      member = tokens.endIndex(ofValueAt: value) + 1
    }
    return false
  }
}

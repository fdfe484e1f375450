import FHIRJSON

/// One walk of ``ElementAccounting``: reads a resource's tokens and counts its unmapped leaves
/// by path number (``PathRegistry``).
///
/// A member's path is found from its parent's number and the digest of its key
/// (``FHIRJSON/JSONTokens/textDigest(at:)``) in the registry's table, taken once per walk: no
/// `String` is made per key or leaf, except for a path the process has not met before. Mapped
/// paths are looked up only in objects that a mapped path lies below (``aboveMapped``): in the
/// others nothing can be mapped.
struct AccountingWalk {
  /// The tokens walked.
  let tokens: JSONTokens
  /// The registry's paths as the walk started.
  let table: PathRegistry.Table
  /// The paths the coder recorded as mapped (their subtrees are skipped).
  private let mapped: [Int32: Int]
  /// Every path that a mapped path extends by one or more `.key` (`Observation` and
  /// `Observation.valuePeriod` for `Observation.valuePeriod.start`).
  private var aboveMapped: Set<Int32> = []
  /// The unmapped leaves counted so far, by path number.
  private(set) var dropped: [Int32: Int] = [:]

  /// A walk that skips what `mapped` holds.
  init(tokens: JSONTokens, mapped: [Int32: Int]) {
    self.tokens = tokens
    self.mapped = mapped
    table = PathRegistry.shared.table
    aboveMapped.reserveCapacity(mapped.count * 2)
    for id in mapped.keys {
      var parent = table.parents[Int(id)]
      // A parent met before has its own parents in the set already.
      while parent >= 0, aboveMapped.insert(parent).inserted { parent = table.parents[Int(parent)] }
    }
    dropped.reserveCapacity(32)
  }

  /// Walks the members of the object at `index`, whose path is numbered `node`.
  mutating func walkObject(at index: Int, node: Int32, isRoot: Bool) {
    let end = tokens.endIndex(ofValueAt: index)
    guard !isCareExtension(objectAt: index, end: end) else { return }
    let checksMapped = aboveMapped.contains(node)
    var member = index + 1
    while member < end {
      let value = member + 1
      if !(isRoot && tokens.text(at: member, equals: "resourceType".utf8)) {
        let child = self.child(of: node, keyAt: member)
        if !(checksMapped && mapped[child] != nil) { walkValue(at: value, node: child) }
      }
      member = tokens.endIndex(ofValueAt: value) + 1
    }
  }

  /// Walks the value at `index` of the member whose path is numbered `node`: a leaf is counted,
  /// an object or array walked, `null` skipped.
  private mutating func walkValue(at index: Int, node: Int32) {
    switch tokens[index].kind {
    case .objectStart:
      walkObject(at: index, node: node, isRoot: false)
    case .arrayStart:
      let end = tokens.endIndex(ofValueAt: index)
      var element = index + 1
      while element < end {
        walkValue(at: element, node: node)
        element = tokens.endIndex(ofValueAt: element) + 1
      }
    case .null:
      break
    default:
      dropped[node, default: 0] += 1
    }
  }

  /// The number of the path of the member whose key is at token `key`, below the path `parent`.
  private func child(of parent: Int32, keyAt key: Int) -> Int32 {
    let digest = tokens.textDigest(at: key)
    if let id = table.child(of: parent, keyDigest: digest, isKey: { tokens.text(at: key, equals: $0.utf8) }) {
      return id
    }
    return PathRegistry.shared.child(of: parent, key: tokens.string(at: key))
  }

  /// Whether the object's first `url` member is a string under ``CareExtensions/base``: a care
  /// extension, which the coder reads itself.
  private func isCareExtension(objectAt index: Int, end: Int) -> Bool {
    var member = index + 1
    while member < end {
      let value = member + 1
      if tokens.text(at: member, equals: "url".utf8) {
        return tokens[value].kind == .string && tokens.text(at: value, startsWith: CareExtensions.base.utf8)
      }
      member = tokens.endIndex(ofValueAt: value) + 1
    }
    return false
  }
}

import FHIRJSON

/// One walk of ``ElementAccounting``: reads a resource's tokens and counts its unmapped leaves
/// by path number (``PathRegistry``).
///
/// A member's path is found from its parent's number and the digest of its key
/// (``FHIRJSON/JSONTokens/textDigest(at:)``) in the registry's table, taken once per walk: no
/// `String` is made per key or leaf, except for a path the process has not met before. Mapped
/// paths are looked up only in objects that a mapped path lies below: in the others nothing can
/// be mapped.
struct AccountingWalk {
  /// The tokens walked.
  let tokens: JSONTokens
  /// The registry's paths as the walk started.
  private let table: PathRegistry.Table
  /// What the report's mapped paths say of each path known as the walk started, by number:
  /// ``mappedFlag``, ``aboveMappedFlag`` (a mapped path extends it by one or more `.key`, so its
  /// members' paths are looked up).
  private var flags: [UInt8]
  /// Unmapped leaves per path number, for the paths in ``touched``.
  private var counts: [Int32]
  /// The paths with unmapped leaves, in the order first met.
  private var touched: [Int32] = []

  private static let mappedFlag: UInt8 = 1
  private static let aboveMappedFlag: UInt8 = 2

  /// A walk that skips what `mapped` holds.
  init(tokens: JSONTokens, mapped: [Int32: Int]) {
    self.tokens = tokens
    let table = PathRegistry.shared.table
    self.table = table
    var flags = [UInt8](repeating: 0, count: table.count)
    for id in mapped.keys where Int(id) < flags.count {
      flags[Int(id)] |= Self.mappedFlag
      var parent = table.parents[Int(id)]
      // A parent met before has its own parents flagged already.
      while parent >= 0 && flags[Int(parent)] & Self.aboveMappedFlag == 0 {
        flags[Int(parent)] |= Self.aboveMappedFlag
        parent = table.parents[Int(parent)]
      }
    }
    self.flags = flags
    counts = [Int32](repeating: 0, count: table.count)
    touched.reserveCapacity(32)
  }

  /// Whether the path numbered `id`, or one containing it, is mapped.
  func isMapped(_ id: Int32) -> Bool {
    var id = id
    while id >= 0 && Int(id) < flags.count {
      if flags[Int(id)] & Self.mappedFlag != 0 { return true }
      id = table.parents[Int(id)]
    }
    return false
  }

  /// The unmapped leaves counted, by path number.
  var dropped: [(id: Int32, count: Int)] {
    touched.map { ($0, Int(counts[Int($0)])) }
  }

  /// Walks the members of the object at `index`, whose path is numbered `node`.
  mutating func walkObject(at index: Int, node: Int32, isRoot: Bool) {
    let end = tokens.endIndex(ofValueAt: index)
    guard !isCareExtension(objectAt: index, end: end) else { return }
    let checksMapped = Int(node) < flags.count && flags[Int(node)] & Self.aboveMappedFlag != 0
    var member = index + 1
    while member < end {
      let value = member + 1
      if !(isRoot && tokens.text(at: member, equals: "resourceType".utf8)) {
        let child = self.child(of: node, keyAt: member)
        if !(checksMapped && Int(child) < flags.count && flags[Int(child)] & Self.mappedFlag != 0) {
          walkValue(at: value, node: child)
        }
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
      if Int(node) >= counts.count { counts += [Int32](repeating: 0, count: Int(node) + 1 - counts.count) }
      if counts[Int(node)] == 0 { touched.append(node) }
      counts[Int(node)] += 1
    }
  }

  /// The number of the path of the member whose key is at token `key`, below the path `parent`.
  private func child(of parent: Int32, keyAt key: Int) -> Int32 {
    let digest = tokens.textDigest(at: key)
    if let id = table.child(of: parent, keyDigest: digest, isKey: { tokens.text(at: key, equalsBytes: $0) }) {
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

import FHIRJSON

/// One walk of ``ElementAccounting``: reads a resource's tokens and counts its unmapped leaves
/// by path.
///
/// The walk keeps the resource's paths as a small tree of nodes, each a member key below its
/// parent node, found by the key's digest and the parent (``JSONTokens/textDigest(at:)``), so
/// that no `String` is made per leaf or per key. A node's path becomes a `String` only where it
/// is needed: below an object that a mapped path lies under (``aboveMapped``: elsewhere nothing
/// can be mapped), and, at the end, for each path that has unmapped leaves.
struct AccountingWalk {
  /// A member path: its parent node, the token of the key it was first found with, its unmapped
  /// leaves, and what the report's mapped paths say of it.
  private struct Node {
    var parent: Int32
    var keyToken: Int32
    var leaves: Int = 0
    /// The report maps this path (its subtree is skipped).
    var isMapped = false
    /// A mapped path lies below this one (its members' paths are looked up).
    var isAboveMapped = false
  }

  /// The tokens walked.
  let tokens: JSONTokens
  /// The paths the coder recorded as mapped (their subtrees are skipped).
  private let mapped: [String: Int]
  /// Every path that a mapped path extends by one or more `.key` (`Observation` and
  /// `Observation.valuePeriod` for `Observation.valuePeriod.start`).
  private let aboveMapped: Set<Substring>
  /// The nodes; node 0 is the root.
  private var nodes: [Node] = []
  /// Each node's path, once made.
  private var paths: [String?] = []
  /// Node by digest of (parent, key); a key whose digest another key holds goes to `collided`.
  private var byDigest: [UInt64: Int32] = [:]
  private var collided: [CollidedKey: Int32] = [:]

  /// A node found by its parent and key text, when two keys share a digest.
  private struct CollidedKey: Hashable {
    var parent: Int32
    var key: String
  }

  /// A walk under `root` that skips what `mapped` holds.
  init(tokens: JSONTokens, root: String, mapped: [String: Int]) {
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
    nodes.reserveCapacity(64)
    paths.reserveCapacity(64)
    byDigest.reserveCapacity(64)
    nodes.append(Node(parent: -1, keyToken: -1, isAboveMapped: aboveMapped.contains(Substring(root))))
    paths.append(root)
  }

  /// The unmapped leaves counted, by path (a path may come twice, when a key holds a `.`).
  mutating func dropped() -> [(path: String, count: Int)] {
    var dropped: [(path: String, count: Int)] = []
    for node in nodes.indices where nodes[node].leaves > 0 {
      dropped.append((path(of: Int32(node)), nodes[node].leaves))
    }
    return dropped
  }

  /// Walks the members of the root object at `index`.
  mutating func walkRoot(at index: Int) {
    walkObject(at: index, node: 0, isRoot: true)
  }

  /// Walks the members of the object at `index`, whose path is `node`.
  private mutating func walkObject(at index: Int, node: Int32, isRoot: Bool) {
    let end = tokens.endIndex(ofValueAt: index)
    guard !isCareExtension(objectAt: index, end: end) else { return }
    var member = index + 1
    while member < end {
      let value = member + 1
      if !(isRoot && tokens.text(at: member, equals: "resourceType".utf8)) {
        let child = self.child(of: node, keyAt: member)
        if !nodes[Int(child)].isMapped { walkValue(at: value, node: child) }
      }
      member = tokens.endIndex(ofValueAt: value) + 1
    }
  }

  /// Walks the value at `index` of the member path `node`: a leaf is counted, an object or
  /// array walked, `null` skipped.
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
      nodes[Int(node)].leaves += 1
    }
  }

  /// The node of the member whose key is at token `key`, below `parent`; made when new.
  private mutating func child(of parent: Int32, keyAt key: Int) -> Int32 {
    let digest = tokens.textDigest(at: key) ^ (UInt64(UInt32(bitPattern: parent)) &* 0x9e37_79b9_7f4a_7c15)
    if let found = byDigest[digest] {
      let node = nodes[Int(found)]
      if node.parent == parent && tokens.text(at: key, equalsTextAt: Int(node.keyToken)) { return found }
      let collidedKey = CollidedKey(parent: parent, key: tokens.string(at: key))
      if let other = collided[collidedKey] { return other }
      let made = makeNode(parent: parent, keyAt: key)
      collided[collidedKey] = made
      return made
    }
    let made = makeNode(parent: parent, keyAt: key)
    byDigest[digest] = made
    return made
  }

  private mutating func makeNode(parent: Int32, keyAt key: Int) -> Int32 {
    var node = Node(parent: parent, keyToken: Int32(key))
    let made = Int32(nodes.count)
    nodes.append(node)
    paths.append(nil)
    if nodes[Int(parent)].isAboveMapped {
      let path = path(of: made)
      node.isMapped = mapped[path] != nil
      node.isAboveMapped = aboveMapped.contains(Substring(path))
      nodes[Int(made)] = node
    }
    return made
  }

  /// The path of `node` (`Patient.name` + `given` → `Patient.name.given`), made once.
  private mutating func path(of node: Int32) -> String {
    if let path = paths[Int(node)] { return path }
    let path = path(of: nodes[Int(node)].parent) + "." + tokens.string(at: Int(nodes[Int(node)].keyToken))
    paths[Int(node)] = path
    return path
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

import FHIRJSON

/// One walk of ``ElementAccounting``: reads a resource's tokens and lists the path number
/// (``PathRegistry``) of each of its unmapped leaves.
///
/// A member's path is found from its parent's number and its key's length and first 16 bytes
/// (``FHIRJSON/JSONTokens/textPrefix(at:)``) in the registry's table, taken once per walk: no
/// `String` is made per key or leaf, except for a path the process has not met before. Mapped
/// paths are looked up only in objects that a mapped path lies below: in the others nothing can
/// be mapped. The walk's own state is sized to the resource, not to the registry: the report's
/// mapped paths, and the path of each leaf it met.
struct AccountingWalk {
  /// The tokens walked.
  let tokens: JSONTokens
  /// The registry's paths (taken again when the walk adds one).
  private var table: PathRegistry.Table
  /// The mapped paths (the report's, a handful a resource).
  private let mapped: PathCounts
  /// The paths that a mapped path extends by one or more `.key`: their objects' members are
  /// looked up in ``mapped``.
  private let aboveMapped: [Int32]
  /// The path of each unmapped leaf, in the order met (a resource has a few dozen leaves, most
  /// of them on paths of their own: the report counts them).
  private(set) var leaves: [Int32] = []

  /// Keys the walk looks for (kept here: a `static let` is checked for being set on each read).
  private let resourceType = Self.resourceTypeKey
  private let url = Self.urlKey
  private static let resourceTypeKey = TextPrefix(Array("resourceType".utf8))
  private static let urlKey = TextPrefix(Array("url".utf8))

  /// A walk that skips what `mapped` holds.
  init(tokens: JSONTokens, mapped: PathCounts) {
    self.tokens = tokens
    let table = PathRegistry.shared.table
    self.table = table
    var aboveMapped: [Int32] = []
    aboveMapped.reserveCapacity(16)
    mapped.forEach { id, _ in
      guard Int(id) < table.count else { return }
      var parent = table.parents[Int(id)]
      // A parent met before has its own parents listed already.
      while parent >= 0 && !aboveMapped.contains(parent) {
        aboveMapped.append(parent)
        parent = table.parents[Int(parent)]
      }
    }
    self.mapped = mapped
    self.aboveMapped = aboveMapped
    leaves.reserveCapacity(64)
  }

  /// Whether the path numbered `id`, or one containing it, is mapped.
  func isMapped(_ id: Int32) -> Bool {
    var id = id
    while id >= 0 && Int(id) < table.count {
      if mapped[id] != nil { return true }
      id = table.parents[Int(id)]
    }
    return false
  }

  /// Walks the members of the object at `index`, whose path is numbered `node`; at the root,
  /// skips `resourceType`.
  ///
  /// An object whose first `url` member is a string under ``CareExtensions/base`` is a care
  /// extension, which the coder reads itself: the leaves listed for its members before `url`
  /// are taken back, and the rest is not walked.
  mutating func walkObject(at index: Int, node: Int32, isRoot: Bool = false) {
    let end = tokens.endIndex(ofValueAt: index)
    let checksMapped = aboveMapped.contains(node)
    let firstLeaf = leaves.count
    var looksForURL = true
    var member = index + 1
    while member < end {
      let value = member + 1
      let key = tokens.textPrefix(at: member)
      if looksForURL && key == url {
        looksForURL = false
        if tokens[value].kind == .string && tokens.text(at: value, startsWith: CareExtensions.base.utf8) {
          leaves.removeLast(leaves.count - firstLeaf)
          return
        }
      }
      if !(isRoot && key == resourceType) {
        let child = table.child(of: node, key: key, at: member, in: tokens) ?? addChild(of: node, keyAt: member)
        if !(checksMapped && mapped[child] != nil) {
          // Most members are leaves: listed here, without a call.
          if tokens[value].hasText || tokens[value].kind == .true || tokens[value].kind == .false {
            leaves.append(child)
          } else {
            walkValue(at: value, node: child)
          }
        }
      }
      member = tokens.endIndex(ofValueAt: value) + 1
    }
  }

  /// Walks the value at `index` of the member whose path is numbered `node`: a leaf is listed,
  /// an object or array walked, `null` skipped.
  private mutating func walkValue(at index: Int, node: Int32) {
    switch tokens[index].kind {
    case .objectStart:
      walkObject(at: index, node: node)
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
      leaves.append(node)
    }
  }

  /// Adds the path of the member whose key is at token `index`, below the path `parent`, to the
  /// registry (or finds it there, added since the walk took its table), and takes the table again.
  private mutating func addChild(of parent: Int32, keyAt index: Int) -> Int32 {
    // Not holding the table while the registry adds lets it grow its arrays in place.
    table = PathRegistry.Table()
    let id = PathRegistry.shared.child(of: parent, key: tokens.string(at: index))
    table = PathRegistry.shared.table
    return id
  }
}

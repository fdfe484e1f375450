import FHIRJSON
import Foundation

/// Element paths (`Patient.name.given`) as small integers, the same for every report and walk of
/// the process, so that reports count integers and a walk finds a member's path by its parent's
/// number and its key, without making a `String` of either.
///
/// Paths are added as they are first met and never removed: a process holds as many as the
/// distinct element paths it reads (a few thousand for real FHIR). Reads take a ``Table`` value
/// once (``table``) and look up in it without the lock; a path not in it is added under the lock.
final class PathRegistry: @unchecked Sendable {
  /// The registry of the process.
  static let shared = PathRegistry()

  /// The paths known at one moment: a value, so that a walk can read it while others add.
  ///
  /// An empty table (`Table()`) allocates nothing: a walk holds one while the registry adds a
  /// path, so that the registry's arrays are not shared then, and grow in place rather than
  /// being copied whole.
  struct Table {
    /// Each path's name, by id.
    fileprivate(set) var names: [String] = []
    /// Each path's parent (the path it extends by one `.key`), by id; -1 for a path without a dot.
    fileprivate(set) var parents: [Int32] = []
    /// Every path's last key (after its parent's name and a dot) as UTF-8, one after another:
    /// path `id`'s is `keyBytes[keyStarts[id] ..< keyStarts[id + 1]]`.
    fileprivate(set) var keyBytes: [UInt8] = []
    fileprivate(set) var keyStarts: [Int] = [0]
    /// Id by name.
    fileprivate(set) var ids: [String: Int32] = [:]
    /// The children index, open-addressed by the parent and the key's ``FHIRJSON/TextPrefix``
    /// (``PathRegistry/home(parent:key:mask:)``), kept at most half full (a power of two slots, none until the
    /// first child): a child's slot is its home slot, or the next free one after.
    fileprivate(set) var slots: [Slot] = []
    fileprivate var indexed = 0

    /// One child in the index.
    struct Slot {
      /// The child's key (enough to compare it when it is 16 bytes or less).
      var key = TextPrefix([])
      /// The parent's id.
      var parent: Int32 = 0
      /// The child's id + 1; 0 for a free slot.
      var child: Int32 = 0
    }

    /// The number of paths.
    var count: Int { names.count }

    /// The id of the child of `parent` whose key is the text of the key token at `index` in
    /// `tokens`, whose prefix is `key`, if known.
    func child(of parent: Int32, key: TextPrefix, at index: Int, in tokens: JSONTokens) -> Int32? {
      guard !slots.isEmpty else { return nil }
      let mask = slots.count - 1
      var slot = PathRegistry.home(parent: parent, key: key, mask: mask)
      while slots[slot].child != 0 {
        if slots[slot].key == key && slots[slot].parent == parent {
          let id = slots[slot].child - 1
          if key.count <= 16 || tokens.text(at: index, equals: keyBytes, in: keyStarts[Int(id)]..<keyStarts[Int(id) + 1]) {
            return id
          }
        }
        slot = (slot + 1) & mask
      }
      return nil
    }

    /// The id of the child of `parent` with `key`, if known.
    func child(of parent: Int32, key: String) -> Int32? {
      guard !slots.isEmpty else { return nil }
      let prefix = TextPrefix(Array(key.utf8))
      let mask = slots.count - 1
      var slot = PathRegistry.home(parent: parent, key: prefix, mask: mask)
      while slots[slot].child != 0 {
        if slots[slot].key == prefix && slots[slot].parent == parent {
          let id = Int(slots[slot].child - 1)
          if keyBytes[keyStarts[id]..<keyStarts[id + 1]].elementsEqual(key.utf8) { return Int32(id) }
        }
        slot = (slot + 1) & mask
      }
      return nil
    }

    /// Indexes `id` as the child of `parent` by `key`.
    fileprivate mutating func index(_ id: Int32, under parent: Int32, key: String) {
      if (indexed + 1) * 2 > slots.count { grow() }
      place(Slot(key: TextPrefix(Array(key.utf8)), parent: parent, child: id + 1))
      indexed += 1
    }

    /// Puts `slot` in the first free slot from its home.
    private mutating func place(_ slot: Slot) {
      let mask = slots.count - 1
      var index = PathRegistry.home(parent: slot.parent, key: slot.key, mask: mask)
      while slots[index].child != 0 { index = (index + 1) & mask }
      slots[index] = slot
    }

    /// Doubles the index (1,024 slots at first), placing every child again.
    private mutating func grow() {
      let old = slots
      slots = [Slot](repeating: Slot(), count: max(1024, old.count * 2))
      for slot in old where slot.child != 0 { place(slot) }
    }
  }

  private let lock = NSLock()
  private var current = Table()

  /// The paths known now.
  var table: Table { lock.withLock { current } }

  /// The id of `path`, added (with its prefixes) when new.
  func id(of path: String) -> Int32 {
    lock.withLock { Self.add(path, to: &current) }
  }

  /// The id of `path` if it is known, else of its longest known prefix of whole keys, else `nil`
  /// (adding nothing).
  func knownID(ofPathOrPrefix path: String) -> Int32? {
    lock.withLock {
      var path = Substring(path)
      while true {
        if let id = current.ids[String(path)] { return id }
        guard let dot = path.utf8.lastIndex(of: UInt8(ascii: ".")) else { return nil }
        path = path[..<dot]
      }
    }
  }

  /// The id of `parent`'s child with `key`, added when new.
  func child(of parent: Int32, key: String) -> Int32 {
    lock.withLock {
      if let id = current.child(of: parent, key: key) { return id }
      return Self.add(current.names[Int(parent)] + "." + key, to: &current, under: parent, key: key)
    }
  }

  /// Adds `path` to `table` (its prefixes first), or finds it. Given `parent` and `key`, the
  /// path is that child.
  private static func add(_ path: String, to table: inout Table, under parent: Int32? = nil, key: String? = nil) -> Int32 {
    // A path known already and reached again as a child is one whose key holds a dot: it is
    // found by name each time (rare), not indexed again.
    if let known = table.ids[path] { return known }
    var parentID: Int32 = -1
    var lastKey = path
    if let parent, let key {
      (parentID, lastKey) = (parent, key)
    } else if let dot = path.utf8.lastIndex(of: UInt8(ascii: ".")) {
      parentID = add(String(path[..<dot]), to: &table)
      lastKey = String(path[path.index(after: dot)...])
    }
    let id = Int32(table.names.count)
    table.names.append(path)
    table.parents.append(parentID)
    table.keyBytes.append(contentsOf: lastKey.utf8)
    table.keyStarts.append(table.keyBytes.count)
    table.ids[path] = id
    if parentID >= 0 { table.index(id, under: parentID, key: lastKey) }
    return id
  }

  /// The first slot tried for the child of `parent` with `key`, in an index of `mask + 1` slots.
  static func home(parent: Int32, key: TextPrefix, mask: Int) -> Int {
    Int(truncatingIfNeeded: key.mixed ^ (UInt64(UInt32(bitPattern: parent)) &* 0x9e37_79b9_7f4a_7c15)) & mask
  }
}

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
  struct Table {
    /// Each path's name, by id.
    fileprivate(set) var names: [String] = []
    /// Each path's parent (the path it extends by one `.key`), by id; -1 for a path without a dot.
    fileprivate(set) var parents: [Int32] = []
    /// Each path's last key (after its parent's name and a dot) as UTF-8, by id.
    fileprivate(set) var keys: [[UInt8]] = []
    /// Id by name.
    fileprivate(set) var ids: [String: Int32] = [:]
    /// The children index, open-addressed by ``childKey(parent:keyDigest:)``: each slot holds a
    /// child's id + 1 (0: empty), the parent and the key digest mixed, and the parent. Kept at
    /// most half full; a child's slot is its mixed key's low bits, or the next free one after.
    fileprivate(set) var slots = [Int32](repeating: 0, count: 1024)
    fileprivate(set) var slotKeys = [UInt64](repeating: 0, count: 1024)
    fileprivate(set) var slotParents = [Int32](repeating: 0, count: 1024)
    fileprivate var indexed = 0

    /// The number of paths.
    var count: Int { names.count }

    /// The id of the child of `parent` whose key has the FNV-1a digest `keyDigest` and whose
    /// bytes `isKey` accepts.
    func child(of parent: Int32, keyDigest: UInt64, isKey: ([UInt8]) -> Bool) -> Int32? {
      let mixed = PathRegistry.childKey(parent: parent, keyDigest: keyDigest)
      let mask = slots.count - 1
      var slot = Int(truncatingIfNeeded: mixed) & mask
      while slots[slot] != 0 {
        if slotKeys[slot] == mixed && slotParents[slot] == parent {
          let id = slots[slot] - 1
          if isKey(keys[Int(id)]) { return id }
        }
        slot = (slot + 1) & mask
      }
      return nil
    }

    /// Indexes `id` as the child of `parent` by a key with digest `keyDigest`.
    fileprivate mutating func index(_ id: Int32, under parent: Int32, keyDigest: UInt64) {
      if (indexed + 1) * 2 > slots.count { grow() }
      let mixed = PathRegistry.childKey(parent: parent, keyDigest: keyDigest)
      let mask = slots.count - 1
      var slot = Int(truncatingIfNeeded: mixed) & mask
      while slots[slot] != 0 { slot = (slot + 1) & mask }
      slots[slot] = id + 1
      slotKeys[slot] = mixed
      slotParents[slot] = parent
      indexed += 1
    }

    /// Doubles the index, placing every child again.
    private mutating func grow() {
      let old = (slots, slotKeys, slotParents)
      let size = slots.count * 2
      slots = [Int32](repeating: 0, count: size)
      slotKeys = [UInt64](repeating: 0, count: size)
      slotParents = [Int32](repeating: 0, count: size)
      for i in old.0.indices where old.0[i] != 0 {
        var slot = Int(truncatingIfNeeded: old.1[i]) & (size - 1)
        while slots[slot] != 0 { slot = (slot + 1) & (size - 1) }
        slots[slot] = old.0[i]
        slotKeys[slot] = old.1[i]
        slotParents[slot] = old.2[i]
      }
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

  /// The id of `parent`'s child with `key`, added when new.
  func child(of parent: Int32, key: String) -> Int32 {
    lock.withLock {
      if let id = current.child(of: parent, keyDigest: Self.digest(key), isKey: { $0.elementsEqual(key.utf8) }) { return id }
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
    table.keys.append(Array(lastKey.utf8))
    table.ids[path] = id
    if parentID >= 0 { index(id, under: parentID, key: lastKey, in: &table) }
    return id
  }

  /// Makes `id` the child of `parent` by `key` in the table's index.
  private static func index(_ id: Int32, under parent: Int32, key: String, in table: inout Table) {
    table.index(id, under: parent, keyDigest: digest(key))
  }

  /// FNV-1a of `key`'s UTF-8 bytes: ``FHIRJSON/JSONTokens/textDigest(at:)`` of the same text.
  static func digest(_ key: String) -> UInt64 {
    var digest: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in key.utf8 { digest = (digest ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return digest
  }

  /// One number for a parent and a key digest.
  static func childKey(parent: Int32, keyDigest: UInt64) -> UInt64 {
    keyDigest ^ (UInt64(UInt32(bitPattern: parent)) &* 0x9e37_79b9_7f4a_7c15)
  }
}

import Foundation

/// Element paths (`Patient.name.given`) interned as small integers, kept from one resource to
/// the next so that a path seen before is found by its digest and never becomes a `String`
/// again. Used by ``ElementAccounting``; one table serves one walk at a time (see ``Pool``).
struct PathTable {
  /// The number of paths after which the table starts again (inputs with unbounded unknown keys).
  static let capacityLimit = 1 << 16

  /// Open-addressed slots holding `node + 1` (0 is empty), indexed by digest.
  private var slots: [Int32] = Array(repeating: 0, count: 1024)
  private var digests: [UInt64] = []
  private var starts: [Int32] = []
  private var lengths: [Int32] = []
  /// The path each path extends by `.key` when it was found as a child (``child(of:key:)``), else -1.
  private var parents: [Int32] = []
  /// The paths' bytes, one after another.
  private var arena: [UInt8] = []
  /// Each path as a `String`, made the first time it is reported.
  private var names: [String?] = []
  /// The ``generation`` in which a path was last marked mapped.
  private var mappedIn: [UInt32] = []
  /// Leaves counted per path in the current walk (zeroed again by ``takeCounts(_:)``).
  private var counts: [Int32] = []
  /// The walk being served; a path is mapped in it when `mappedIn[node] == generation`.
  private(set) var generation: UInt32 = 1

  var count: Int { digests.count }

  /// The path with `bytes` (whose FNV-1a digest is `digest`), added when new.
  mutating func node(_ bytes: UnsafeRawBufferPointer, digest: UInt64) -> Int {
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: digest) & mask
    while true {
      let entry = Int(slots[slot])
      if entry == 0 { break }
      let node = entry - 1
      if digests[node] == digest && equals(node, bytes) { return node }
      slot = (slot + 1) & mask
    }
    let node = digests.count
    digests.append(digest)
    starts.append(Int32(arena.count))
    lengths.append(Int32(bytes.count))
    arena.append(contentsOf: bytes)
    insert(parent: -1, slot: slot)
    return node
  }

  /// The path `parent.key`, added when new. The same node as ``node(_:digest:)`` gives for
  /// those bytes, found without building them: a path that was seen as this child compares
  /// only its key; any other path with the same digest compares all its bytes.
  mutating func child(of parent: Int, key: UnsafeRawBufferPointer) -> Int {
    var digest = (digests[parent] ^ UInt64(UInt8(ascii: "."))) &* 0x100_0000_01b3
    for byte in key { digest = (digest ^ UInt64(byte)) &* 0x100_0000_01b3 }
    let parentLength = Int(lengths[parent])
    let length = parentLength + 1 + key.count
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: digest) & mask
    while true {
      let entry = Int(slots[slot])
      if entry == 0 { break }
      let node = entry - 1
      if digests[node] == digest && Int(lengths[node]) == length && isChild(node, of: parent, key: key) { return node }
      slot = (slot + 1) & mask
    }
    let node = digests.count
    digests.append(digest)
    let parentStart = Int(starts[parent])
    starts.append(Int32(arena.count))
    lengths.append(Int32(length))
    arena.reserveCapacity(arena.count + length)
    for index in parentStart..<(parentStart + parentLength) { arena.append(arena[index]) }
    arena.append(UInt8(ascii: "."))
    arena.append(contentsOf: key)
    insert(parent: parent, slot: slot)
    return node
  }

  /// Whether `node`, a path as long as `parent.key`, is that path.
  private func isChild(_ node: Int, of parent: Int, key: UnsafeRawBufferPointer) -> Bool {
    arena.withUnsafeBytes { all in
      let base = all.baseAddress! + Int(starts[node])
      let parentLength = Int(lengths[parent])
      if key.count > 0 && memcmp(base + parentLength + 1, key.baseAddress!, key.count) != 0 { return false }
      if Int(parents[node]) == parent { return true }
      return base.load(fromByteOffset: parentLength, as: UInt8.self) == UInt8(ascii: ".")
        && memcmp(base, all.baseAddress! + Int(starts[parent]), parentLength) == 0
    }
  }

  /// Adds the entries of the node just given its digest, start and length.
  private mutating func insert(parent: Int, slot: Int) {
    let node = digests.count - 1
    parents.append(Int32(parent))
    names.append(nil)
    mappedIn.append(0)
    counts.append(0)
    slots[slot] = Int32(node + 1)
    if digests.count * 2 > slots.count { grow() }
  }

  private func equals(_ node: Int, _ bytes: UnsafeRawBufferPointer) -> Bool {
    guard Int(lengths[node]) == bytes.count else { return false }
    return arena.withUnsafeBytes { all in
      memcmp(all.baseAddress! + Int(starts[node]), bytes.baseAddress!, bytes.count) == 0
    }
  }

  private mutating func grow() {
    var bigger = [Int32](repeating: 0, count: slots.count * 2)
    let mask = bigger.count - 1
    for node in digests.indices {
      var slot = Int(truncatingIfNeeded: digests[node]) & mask
      while bigger[slot] != 0 { slot = (slot + 1) & mask }
      bigger[slot] = Int32(node + 1)
    }
    slots = bigger
  }

  /// Starts serving a new walk: no path is mapped in it yet.
  mutating func beginWalk() {
    if count > Self.capacityLimit { self = PathTable() }
    generation &+= 1
    if generation == 0 {
      for node in mappedIn.indices { mappedIn[node] = 0 }
      generation = 1
    }
  }

  /// Marks `path` mapped in the current walk.
  mutating func markMapped(_ path: String) {
    var path = path
    path.withUTF8 { utf8 in
      let raw = UnsafeRawBufferPointer(utf8)
      let node = node(raw, digest: Self.digest(raw))
      mappedIn[node] = generation
    }
  }

  /// Whether `node` was marked mapped in the current walk.
  func isMapped(_ node: Int) -> Bool { mappedIn[node] == generation }

  /// Counts the leaves logged (one node each) and calls `body` with each path and its count,
  /// leaving the counters at zero.
  mutating func takeCounts(_ log: [Int32], _ body: (String, Int) -> Void) {
    for node in log { counts[Int(node)] += 1 }
    for node in log {
      let n = Int(node)
      let count = Int(counts[n])
      guard count > 0 else { continue }
      counts[n] = 0
      body(name(n), count)
    }
  }

  private mutating func name(_ node: Int) -> String {
    if let name = names[node] { return name }
    let start = Int(starts[node])
    let name = String(decoding: arena[start..<start + Int(lengths[node])], as: UTF8.self)
    names[node] = name
    return name
  }

  static let digestSeed: UInt64 = 0xcbf2_9ce4_8422_2325

  /// The FNV-1a digest of `bytes`, as ``ElementAccounting`` keeps it while building a path.
  static func digest(_ bytes: UnsafeRawBufferPointer, from seed: UInt64 = digestSeed) -> UInt64 {
    var digest = seed
    for byte in bytes { digest = (digest ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return digest
  }

  /// Tables waiting to serve a walk: a walk takes one (or makes a new one when all are in use
  /// on other threads) and gives it back, so no lock is held while walking.
  final class Pool: @unchecked Sendable {
    private let lock = NSLock()
    private var idle: [PathTable] = []

    func take() -> PathTable {
      lock.lock()
      defer { lock.unlock() }
      return idle.popLast() ?? PathTable()
    }

    func giveBack(_ table: PathTable) {
      lock.lock()
      defer { lock.unlock() }
      if idle.count < 8 { idle.append(table) }
    }
  }

  static let pool = Pool()
}

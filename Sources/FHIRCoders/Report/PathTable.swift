import Foundation

/// Element paths (`Patient.name.given`) interned as small integers, kept from one resource to
/// the next so that a path seen before is found by its digest and never becomes a `String`
/// again. Used by ``ElementAccounting``; one table serves one walk at a time (see ``PathTablePool``).
struct PathTable {
  /// The number of paths after which the table starts again (inputs with unbounded unknown keys).
  static let capacityLimit = 1 << 16

  /// Open-addressed slots holding `node + 1` (0 is empty), indexed by digest.
  private var slots: [Int32] = Array(repeating: 0, count: 1024)
  /// What the walk reads of each path, side by side.
  private var entries: [Entry] = []
  /// The paths' bytes, one after another.
  private var arena: [UInt8] = []
  /// Each path as a `String`, made the first time it is reported.
  private var names: [String?] = []
  /// Leaves counted per path in the current walk (zeroed again by ``reportDropped(_:count:in:)``).
  var counts: [Int32] = []
  /// Each path's id in ``PathInterner/shared`` once looked up, else -1 (a walk's table only).
  private(set) var reportedIDs: [Int32] = []
  /// For each interned id looked up, the path in this table, else -1 (a walk's table only).
  private var nodesOfReported: [Int32] = []
  /// The leaves a walk logs (one node each), kept with the table so that its room is reused
  /// (the token walk leaves it full of zeros: its room; the walk of written JSON empties it first).
  var log: [Int32] = []
  /// The walk being served; a path is mapped in it when its `mappedIn` is `generation`.
  private(set) var generation: UInt32 = 1

  /// A path: its digest, where its bytes are in ``arena``, the path it extends by `.key` when it
  /// was found as a child (``child(of:key:)``, else -1), and the ``generation`` in which it was
  /// last marked mapped.
  private struct Entry {
    var digest: UInt64
    var start: Int32
    var length: Int32
    var parent: Int32
    var mappedIn: UInt32 = 0
    /// The paths that extend this one by `.key` as found by ``child(of:key:)``, in the order
    /// they were first found (a list through `nextSibling`), or -1.
    var firstChild: Int32 = -1
    var lastChild: Int32 = -1
    var nextSibling: Int32 = -1
    /// The path this one extends by one `.key` (``prefixNode(of:)``), -1 when it has no `.`,
    /// or -2 until asked.
    var prefix: Int32 = -2
    /// The child ``member(of:key:after:)`` last found after this path (a sibling), or -1.
    var follower: Int32 = -1
    /// The child ``member(of:key:after:)`` last found first under this path, or -1.
    var leader: Int32 = -1
    /// The ``follower`` before the last one (tried second), or -1.
    var formerFollower: Int32 = -1
    /// The ``leader`` before the last one (tried second), or -1.
    var formerLeader: Int32 = -1
  }

  var count: Int { entries.count }

  /// The path with `bytes` (whose FNV-1a digest is `digest`), added when new.
  mutating func node(_ bytes: UnsafeRawBufferPointer, digest: UInt64) -> Int {
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: digest) & mask
    while true {
      let stored = Int(slots[slot])
      if stored == 0 { break }
      let node = stored - 1
      if entries[node].digest == digest && equals(node, bytes) { return node }
      slot = (slot + 1) & mask
    }
    let node = entries.count
    entries.append(Entry(digest: digest, start: Int32(arena.count), length: Int32(bytes.count), parent: -1))
    arena.append(contentsOf: bytes)
    insert(slot: slot)
    return node
  }

  /// The path `parent.key`, added when new. The same node as ``node(_:digest:)`` gives for
  /// those bytes, found without building them: a path known as this child compares only its
  /// key; any other path with the same digest and length compares all its bytes (and is known
  /// as this child from then on).
  mutating func child(of parent: Int, key: UnsafeRawBufferPointer) -> Int {
    let up = entries[parent]
    var digest = (up.digest ^ UInt64(UInt8(ascii: "."))) &* 0x100_0000_01b3
    for byte in key { digest = (digest ^ UInt64(byte)) &* 0x100_0000_01b3 }
    let parentLength = Int(up.length)
    let length = parentLength + 1 + key.count
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: digest) & mask
    while true {
      let stored = Int(slots[slot])
      if stored == 0 { break }
      let node = stored - 1
      let entry = entries[node]
      if entry.digest == digest && Int(entry.length) == length
        && bytesEqual(Int(entry.start) + parentLength + 1, key)
      {
        if Int(entry.parent) == parent { return node }
        if arena[Int(entry.start) + parentLength] == UInt8(ascii: ".")
          && arena.withUnsafeBufferPointer({ all in
            memcmp(all.baseAddress! + Int(entry.start), all.baseAddress! + Int(up.start), parentLength) == 0
          })
        {
          entries[node].parent = Int32(parent)
          appendChild(node, to: parent)
          return node
        }
      }
      slot = (slot + 1) & mask
    }
    let node = entries.count
    let start = arena.count
    entries.append(Entry(digest: digest, start: Int32(start), length: Int32(length), parent: Int32(parent)))
    arena.reserveCapacity(start + length)
    for index in Int(up.start)..<(Int(up.start) + parentLength) { arena.append(arena[index]) }
    arena.append(UInt8(ascii: "."))
    arena.append(contentsOf: key)
    insert(slot: slot)
    appendChild(node, to: parent)
    return node
  }

  private mutating func appendChild(_ node: Int, to parent: Int) {
    let last = Int(entries[parent].lastChild)
    if last < 0 { entries[parent].firstChild = Int32(node) } else { entries[last].nextSibling = Int32(node) }
    entries[parent].lastChild = Int32(node)
  }

  /// The child of `parent` for `key` (``child(of:key:)``), and whether it is marked mapped in
  /// the current walk: the node when it is not, its complement (`~node`, negative) when it is.
  /// `previous` is the child found for the member before, or -1. The child that followed
  /// `previous` last time (or came first, when `previous` is -1) is tried first: resources of a
  /// kind mostly hold the same members in the same order, so it is mostly the one.
  @inline(__always)
  mutating func member(of parent: Int, key: UnsafeRawBufferPointer, after previous: Int) -> Int {
    // Read through buffer pointers: the nodes given are the table's own, so in bounds.
    let generation = self.generation
    let found = entries.withUnsafeBufferPointer { entries in
      arena.withUnsafeBufferPointer { arena -> Int in
        let up = entries[parent]
        let keyStart = Int(up.length) + 1
        let length = Int32(truncatingIfNeeded: keyStart + key.count)
        let predicted = previous >= 0 ? entries[previous].follower : up.leader
        if predicted >= 0 {
          let entry = entries[Int(predicted)]
          if entry.length == length
            && (key.isEmpty || Self.equal(arena.baseAddress! + Int(entry.start) + keyStart, key.baseAddress!, key.count))
          {
            return entry.mappedIn == generation ? ~Int(predicted) : Int(predicted)
          }
        }
        return Int.min
      }
    }
    if found != Int.min { return found }
    return unpredictedMember(of: parent, key: key, after: previous)
  }

  /// ``member(of:key:after:)`` when the prediction failed: the child predicted before it (members
  /// that alternate, such as `value[x]` choices, meet it), else looked for among the children of
  /// `parent` that follow `previous` (up to 16 children are tried: a key first seen late is
  /// listed after the keys that come after it in later resources), else by digest; remembered
  /// as the prediction for next time, the prediction it replaces as the one before.
  @inline(never)
  private mutating func unpredictedMember(of parent: Int, key: UnsafeRawBufferPointer, after previous: Int) -> Int {
    let scanned = entries.withUnsafeBufferPointer { entries in
      arena.withUnsafeBufferPointer { arena -> Int in
        let up = entries[parent]
        let keyStart = Int(up.length) + 1
        let length = Int32(truncatingIfNeeded: keyStart + key.count)
        let former = previous >= 0 ? entries[previous].formerFollower : up.formerLeader
        if former >= 0 {
          let entry = entries[Int(former)]
          if entry.length == length
            && (key.isEmpty || Self.equal(arena.baseAddress! + Int(entry.start) + keyStart, key.baseAddress!, key.count))
          {
            return Int(former)
          }
        }
        var candidate = previous >= 0 ? entries[previous].nextSibling : up.firstChild
        var wrapped = previous < 0
        for _ in 0..<16 {
          if candidate < 0 {
            if wrapped { break }
            wrapped = true
            candidate = up.firstChild
            continue
          }
          let entry = entries[Int(candidate)]
          if entry.length == length
            && (key.isEmpty || Self.equal(arena.baseAddress! + Int(entry.start) + keyStart, key.baseAddress!, key.count))
          {
            return Int(candidate)
          }
          candidate = entry.nextSibling
        }
        return -1
      }
    }
    let node = scanned >= 0 ? scanned : child(of: parent, key: key)
    let found = Int32(truncatingIfNeeded: node)
    if previous >= 0 {
      if entries[previous].follower != found { entries[previous].formerFollower = entries[previous].follower }
      entries[previous].follower = found
    } else {
      if entries[parent].leader != found { entries[parent].formerLeader = entries[parent].leader }
      entries[parent].leader = found
    }
    return isMapped(node) ? ~node : node
  }

  /// Whether the ``arena`` bytes from `start` begin with `key` (which fits there).
  @inline(__always)
  private func bytesEqual(_ start: Int, _ key: UnsafeRawBufferPointer) -> Bool {
    arena.withUnsafeBufferPointer { all in
      guard let keyStart = key.baseAddress else { return true }
      return Self.equal(UnsafeRawPointer(all.baseAddress! + start), keyStart, key.count)
    }
  }

  /// Whether the `count` bytes at `a` and `b` are equal: a word at a time, the last (partial)
  /// word compared by loads that overlap the ones before rather than byte by byte.
  @inline(__always)
  static func equal(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, _ count: Int) -> Bool {
    if count >= 8 {
      var i = 0
      while i + 8 < count {
        if a.loadUnaligned(fromByteOffset: i, as: UInt64.self) != b.loadUnaligned(fromByteOffset: i, as: UInt64.self) {
          return false
        }
        i += 8
      }
      return a.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        == b.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
    }
    if count >= 4 {
      return a.loadUnaligned(as: UInt32.self) == b.loadUnaligned(as: UInt32.self)
        && a.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
          == b.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
    }
    if count >= 2 {
      return a.loadUnaligned(as: UInt16.self) == b.loadUnaligned(as: UInt16.self)
        && a.loadUnaligned(fromByteOffset: count - 2, as: UInt16.self)
          == b.loadUnaligned(fromByteOffset: count - 2, as: UInt16.self)
    }
    return count == 0 || a.load(as: UInt8.self) == b.load(as: UInt8.self)
  }

  /// Adds the other arrays' entries of the path just appended to ``entries``.
  private mutating func insert(slot: Int) {
    let node = entries.count - 1
    names.append(nil)
    counts.append(0)
    reportedIDs.append(-1)
    slots[slot] = Int32(node + 1)
    if entries.count * 2 > slots.count { grow() }
  }

  private func equals(_ node: Int, _ bytes: UnsafeRawBufferPointer) -> Bool {
    guard Int(entries[node].length) == bytes.count else { return false }
    return bytesEqual(Int(entries[node].start), bytes)
  }

  private mutating func grow() {
    var bigger = [Int32](repeating: 0, count: slots.count * 2)
    let mask = bigger.count - 1
    for node in entries.indices {
      var slot = Int(truncatingIfNeeded: entries[node].digest) & mask
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
      for node in entries.indices { entries[node].mappedIn = 0 }
      generation = 1
    }
  }

  /// Starts serving a walk for `report`: interns the paths it recorded by name and marks
  /// the mapped ones.
  mutating func beginWalk(for report: inout ConversionReport) {
    beginWalk()
    report.internNamed()
    report.forEachMapped({ markMapped(reported: $0) }, { markMapped($0) })
  }

  /// The path `root`, when neither it nor a path it extends by `.key` is marked mapped in the
  /// current walk (as ``ConversionReport/isMapped(_:)`` tells for the report it serves), else `nil`.
  mutating func unmappedNode(_ root: String) -> Int? {
    var root = root
    let node = root.withUTF8 { utf8 in
      let path = UnsafeRawBufferPointer(utf8)
      return self.node(path, digest: Self.digest(path))
    }
    return isMapped(node) || hasMappedPrefix(node) ? nil : node
  }

  /// ``unmappedNode(_:)`` for a coder's root path: one with an id costs array reads once seen.
  mutating func unmappedNode(_ root: ReportPath) -> Int? {
    guard root.id >= 0 else { return unmappedNode(root.name) }
    let node = self.node(reported: Int(root.id))
    return isMapped(node) || hasMappedPrefix(node) ? nil : node
  }

  /// Whether a path that `node` extends by `.key` (one or more) is marked mapped in the current
  /// walk: the chain of prefixes is found once per path, then followed by array reads.
  private mutating func hasMappedPrefix(_ node: Int) -> Bool {
    var prefix = prefixNode(of: node)
    while prefix >= 0 {
      if isMapped(prefix) { return true }
      prefix = prefixNode(of: prefix)
    }
    return false
  }

  /// The path `node` extends by one `.key` (added when new: a path marked mapped later is then
  /// this node), or -1 when `node` has no `.`.
  private mutating func prefixNode(of node: Int) -> Int {
    let known = Int(entries[node].prefix)
    if known != -2 { return known }
    let entry = entries[node]
    let bytes = arena[Int(entry.start)..<Int(entry.start + entry.length)]
    var prefix = -1
    if let dot = bytes.lastIndex(of: UInt8(ascii: ".")) {
      let shorter = Array(bytes[..<dot])
      prefix = shorter.withUnsafeBytes { self.node($0, digest: Self.digest($0)) }
    }
    entries[node].prefix = Int32(prefix)
    return prefix
  }

  /// Marks `path` mapped in the current walk.
  mutating func markMapped(_ path: String) {
    var path = path
    path.withUTF8 { utf8 in
      let raw = UnsafeRawBufferPointer(utf8)
      let node = node(raw, digest: Self.digest(raw))
      entries[node].mappedIn = generation
    }
  }

  /// Marks the path with id `reported` in ``PathInterner/shared`` mapped in the current walk;
  /// an id seen before costs two array reads, a new one is looked up once.
  mutating func markMapped(reported id: Int) {
    entries[node(reported: id)].mappedIn = generation
  }

  /// The path with id `id` in ``PathInterner/shared``: two array reads once seen, a new one is
  /// looked up once.
  mutating func node(reported id: Int) -> Int {
    if id < nodesOfReported.count, nodesOfReported[id] >= 0 { return Int(nodesOfReported[id]) }
    let node = PathInterner.shared.withTable { interned, _ in
      interned.withBytes(of: id) { bytes, _ in self.node(bytes, digest: Self.digest(bytes)) }
    }
    remember(node, as: id)
    return node
  }

  /// The id of `node` in ``PathInterner/shared`` (looked up once per path), or `nil` when the
  /// interner is full.
  @inline(__always)
  mutating func reportedID(of node: Int) -> Int? {
    let known = Int(reportedIDs[node])
    return known >= 0 ? known : internedID(of: node)
  }

  /// ``reportedID(of:)`` for a path not looked up yet: interned now (one lock).
  @inline(never)
  private mutating func internedID(of node: Int) -> Int? {
    let found = withBytes(of: node) { bytes, _ in
      let digest = PathInterner.digest(bytes)
      return PathInterner.shared.withTable { interned, limit in interned.internedID(bytes, digest: digest, limit: limit) }
    }
    if let found { remember(node, as: found) }
    return found
  }

  private mutating func remember(_ node: Int, as id: Int) {
    if id >= nodesOfReported.count {
      nodesOfReported.append(contentsOf: repeatElement(-1, count: max(id + 1, 2 * nodesOfReported.count) - nodesOfReported.count))
    }
    nodesOfReported[id] = Int32(node)
    reportedIDs[node] = Int32(id)
  }

  /// The id of the path with `bytes` (digest `digest`), added when new and the table holds
  /// fewer than `limit` paths, else `nil` (the interner's table only).
  mutating func internedID(_ bytes: UnsafeRawBufferPointer, digest: UInt64, limit: Int) -> Int? {
    if count < limit { return node(bytes, digest: digest) }
    return find(bytes, digest: digest)
  }

  /// The path with `bytes` (digest `digest`) when the table holds it.
  func find(_ bytes: UnsafeRawBufferPointer, digest: UInt64) -> Int? {
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: digest) & mask
    while true {
      let entry = Int(slots[slot])
      if entry == 0 { return nil }
      let node = entry - 1
      if entries[node].digest == digest && equals(node, bytes) { return node }
      slot = (slot + 1) & mask
    }
  }

  /// Calls `body` with the bytes of `node` and their digest.
  func withBytes<R>(of node: Int, _ body: (UnsafeRawBufferPointer, UInt64) -> R) -> R {
    let entry = entries[node]
    let start = Int(entry.start)
    return arena[start..<start + Int(entry.length)].withUnsafeBytes { body($0, entry.digest) }
  }

  /// Whether `node` was marked mapped in the current walk.
  func isMapped(_ node: Int) -> Bool { entries[node].mappedIn == generation }

  /// The path `node` as a `String` (made once, then kept).
  mutating func name(_ node: Int) -> String {
    if let name = names[node] { return name }
    let name = withBytes(of: node) { bytes, _ in String(decoding: bytes, as: UTF8.self) }
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
}

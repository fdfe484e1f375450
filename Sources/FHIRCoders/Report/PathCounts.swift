/// Counts by path number (``PathRegistry``): what a ``ConversionReport`` holds per disposition.
///
/// A table of its own rather than `[Int32: Int]`: every converted resource records a few dozen
/// paths in its report, which the pipeline then merges into a summary, and `Dictionary` hashes
/// each number with the seeded SipHash it needs for keys an attacker may choose. Path numbers
/// are handed out in order by the registry, so a multiplicative hash spreads them well; this
/// took 19 M instructions off the care benchmark with accounting (9 M without), about 4 % of it
/// (docs/benchmarks/tokenizer-and-models.md, "Follow-up: a lighter walk and report").
///
/// Open addressing over one array of entries, a power of two long and at most half full.
/// Two tables are equal when they hold the same counts, whatever order they were recorded in.
struct PathCounts: Hashable, Sendable {
  /// One slot: a path number and its count, or `id == -1` when free.
  private struct Entry: Hashable, Sendable {
    var id: Int32
    var count: Int
    static let free = Entry(id: -1, count: 0)
  }

  private var entries: [Entry] = []
  /// The number of paths counted.
  private(set) var count = 0

  /// An empty table (which allocates nothing until the first count).
  init() {}

  /// Whether no path is counted.
  var isEmpty: Bool { count == 0 }

  /// The count of the path numbered `id`, if it was counted (even zero times).
  subscript(id: Int32) -> Int? {
    guard !entries.isEmpty else { return nil }
    let slot = find(id)
    return entries[slot].id == id ? entries[slot].count : nil
  }

  /// Adds `count` to the path numbered `id` (recording it, even when `count` is 0).
  mutating func add(_ count: Int, to id: Int32) {
    reserve(1)
    Self.add(count, to: id, in: &entries, paths: &self.count)
  }

  /// Adds one to the path numbered by each of `ids`.
  mutating func addOne(toEach ids: [Int32]) {
    guard !ids.isEmpty else { return }
    reserve(ids.count)
    for id in ids { Self.add(1, to: id, in: &entries, paths: &count) }
  }

  /// Takes one off the count of the path numbered `id`, removing the path when none is left.
  /// - Returns: Whether the path was counted (at least once).
  mutating func takeOne(from id: Int32) -> Bool {
    guard !entries.isEmpty else { return false }
    let slot = find(id)
    guard entries[slot].id == id, entries[slot].count > 0 else { return false }
    entries[slot].count -= 1
    if entries[slot].count == 0 { remove(at: slot) }
    return true
  }

  /// Frees `slot`, moving back each later entry of its run that would not be found past the
  /// gap (deletion without tombstones in a linear-probing table).
  private mutating func remove(at slot: Int) {
    let mask = entries.count - 1
    var hole = slot
    var next = (hole + 1) & mask
    while entries[next].id >= 0 {
      // The entry at `next` stays when its home lies cyclically in (hole, next].
      let home = Self.home(of: entries[next].id, mask: mask)
      let stays = hole < next ? (hole < home && home <= next) : (hole < home || home <= next)
      if !stays {
        entries[hole] = entries[next]
        hole = next
      }
      next = (next + 1) & mask
    }
    entries[hole] = .free
    count -= 1
  }

  /// Makes room for `extra` more paths without growing on the way.
  mutating func reserve(_ extra: Int) {
    if (count + extra) * 2 > entries.count { grow(toHold: count + extra) }
  }

  /// Adds each of `other`'s counts to this table's.
  mutating func merge(_ other: PathCounts) {
    guard !other.isEmpty else { return }
    if isEmpty && entries.isEmpty {
      self = other
      return
    }
    reserve(other.count)
    for entry in other.entries where entry.id >= 0 { Self.add(entry.count, to: entry.id, in: &entries, paths: &count) }
  }

  /// Adds `count` to `id` in `entries`, which has a free slot, counting a new path in `paths`.
  @inline(__always)
  private static func add(_ count: Int, to id: Int32, in entries: inout [Entry], paths: inout Int) {
    let mask = entries.count - 1
    var slot = home(of: id, mask: mask)
    while true {
      let found = entries[slot].id
      if found == id {
        entries[slot].count += count
        return
      }
      if found < 0 {
        entries[slot] = Entry(id: id, count: count)
        paths += 1
        return
      }
      slot = (slot + 1) & mask
    }
  }

  /// Calls `body` with each path number and its count, in no particular order.
  func forEach(_ body: (Int32, Int) -> Void) {
    for entry in entries where entry.id >= 0 { body(entry.id, entry.count) }
  }

  static func == (lhs: PathCounts, rhs: PathCounts) -> Bool {
    guard lhs.count == rhs.count else { return false }
    for entry in lhs.entries where entry.id >= 0 {
      guard rhs[entry.id] == entry.count else { return false }
    }
    return true
  }

  func hash(into hasher: inout Hasher) {
    // In path order, so that equal tables hash alike.
    hasher.combine(count)
    for entry in entries.filter({ $0.id >= 0 }).sorted(by: { $0.id < $1.id }) {
      hasher.combine(entry.id)
      hasher.combine(entry.count)
    }
  }

  /// The slot holding `id`, or the free slot where it would go.
  private func find(_ id: Int32) -> Int {
    let mask = entries.count - 1
    var slot = Self.home(of: id, mask: mask)
    while entries[slot].id != id && entries[slot].id >= 0 { slot = (slot + 1) & mask }
    return slot
  }

  /// The first slot tried for `id`: Fibonacci hashing of the number.
  private static func home(of id: Int32, mask: Int) -> Int {
    Int(truncatingIfNeeded: (UInt64(UInt32(bitPattern: id)) &* 0x9e37_79b9_7f4a_7c15) >> 32) & mask
  }

  /// Makes the table at least twice `paths` long (16 slots at least), placing every entry again.
  private mutating func grow(toHold paths: Int) {
    var size = max(16, entries.count)
    while size < paths * 2 { size *= 2 }
    guard size > entries.count else { return }
    let old = entries
    entries = [Entry](repeating: .free, count: size)
    for entry in old where entry.id >= 0 { entries[find(entry.id)] = entry }
  }
}

/// The keys of staged resources, numbered in insertion order (their ordinals) and stored once,
/// back to back in 1 MiB chunks, with an open-addressing hash table over them: about the key's
/// length plus 16 bytes per key, where a `[String: Int32]` and a `[String]` take some 150.
///
/// Each slot of the table also keeps a byte of its key's hash (its tag), so that a lookup
/// compares the bytes of the keys whose tag matches only: keys of one type share their first
/// bytes (`Observation/`), and comparing them at every slot probed was a tenth of the reading
/// thread's time (docs/benchmarks.md, "Key table probes").
struct KeyTable {
  private static let chunkSize = 1 << 20
  private var chunks: [[UInt8]] = []
  /// Per ordinal: chunk (20 bits), offset in chunk (20 bits), length (24 bits).
  private var locations: [UInt64] = []
  /// Ordinals by hash, `-1` for empty; the count is a power of two.
  private var slots = [Int32](repeating: -1, count: 1 << 10)
  /// Per slot: the top byte of its key's hash.
  private var tags = [UInt8](repeating: 0, count: 1 << 10)

  /// The number of keys.
  var count: Int { locations.count }

  /// The ordinal of `key`, if it is in the table.
  func ordinal(of key: String) -> Int32? {
    // An array of the bytes: hashing and comparing through a string's `utf8` view costs several
    // times more (docs/benchmarks.md, "Strings as arrays of bytes").
    let bytes = Array(key.utf8)
    let (slot, found) = probe(bytes, hash: Self.hash(bytes))
    return found ? slots[slot] : nil
  }

  /// The ordinal of `key`, added first if it is not in the table yet (hashing and probing once).
  /// - Returns: The ordinal, and whether the key was added.
  mutating func ordinalInserting(_ key: String) -> (ordinal: Int32, inserted: Bool) {
    let bytes = Array(key.utf8)
    let hash = Self.hash(bytes)
    let (slot, found) = probe(bytes, hash: hash)
    if found { return (slots[slot], false) }
    let ordinal = Int32(locations.count)
    if chunks.isEmpty || chunks[chunks.count - 1].count + bytes.count > Self.chunkSize {
      chunks.append([])
      chunks[chunks.count - 1].reserveCapacity(max(Self.chunkSize, bytes.count))
    }
    let chunk = chunks.count - 1
    let offset = chunks[chunk].count
    chunks[chunk].append(contentsOf: bytes)
    locations.append(UInt64(chunk) << 44 | UInt64(offset) << 24 | UInt64(bytes.count))
    if locations.count * 4 > slots.count * 3 {
      grow()
    } else {
      slots[slot] = ordinal
      tags[slot] = Self.tag(hash)
    }
    return (ordinal, true)
  }

  /// The slot that holds `bytes` (whose hash is `hash`), or the empty slot where they would go.
  private func probe(_ bytes: [UInt8], hash: UInt64) -> (slot: Int, found: Bool) {
    let mask = slots.count - 1
    let tag = Self.tag(hash)
    var slot = Int(truncatingIfNeeded: hash) & mask
    while slots[slot] >= 0 {
      if tags[slot] == tag && self.bytes(slots[slot]) == bytes[...] { return (slot, true) }
      slot = (slot + 1) & mask
    }
    return (slot, false)
  }

  /// The key with `ordinal`.
  func key(_ ordinal: Int32) -> String {
    String(decoding: bytes(ordinal), as: UTF8.self)
  }

  /// Whether the key of `a` sorts before that of `b`, byte by byte.
  func precedes(_ a: Int32, _ b: Int32) -> Bool {
    bytes(a).lexicographicallyPrecedes(bytes(b))
  }

  /// The UTF-8 bytes of the key with `ordinal`, where they are stored.
  private func bytes(_ ordinal: Int32) -> ArraySlice<UInt8> {
    let location = locations[Int(ordinal)]
    let chunk = Int(location >> 44)
    let offset = Int((location >> 24) & 0xFFFFF)
    let length = Int(location & 0xFFFFFF)
    return chunks[chunk][offset..<offset + length]
  }

  private mutating func place(_ ordinal: Int32) {
    let mask = slots.count - 1
    let hash = Self.hash(bytes(ordinal))
    var slot = Int(truncatingIfNeeded: hash) & mask
    while slots[slot] >= 0 { slot = (slot + 1) & mask }
    slots[slot] = ordinal
    tags[slot] = Self.tag(hash)
  }

  private mutating func grow() {
    slots = [Int32](repeating: -1, count: slots.count * 2)
    tags = [UInt8](repeating: 0, count: slots.count)
    for ordinal in 0..<Int32(locations.count) { place(ordinal) }
  }

  /// The byte of `hash` a slot keeps: its top byte, which the slot's position does not use.
  private static func tag(_ hash: UInt64) -> UInt8 { UInt8(truncatingIfNeeded: hash >> 56) }

  /// FNV-1a, 64 bits.
  private static func hash(_ bytes: some Sequence<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    return hash
  }
}

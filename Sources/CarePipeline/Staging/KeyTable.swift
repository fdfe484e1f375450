/// The keys of staged resources, numbered in insertion order (their ordinals) and stored once,
/// back to back in 1 MiB chunks, with an open-addressing hash table over them: about the key's
/// length plus 14 bytes per key, where a `[String: Int32]` and a `[String]` take some 150.
struct KeyTable {
  private static let chunkSize = 1 << 20
  private var chunks: [[UInt8]] = []
  /// Per ordinal: chunk (20 bits), offset in chunk (20 bits), length (24 bits).
  private var locations: [UInt64] = []
  /// Ordinals by hash, `-1` for empty; the count is a power of two.
  private var slots = [Int32](repeating: -1, count: 1 << 10)

  /// The number of keys.
  var count: Int { locations.count }

  /// The ordinal of `key`, if it is in the table.
  func ordinal(of key: String) -> Int32? {
    // An array of the bytes: hashing and comparing through a string's `utf8` view costs several
    // times more (docs/benchmarks.md, "Strings as arrays of bytes").
    let bytes = Array(key.utf8)
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: Self.hash(bytes)) & mask
    while slots[slot] >= 0 {
      if self.bytes(slots[slot]).elementsEqual(bytes) { return slots[slot] }
      slot = (slot + 1) & mask
    }
    return nil
  }

  /// Adds `key`, which must not be in the table yet, and returns its ordinal.
  mutating func insert(_ key: String) -> Int32 {
    let bytes = Array(key.utf8)
    let ordinal = Int32(locations.count)
    if chunks.isEmpty || chunks[chunks.count - 1].count + bytes.count > Self.chunkSize {
      chunks.append([])
      chunks[chunks.count - 1].reserveCapacity(max(Self.chunkSize, bytes.count))
    }
    let chunk = chunks.count - 1
    let offset = chunks[chunk].count
    chunks[chunk].append(contentsOf: bytes)
    locations.append(UInt64(chunk) << 44 | UInt64(offset) << 24 | UInt64(bytes.count))
    if locations.count * 4 > slots.count * 3 { grow() } else { place(ordinal) }
    return ordinal
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
    var slot = Int(truncatingIfNeeded: Self.hash(bytes(ordinal))) & mask
    while slots[slot] >= 0 { slot = (slot + 1) & mask }
    slots[slot] = ordinal
  }

  private mutating func grow() {
    slots = [Int32](repeating: -1, count: slots.count * 2)
    for ordinal in 0..<Int32(locations.count) { place(ordinal) }
  }

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

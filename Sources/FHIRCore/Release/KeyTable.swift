import FHIRJSON

/// A few keys found among a resource's keys from their raw UTF-8, without making a `String` of
/// each key or hashing it: a key is looked up by its length and first byte, then compared byte by
/// byte with the keys of that shape. Most keys of a resource have no such shape and cost two
/// array reads. What ``ReleaseDetector`` looks for in every key of every resource it reads.
struct KeyTable: Sendable {
  /// Keys this long or longer are none of the table's.
  private static let maximumLength = 32
  /// The keys, in the order given.
  let keys: [String]
  /// The keys' UTF-8, back to back, grouped by shape.
  private let bytes: [UInt8]
  /// Per key in `bytes` order: its index in ``keys`` and its range in `bytes`.
  private let entries: [(key: Int, range: Range<Int>)]
  /// Indexed by length × 256 + first byte: where that shape's keys start in `entries` (they end
  /// where the next shape's start).
  private let shapeStarts: [Int]

  /// A table of `keys` (empty keys and keys of 32 bytes or more are never found).
  init(_ keys: [String]) {
    self.keys = keys
    let shapeCount = Self.maximumLength * 256
    var byShape = [[Int]](repeating: [], count: shapeCount)
    for (index, key) in keys.enumerated() {
      let utf8 = Array(key.utf8)
      guard let first = utf8.first, utf8.count < Self.maximumLength else { continue }
      byShape[utf8.count * 256 + Int(first)].append(index)
    }
    var bytes: [UInt8] = []
    var entries: [(key: Int, range: Range<Int>)] = []
    var shapeStarts: [Int] = []
    shapeStarts.reserveCapacity(shapeCount + 1)
    for shape in byShape {
      shapeStarts.append(entries.count)
      for index in shape {
        let start = bytes.count
        bytes += keys[index].utf8
        entries.append((index, start..<bytes.count))
      }
    }
    shapeStarts.append(entries.count)
    self.bytes = bytes
    self.entries = entries
    self.shapeStarts = shapeStarts
  }

  /// The index in ``keys`` of the text of the token at `index` of `tokens` (a key or a string),
  /// or `nil` when it is none of them.
  func index(ofTextAt index: Int, in tokens: JSONTokens) -> Int? {
    let shape = tokens.withText(at: index) { text -> Int? in
      guard let first = text.first, text.count < Self.maximumLength else { return nil }
      return text.count &* 256 &+ Int(first)
    }
    guard let shape else { return nil }
    var entry = shapeStarts[shape]
    let end = shapeStarts[shape + 1]
    while entry < end {
      if tokens.text(at: index, equals: bytes, in: entries[entry].range) { return entries[entry].key }
      entry += 1
    }
    return nil
  }
}

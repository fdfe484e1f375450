/// A quick filter over JSON keys: the lengths and first bytes of a set of keys, so that a key
/// none of them can be is passed over without making a `String` of it or hashing it. A key
/// that passes may still be none of them; the caller then compares it in full.
struct KeyShapes: Sendable {
  /// Keys this long or longer are always passed on.
  private static let maximumLength = 32
  /// Indexed by length × 256 + first byte.
  private var shapes = [Bool](repeating: false, count: maximumLength * 256)

  /// The shapes of `keys`.
  init(_ keys: Set<String>) {
    for key in keys {
      let bytes = Array(key.utf8)
      guard let first = bytes.first, bytes.count < Self.maximumLength else { continue }
      shapes[bytes.count * 256 + Int(first)] = true
    }
  }

  /// Whether `text` (a key's raw UTF-8) has the length and first byte of one of the keys, or
  /// is too long to tell.
  func contains(shape text: UnsafeRawBufferPointer) -> Bool {
    guard let first = text.first else { return false }
    guard text.count < Self.maximumLength else { return true }
    return shapes[text.count * 256 + Int(first)]
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Tracks line numbers across streamed chunks cheaply: a `memchr` newline count per
/// chunk, and the exact line and column worked out only when an error needs them.
struct LineTracker {
  /// Newlines seen in all chunks before the current one.
  private(set) var newlinesBefore = 0
  /// Absolute offset of the first byte after the last newline before the current chunk.
  private(set) var lineStart = 0
  /// Where the line that the last newline ended had started.
  private(set) var previousLineStart = 0

  /// Accounts for a chunk that has been fully consumed.
  mutating func advance(over chunk: UnsafeRawBufferPointer, base: Int) {
    guard var position = chunk.baseAddress else { return }
    let start = position
    let end = position + chunk.count
    while position < end, let found = memchr(position, 0x0A, end - position) {
      newlinesBefore += 1
      previousLineStart = lineStart
      position = UnsafeRawPointer(found) + 1
      lineStart = base + (position - start)
    }
  }

  /// The 1-based line and column of the last newline counted.
  var locationOfLastNewline: (line: Int, column: Int) {
    (newlinesBefore, lineStart - previousLineStart)
  }

  /// Accounts for bytes skipped without being fed (the rest of a bad NDJSON line).
  mutating func skip(newlines: Int, lineStart: Int) {
    newlinesBefore += newlines
    if newlines > 0 {
      previousLineStart = self.lineStart
      self.lineStart = lineStart
    }
  }

  /// The 1-based line and column of absolute offset `offset`, which lies in `chunk`
  /// (starting at absolute `base`) or, if before it, on the current line.
  func location(of offset: Int, in chunk: UnsafeRawBufferPointer, base: Int) -> (line: Int, column: Int) {
    guard offset > base else {
      return (newlinesBefore + 1, max(offset - lineStart, 0) + 1)
    }
    let prefix = UnsafeRawBufferPointer(rebasing: chunk[0..<min(offset - base, chunk.count)])
    let newlines = Self.countNewlines(prefix)
    var start = lineStart
    var i = prefix.count - 1
    while i >= 0 {
      if prefix[i] == 0x0A { start = base + i + 1; break }
      i -= 1
    }
    return (newlinesBefore + newlines + 1, offset - start + 1)
  }

  /// The number of `\n` bytes in `bytes`, found with `memchr` (vectorised in libc;
  /// JSON text has few newlines compared to its bytes).
  static func countNewlines(_ bytes: UnsafeRawBufferPointer) -> Int {
    guard var position = bytes.baseAddress else { return 0 }
    let end = position + bytes.count
    var total = 0
    while position < end, let found = memchr(position, 0x0A, end - position) {
      total += 1
      position = UnsafeRawPointer(found) + 1
    }
    return total
  }
}

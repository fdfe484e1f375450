#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A growable token and text buffer in `malloc`ed memory, for the tokenizer's hot
/// path: appending is a capacity check and a store, with no reference counting or
/// uniqueness checks. When a value completes, its contents are copied in one block
/// into an immutable ``JSONTokens`` and the builder is reused.
struct TokenBuilder {
  private(set) var tokens: UnsafeMutablePointer<JSONToken>
  private(set) var tokenCount = 0
  private var tokenCapacity: Int
  private(set) var text: UnsafeMutableRawPointer
  private(set) var textCount = 0
  private var textCapacity: Int
  /// Absolute source offset of the value's first token.
  private var startOffset = -1

  init() {
    tokenCapacity = 1 << 10
    textCapacity = 1 << 14
    tokens = Self.allocate(JSONToken.self, count: tokenCapacity)
    text = Self.allocateBytes(textCapacity)
  }

  /// Frees the memory; the builder must not be used afterwards.
  func deallocate() {
    free(tokens)
    free(text)
  }

  @inline(__always)
  mutating func append(_ kind: JSONToken.Kind, payloadStart: Int = 0, payloadCount: Int = 0, offset: Int) {
    if tokenCount == tokenCapacity { growTokens() }
    if startOffset < 0 { startOffset = offset }
    let relative = offset &- startOffset
    (tokens + tokenCount).initialize(
      to: JSONToken(
        kind: kind, payloadStart: UInt32(truncatingIfNeeded: payloadStart),
        payloadCount: UInt32(truncatingIfNeeded: payloadCount),
        relativeOffset: relative < Int(UInt32.max) ? UInt32(truncatingIfNeeded: relative) : UInt32.max))
    tokenCount &+= 1
  }

  /// Appends text and returns where it starts.
  @inline(__always)
  mutating func appendText(_ bytes: UnsafeRawBufferPointer) -> Int {
    let start = textCount
    let count = bytes.count
    // Keep 8 spare bytes so that short copies can store whole words.
    if textCount &+ count &+ 8 > textCapacity { growText(minimum: textCount + count + 8) }
    if let source = bytes.baseAddress {
      let destination = text + textCount
      if count >= 8 && count <= 16 {
        // Two overlapping word copies beat a call to memmove for the short strings
        // that most JSON is made of.
        destination.storeBytes(of: source.loadUnaligned(as: UInt64.self), as: UInt64.self)
        (destination + (count &- 8)).storeBytes(
          of: source.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self), as: UInt64.self)
      } else if count < 8 {
        for i in 0..<count {
          destination.storeBytes(of: source.load(fromByteOffset: i, as: UInt8.self), toByteOffset: i, as: UInt8.self)
        }
      } else {
        destination.copyMemory(from: source, byteCount: count)
      }
    }
    textCount &+= count
    return start
  }

  /// Sets the container start at `startIndex` to point at the last token, its end.
  @inline(__always)
  mutating func closeContainer(startedAt startIndex: Int) {
    tokens[startIndex].payloadStart = UInt32(truncatingIfNeeded: tokenCount &- 1)
  }

  /// The text bytes at `start..<start + count`.
  func textBytes(start: Int, count: Int) -> UnsafeRawBufferPointer {
    UnsafeRawBufferPointer(start: text + start, count: count)
  }

  /// Copies the contents out as a value and empties the builder (one allocation and
  /// two block copies, however many tokens).
  mutating func take() -> JSONTokens {
    let result = JSONTokens(
      copying: tokens, count: tokenCount, text: text, textCount: textCount, startOffset: max(startOffset, 0))
    clear()
    return result
  }

  /// Empties the builder, giving back memory that one huge value grew it to.
  mutating func clear() {
    tokenCount = 0
    textCount = 0
    startOffset = -1
    if tokenCapacity > 1 << 16 {
      tokenCapacity = 1 << 10
      tokens = realloc(tokens, tokenCapacity * MemoryLayout<JSONToken>.stride)!.assumingMemoryBound(to: JSONToken.self)
    }
    if textCapacity > 1 << 20 {
      textCapacity = 1 << 14
      text = realloc(text, textCapacity)!
    }
  }

  private mutating func growTokens() {
    tokenCapacity *= 2
    tokens = realloc(tokens, tokenCapacity * MemoryLayout<JSONToken>.stride)!.assumingMemoryBound(to: JSONToken.self)
  }

  private mutating func growText(minimum: Int) {
    var capacity = textCapacity * 2
    while capacity < minimum { capacity *= 2 }
    text = realloc(text, capacity)!
    textCapacity = capacity
  }

  private static func allocate<T>(_ type: T.Type, count: Int) -> UnsafeMutablePointer<T> {
    malloc(count * MemoryLayout<T>.stride)!.assumingMemoryBound(to: T.self)
  }

  private static func allocateBytes(_ count: Int) -> UnsafeMutableRawPointer {
    malloc(count)!
  }
}

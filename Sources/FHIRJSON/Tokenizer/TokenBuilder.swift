/// A growable token and text buffer in manually managed memory, for the tokenizer's
/// hot path: appending is a capacity check and a store, with no reference counting
/// or uniqueness checks. Its contents become a ``JSONTokens`` when a value completes.
struct TokenBuilder {
  private(set) var tokens: UnsafeMutablePointer<JSONToken>
  private(set) var tokenCount = 0
  private var tokenCapacity: Int
  private(set) var text: UnsafeMutableRawPointer
  private(set) var textCount = 0
  private var textCapacity: Int

  init() {
    tokenCapacity = 256
    textCapacity = 4096
    tokens = .allocate(capacity: tokenCapacity)
    text = .allocate(byteCount: textCapacity, alignment: 8)
  }

  /// Frees the memory; the builder must not be used afterwards.
  func deallocate() {
    tokens.deallocate()
    text.deallocate()
  }

  @inline(__always)
  mutating func append(_ kind: JSONToken.Kind, payloadStart: Int = 0, payloadCount: Int = 0, offset: Int) {
    if tokenCount == tokenCapacity { growTokens() }
    (tokens + tokenCount).initialize(
      to: JSONToken(
        kind: kind, payloadStart: UInt32(truncatingIfNeeded: payloadStart),
        payloadCount: UInt32(truncatingIfNeeded: payloadCount), offset: offset))
    tokenCount += 1
  }

  /// Appends text and returns where it starts.
  @inline(__always)
  mutating func appendText(_ bytes: UnsafeRawBufferPointer) -> Int {
    let start = textCount
    if textCount + bytes.count > textCapacity { growText(minimum: textCount + bytes.count) }
    if let source = bytes.baseAddress, !bytes.isEmpty {
      (text + textCount).copyMemory(from: source, byteCount: bytes.count)
    }
    textCount += bytes.count
    return start
  }

  /// Sets the container start at `startIndex` to point at the last token, its end.
  @inline(__always)
  mutating func closeContainer(startedAt startIndex: Int) {
    tokens[startIndex].payloadStart = UInt32(truncatingIfNeeded: tokenCount - 1)
  }

  /// The text bytes at `start..<start + count`.
  func textBytes(start: Int, count: Int) -> UnsafeRawBufferPointer {
    UnsafeRawBufferPointer(start: text + start, count: count)
  }

  /// Copies the contents out as a value and empties the builder, keeping a moderate
  /// capacity so that one huge value does not pin its memory.
  mutating func take() -> JSONTokens {
    let result = JSONTokens(
      records: Array(UnsafeBufferPointer(start: tokens, count: tokenCount)),
      text: Array(UnsafeRawBufferPointer(start: text, count: textCount)))
    clear()
    return result
  }

  /// Empties the builder.
  mutating func clear() {
    tokenCount = 0
    textCount = 0
    if tokenCapacity > 1 << 20 {
      tokens.deallocate()
      tokenCapacity = 256
      tokens = .allocate(capacity: tokenCapacity)
    }
    if textCapacity > 16 << 20 {
      text.deallocate()
      textCapacity = 4096
      text = .allocate(byteCount: textCapacity, alignment: 8)
    }
  }

  private mutating func growTokens() {
    let capacity = tokenCapacity * 2
    let grown = UnsafeMutablePointer<JSONToken>.allocate(capacity: capacity)
    grown.moveInitialize(from: tokens, count: tokenCount)
    tokens.deallocate()
    tokens = grown
    tokenCapacity = capacity
  }

  private mutating func growText(minimum: Int) {
    var capacity = textCapacity * 2
    while capacity < minimum { capacity *= 2 }
    let grown = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 8)
    grown.copyMemory(from: text, byteCount: textCount)
    text.deallocate()
    text = grown
    textCapacity = capacity
  }
}

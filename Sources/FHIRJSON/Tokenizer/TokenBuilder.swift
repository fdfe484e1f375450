#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Builds one value's ``JSONTokens`` for the tokenizer's hot path: appending is a
/// capacity check and a store, with no reference counting or uniqueness checks.
/// Tokens are written straight into the free end of a shared ``TokenBlock``, where
/// the finished value will live, so they are not copied again.
///
/// Text is not copied token by token. The builder keeps a copy of the value's source
/// bytes (`raw`, filled in blocks as chunks are consumed), and key, string and number
/// tokens point into it: a plain string's text *is* its source bytes. Only escaped
/// strings are decoded, into a side buffer (`decoded`) that follows `raw` in the
/// finished value.
struct TokenBuilder {
  /// Marks, in `payloadCount`, a token whose text is in `decoded` rather than `raw`.
  static let decodedFlag: UInt32 = 1 << 31

  private(set) var tokens: UnsafeMutablePointer<JSONToken>
  private(set) var tokenCount = 0
  private var tokenCapacity: Int
  /// The block `tokens` points into, and the bytes free there from `tokens` on.
  private var region: TokenBlock
  private var regionSize: Int
  private var blocks: TokenBlockAllocator
  private var raw: Buffer
  private var decoded: Buffer
  /// Indices of the tokens whose text is in `decoded`.
  private var decodedTokens: [Int] = []
  /// Absolute source offset of `raw[0]`, shifted by the bytes left out of `raw`
  /// (the streamed elements of a Bundle shell): raw index = offset - rawBase.
  private(set) var rawBase = 0
  /// Absolute source offset of the value's first token.
  private var startOffset = 0

  /// Room reserved for a value's tokens before it starts: 256 tokens.
  private static let initialReservation = 256 * MemoryLayout<JSONToken>.stride

  /// A builder taking its tokens from blocks of `blockSize` bytes (``TokenBlock/defaultSize``
  /// for streams, ``TokenBlock/size(forInputBytes:)`` for one value from memory).
  init(blockSize: Int = TokenBlock.defaultSize) {
    blocks = TokenBlockAllocator(blockSize: blockSize)
    let (block, memory, size) = blocks.reserve(Self.initialReservation)
    region = block
    regionSize = size
    tokenCapacity = size / MemoryLayout<JSONToken>.stride
    tokens = memory.bindMemory(to: JSONToken.self, capacity: tokenCapacity)
    raw = Buffer(capacity: 1 << 15)
    decoded = Buffer(capacity: 1 << 10)
  }

  /// Frees the staging memory; the builder must not be used afterwards.
  func deallocate() {
    raw.deallocate()
    decoded.deallocate()
  }

  /// The largest value a builder holds: its offsets and text positions are 32-bit.
  static let maxValueBytes = Int(UInt32.max >> 1)

  /// Whether the value has grown past what 32-bit offsets can address, given that
  /// the input has reached absolute offset `end`.
  func exceedsLimits(at end: Int) -> Bool {
    end - startOffset > Self.maxValueBytes || raw.count + decoded.count > Self.maxValueBytes
  }

  /// Starts a value whose first token is at absolute offset `offset`.
  mutating func begin(at offset: Int) {
    startOffset = offset
    rawBase = offset
  }

  /// Appends a token without text (container ends and starts, literals).
  @inline(__always)
  mutating func append(_ kind: JSONToken.Kind, offset: Int) {
    store(kind, payloadStart: 0, payloadCount: 0, offset: offset)
  }

  /// Appends a token whose text is the source bytes at absolute `textStart..<textStart + count`.
  @inline(__always)
  mutating func append(_ kind: JSONToken.Kind, offset: Int, sourceText textStart: Int, count: Int) {
    store(kind, payloadStart: textStart &- rawBase, payloadCount: count, offset: offset)
  }

  /// Appends a token whose text is `text` (an escaped string, decoded).
  mutating func append(_ kind: JSONToken.Kind, offset: Int, decodedText text: UnsafeRawBufferPointer) {
    let start = decoded.append(text)
    decodedTokens.append(tokenCount)
    store(kind, payloadStart: start, payloadCount: Int(Self.decodedFlag) | text.count, offset: offset)
  }

  @inline(__always)
  private mutating func store(_ kind: JSONToken.Kind, payloadStart: Int, payloadCount: Int, offset: Int) {
    if tokenCount == tokenCapacity { growTokens() }
    // Values are limited to 4 GiB (see `exceedsLimits`), so relative offsets fit.
    (tokens + tokenCount).initialize(
      to: JSONToken(
        kind: kind, payloadStart: UInt32(truncatingIfNeeded: payloadStart),
        payloadCount: UInt32(truncatingIfNeeded: payloadCount),
        relativeOffset: UInt32(truncatingIfNeeded: offset &- startOffset)))
    tokenCount &+= 1
  }

  /// Sets the container start at `startIndex` to point at the last token, its end.
  @inline(__always)
  mutating func closeContainer(startedAt startIndex: Int) {
    tokens[startIndex].payloadStart = UInt32(truncatingIfNeeded: tokenCount &- 1)
  }

  /// Appends source bytes to the value's copy of its input.
  mutating func appendSource(_ bytes: UnsafeRawBufferPointer) {
    _ = raw.append(bytes)
  }

  /// Drops the copied source bytes from absolute offset `offset` on.
  mutating func truncateSource(toAbsolute offset: Int) {
    raw.count = min(raw.count, max(offset - rawBase, 0))
  }

  /// Leaves `count` source bytes out of the copy (a streamed element of the shell).
  mutating func skipSource(_ count: Int) {
    rawBase += count
  }

  /// The text of the token at `index` if it is already held: decoded text, or source
  /// bytes copied so far. `nil` when the source bytes are still only in the input.
  func heldText(ofTokenAt index: Int) -> UnsafeRawBufferPointer? {
    let token = tokens[index]
    if token.payloadCount & Self.decodedFlag != 0 {
      return decoded.bytes(Int(token.payloadStart), Int(token.payloadCount & ~Self.decodedFlag))
    }
    let end = Int(token.payloadStart) + Int(token.payloadCount)
    return end <= raw.count ? raw.bytes(Int(token.payloadStart), Int(token.payloadCount)) : nil
  }

  /// Hands the value out and empties the builder: the tokens stay where they were
  /// written, and the text — the source bytes followed by the decoded strings — is
  /// copied right after them.
  /// - Parameter sourceTail: The value's last source bytes, not yet copied into the builder.
  mutating func take(sourceTail: UnsafeRawBufferPointer) -> JSONTokens {
    let tokenBytes = tokenCount * MemoryLayout<JSONToken>.stride
    let sourceCount = raw.count + sourceTail.count
    let textCount = sourceCount + decoded.count
    if tokenBytes + textCount > regionSize {
      move(toRegionOf: tokenBytes + textCount)
    }
    var text = UnsafeMutableRawPointer(tokens) + tokenBytes
    let textStart = text
    func append(_ part: UnsafeRawBufferPointer) {
      guard let base = part.baseAddress else { return }
      text.copyMemory(from: base, byteCount: part.count)
      text += part.count
    }
    append(raw.bytes(0, raw.count))
    append(sourceTail)
    append(decoded.bytes(0, decoded.count))
    // Decoded strings now follow the source bytes.
    for index in decodedTokens {
      tokens[index].payloadStart &+= UInt32(truncatingIfNeeded: sourceCount)
      tokens[index].payloadCount &= ~Self.decodedFlag
    }
    // The text starts with the value's source bytes unless some were left out (a shell's
    // streamed elements).
    let result = JSONTokens(
      block: region, tokens: tokens, count: tokenCount, text: textStart, textCount: textCount,
      startOffset: startOffset, sourceByteCount: rawBase == startOffset ? sourceCount : 0)
    blocks.commit(region, bytes: tokenBytes + textCount)
    clear()
    let (block, memory, size) = blocks.reserve(Self.initialReservation)
    setRegion(block, memory, size)
    return result
  }

  private mutating func setRegion(_ block: TokenBlock, _ memory: UnsafeMutableRawPointer, _ size: Int) {
    region = block
    regionSize = size
    tokenCapacity = size / MemoryLayout<JSONToken>.stride
    tokens = memory.bindMemory(to: JSONToken.self, capacity: tokenCapacity)
  }

  /// Moves the tokens written so far to a fresh region of at least `bytes` bytes.
  private mutating func move(toRegionOf bytes: Int) {
    let (block, memory, size) = blocks.fresh(bytes)
    memory.copyMemory(from: tokens, byteCount: tokenCount * MemoryLayout<JSONToken>.stride)
    setRegion(block, memory, size)
  }

  /// Empties the builder, giving back memory that one huge value grew it to.
  mutating func clear() {
    tokenCount = 0
    raw.clear()
    decoded.clear()
    if !decodedTokens.isEmpty { decodedTokens.removeAll(keepingCapacity: true) }
  }

  private mutating func growTokens() {
    move(toRegionOf: 2 * tokenCapacity * MemoryLayout<JSONToken>.stride)
  }

  /// A growable byte buffer.
  private struct Buffer {
    var pointer: UnsafeMutableRawPointer
    var count = 0
    var capacity: Int
    let initialCapacity: Int

    init(capacity: Int) {
      self.capacity = capacity
      initialCapacity = capacity
      pointer = malloc(capacity)!
    }

    func deallocate() { free(pointer) }

    func bytes(_ start: Int, _ count: Int) -> UnsafeRawBufferPointer {
      UnsafeRawBufferPointer(start: pointer + start, count: count)
    }

    /// Appends `bytes` and returns where they start.
    mutating func append(_ bytes: UnsafeRawBufferPointer) -> Int {
      let start = count
      if count + bytes.count > capacity {
        while capacity < count + bytes.count { capacity *= 2 }
        pointer = realloc(pointer, capacity)!
      }
      if let source = bytes.baseAddress { (pointer + count).copyMemory(from: source, byteCount: bytes.count) }
      count += bytes.count
      return start
    }

    mutating func clear() {
      count = 0
      if capacity > 64 * initialCapacity {
        capacity = initialCapacity
        pointer = realloc(pointer, capacity)!
      }
    }
  }
}

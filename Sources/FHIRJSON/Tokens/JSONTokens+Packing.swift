// Tokens packed as bytes and back, for the care pipeline's staging file: a staged resource is
// read back as tokens without YAJL, and staged without escaping its text into JSON. Writing the
// tokens compactly and tokenizing that JSON again at merge took 10.5 % of `convert --to care
// --jobs 1` (`FHIRJSONBenchmarks job`, docs/benchmarks/job-2026-11-28-sessions-11-13.md, "Staged tokens packed").

extension JSONTokens {
  /// The bytes ``init(packed:)`` reads: a header (the magic `FKT2`, the token count, the text's
  /// byte count, the start offset), then per token its kind and variable-length numbers (the
  /// offset from the token before; a text's length; a container's distance to its end), then the
  /// tokens' text back to back, in token order. Packed, a staged resource takes about the bytes
  /// of its JSON.
  private static let magic: [UInt8] = Array("FKT2".utf8)
  private static let headerSize = 4 + 4 + 4 + 8

  /// The value at `index` packed as bytes, for a process to read back with ``init(packed:)``
  /// (the layout is this build's own, not a storage or exchange format): its tokens as
  /// ``value(at:)`` gives them (as if tokenized alone, its text only), with their places in the
  /// source input.
  /// - Parameter index: The index of the value's first token.
  public func packed(valueAt index: Int = 0) -> [UInt8] {
    let end = endIndex(ofValueAt: index)
    var textCount = 0
    for i in index...end where self[i].hasText { textCount += Int(self[i].payloadCount) }
    var out: [UInt8] = []
    out.reserveCapacity(Self.headerSize + 3 * (end - index + 1) + textCount)
    out += Self.magic
    Self.append(UInt32(end - index + 1), fixedTo: &out)
    Self.append(UInt32(textCount), fixedTo: &out)
    withUnsafeBytes(of: Int64(offset(at: index)).littleEndian) { out += $0 }
    var previous = self[index].relativeOffset
    for i in index...end {
      let token = self[i]
      out.append(token.kind.rawValue)
      Self.appendVariable(token.relativeOffset &- previous, to: &out)
      previous = token.relativeOffset
      if token.hasText {
        Self.appendVariable(token.payloadCount, to: &out)
      } else if token.kind == .objectStart || token.kind == .arrayStart {
        Self.appendVariable(token.payloadStart - UInt32(i), to: &out)
      }
    }
    withExtendedLifetime(block) {
      for i in index...end where self[i].hasText {
        let token = self[i]
        out += UnsafeRawBufferPointer(start: textBase + Int(token.payloadStart), count: Int(token.payloadCount))
      }
    }
    return out
  }

  /// The number of bytes ``packed(valueAt:)`` would make of the value at `index`, counted without
  /// making them: what a value counts for in a care pipeline partition, whether it is staged
  /// packed or as read (``sourceBytes(ofValueAt:)``), so that partitions are cut alike whatever
  /// the input's spacing.
  public func packedByteCount(valueAt index: Int = 0) -> Int {
    let end = endIndex(ofValueAt: index)
    var count = Self.headerSize
    var previous = self[index].relativeOffset
    for i in index...end {
      let token = self[i]
      count += 1 + Self.variableCount(token.relativeOffset &- previous)
      previous = token.relativeOffset
      if token.hasText {
        count += Self.variableCount(token.payloadCount) + Int(token.payloadCount)
      } else if token.kind == .objectStart || token.kind == .arrayStart {
        count += Self.variableCount(token.payloadStart - UInt32(i))
      }
    }
    return count
  }

  /// How many bytes ``appendVariable(_:to:)`` writes for `value`.
  private static func variableCount(_ value: UInt32) -> Int {
    var value = value
    var count = 1
    while value >= 0x80 {
      value >>= 7
      count += 1
    }
    return count
  }

  /// The tokens of one value from the bytes ``packed(valueAt:)`` made, or `nil` when `bytes` are
  /// not such a packing: every number is read within bounds, each token's kind, text and
  /// container end are checked, and that they make one JSON value (keys only where an object's
  /// member begins), so that damaged bytes are refused rather than read out of bounds or walked as
  /// no JSON could be.
  public init?(packed bytes: [UInt8]) {
    let unpacked: JSONTokens? = bytes.withUnsafeBytes { input in
      guard input.count >= Self.headerSize, input.prefix(4).elementsEqual(Self.magic) else { return nil }
      let tokenCount = Int(UInt32(littleEndian: input.loadUnaligned(fromByteOffset: 4, as: UInt32.self)))
      let textCount = Int(UInt32(littleEndian: input.loadUnaligned(fromByteOffset: 8, as: UInt32.self)))
      let startOffset = Int(Int64(littleEndian: input.loadUnaligned(fromByteOffset: 12, as: Int64.self)))
      // Each token takes at least two bytes (its kind and its offset).
      guard tokenCount > 0, textCount <= input.count - Self.headerSize,
        tokenCount <= (input.count - Self.headerSize - textCount) / 2
      else { return nil }
      let textStart = input.count - textCount
      let tokenBytes = tokenCount * MemoryLayout<JSONToken>.stride
      let block = TokenBlock(size: tokenBytes + textCount)
      let tokens = block.memory.bindMemory(to: JSONToken.self, capacity: tokenCount)
      // The containers still open, innermost last (where each ends, whether it is an object),
      // and whether the innermost object's next token must be a key (or its end).
      var open: [(end: Int, isObject: Bool)] = []
      var expectsKey = false
      var at = Self.headerSize
      var offset: UInt32 = 0
      var textUsed = 0
      for i in 0..<tokenCount {
        guard at < textStart, let kind = JSONToken.Kind(rawValue: input[at]), i == 0 || !open.isEmpty else {
          return nil
        }
        at += 1
        guard let delta = Self.readVariable(input, at: &at, before: textStart) else { return nil }
        offset = i == 0 ? 0 : offset &+ delta
        var token = JSONToken(kind: kind, payloadStart: 0, payloadCount: 0, relativeOffset: offset)
        let inObject = open.last?.isObject ?? false
        switch kind {
        case .objectEnd, .arrayEnd:
          guard let innermost = open.popLast(), innermost.end == i, innermost.isObject == (kind == .objectEnd),
            !innermost.isObject || expectsKey
          else { return nil }
          expectsKey = open.last?.isObject ?? false
        case .objectStart, .arrayStart:
          guard !(inObject && expectsKey), let distance = Self.readVariable(input, at: &at, before: textStart),
            distance > 0, Int(distance) < tokenCount - i, open.last.map({ i + Int(distance) < $0.end }) ?? true
          else { return nil }
          token.payloadStart = UInt32(i) + distance
          open.append((Int(token.payloadStart), kind == .objectStart))
          expectsKey = kind == .objectStart
        case .key, .string, .number:
          guard kind == .key ? inObject && expectsKey : !(inObject && expectsKey),
            let length = Self.readVariable(input, at: &at, before: textStart), Int(length) <= textCount - textUsed
          else { return nil }
          token.payloadStart = UInt32(textUsed)
          token.payloadCount = length
          textUsed += Int(length)
          expectsKey = kind == .key ? false : inObject
        case .true, .false, .null:
          guard !(inObject && expectsKey) else { return nil }
          expectsKey = inObject
        }
        (tokens + i).initialize(to: token)
      }
      guard open.isEmpty, at == textStart, textUsed == textCount else { return nil }
      let text = block.memory + tokenBytes
      if textCount > 0 { text.copyMemory(from: input.baseAddress! + textStart, byteCount: textCount) }
      return JSONTokens(
        block: block, tokens: tokens, count: tokenCount, text: UnsafeRawPointer(text), textCount: textCount,
        startOffset: startOffset)
    }
    guard let unpacked else { return nil }
    self = unpacked
  }

  private static func append(_ value: UInt32, fixedTo out: inout [UInt8]) {
    withUnsafeBytes(of: value.littleEndian) { out += $0 }
  }

  /// Appends `value` in 7-bit groups, low first, the high bit set on all but the last.
  private static func appendVariable(_ value: UInt32, to out: inout [UInt8]) {
    var value = value
    while value >= 0x80 {
      out.append(UInt8(truncatingIfNeeded: value) | 0x80)
      value >>= 7
    }
    out.append(UInt8(value))
  }

  /// Reads a number ``appendVariable(_:to:)`` wrote at `at`, moving past it, or `nil` when it
  /// runs to `end` or past 32 bits.
  private static func readVariable(_ input: UnsafeRawBufferPointer, at: inout Int, before end: Int) -> UInt32? {
    var value: UInt32 = 0
    var shift: UInt32 = 0
    while at < end, shift < 35 {
      let byte = input[at]
      at += 1
      guard shift < 28 || byte < 0x10 else { return nil }
      value |= UInt32(byte & 0x7F) << shift
      if byte < 0x80 { return value }
      shift += 7
    }
    return nil
  }
}

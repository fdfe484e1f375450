/// Copies of parts of a value, for splitting an array that was not streamed (a Bundle
/// whose `entry` came before its `resourceType`) into the same pieces streaming gives.
extension JSONTokens {
  /// The value at `index` as tokens of its own, as if it had been tokenized alone; its
  /// ``startOffset`` is its place in the source input.
  /// - Parameter index: The index of the value's first token.
  public func value(at index: Int) -> JSONTokens {
    copy(ranges: [index..<(endIndex(ofValueAt: index) + 1)], startOffset: offset(at: index))
  }

  /// These tokens with the array at `index` emptied (its elements left out), the rest
  /// unchanged.
  /// - Parameter index: The index of an array start token.
  public func removingElements(ofArrayAt index: Int) -> JSONTokens {
    precondition(self[index].kind == .arrayStart, "not an array")
    let end = endIndex(ofValueAt: index)
    return copy(ranges: [0..<(index + 1), end..<count], startOffset: startOffset)
  }

  /// A copy made of the tokens in `ranges` (whole values or the outside of one), with
  /// their text copied compactly, container ends renumbered and source offsets made
  /// relative to `startOffset`.
  private func copy(ranges: [Range<Int>], startOffset newStart: Int) -> JSONTokens {
    let tokenCount = ranges.reduce(0) { $0 + $1.count }
    var textCount = 0
    for range in ranges {
      for i in range where self[i].hasText { textCount += Int(self[i].payloadCount) }
    }
    let tokenBytes = tokenCount * MemoryLayout<JSONToken>.stride
    let block = TokenBlock(size: tokenBytes + textCount)
    let tokens = block.memory.bindMemory(to: JSONToken.self, capacity: max(tokenCount, 1))
    let text = block.memory + tokenBytes
    let shift = UInt32(truncatingIfNeeded: newStart - startOffset)
    // The new index of each old index, for the ranges kept (in order).
    func newIndex(of old: Int) -> Int {
      var base = 0
      for range in ranges {
        if range.contains(old) { return base + old - range.lowerBound }
        base += range.count
      }
      preconditionFailure("container end outside the copied tokens")
    }
    var out = 0
    var textUsed = 0
    withExtendedLifetime(self.block) {
      for range in ranges {
        for i in range {
          var token = tokenBase[i]
          token.relativeOffset = token.relativeOffset &- shift
          if token.hasText {
            let count = Int(token.payloadCount)
            (text + textUsed).copyMemory(from: textBase + Int(token.payloadStart), byteCount: count)
            token.payloadStart = UInt32(textUsed)
            textUsed += count
          } else if token.kind == .objectStart || token.kind == .arrayStart {
            token.payloadStart = UInt32(newIndex(of: Int(token.payloadStart)))
          }
          (tokens + out).initialize(to: token)
          out += 1
        }
      }
    }
    return JSONTokens(
      block: block, tokens: tokens, count: tokenCount, text: UnsafeRawPointer(text), textCount: textCount,
      startOffset: newStart)
  }
}

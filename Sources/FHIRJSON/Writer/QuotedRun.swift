/// The bytes of one append to a ``JSONWriter``'s output: an optional lead byte (a
/// comma), the text in quotes, an optional trail byte (a colon). `Array.append(contentsOf:)`
/// reserves ``underestimatedCount`` bytes and has the run copy itself into them
/// (`_copyContents`), so a key or a clean string costs one append and no
/// intermediate buffer. The text must need no escape.
struct QuotedRun: Sequence {
  let text: UnsafeRawBufferPointer
  let lead: UInt8?
  let trail: UInt8?

  /// The number of bytes in the run.
  var count: Int { text.count + 2 + (lead == nil ? 0 : 1) + (trail == nil ? 0 : 1) }

  var underestimatedCount: Int { count }

  func makeIterator() -> Iterator { Iterator(run: self, position: 0) }

  /// Byte by byte, for callers that iterate (the append copies in one go).
  struct Iterator: IteratorProtocol {
    let run: QuotedRun
    var position: Int

    mutating func next() -> UInt8? {
      guard position < run.count else { return nil }
      defer { position += 1 }
      var index = position
      if let lead = run.lead {
        if index == 0 { return lead }
        index -= 1
      }
      if index == 0 { return UInt8(ascii: "\"") }
      index -= 1
      if index < run.text.count { return run.text[index] }
      index -= run.text.count
      return index == 0 ? UInt8(ascii: "\"") : run.trail
    }
  }

  func _copyContents(initializing buffer: UnsafeMutableBufferPointer<UInt8>) -> (Iterator, Int) {
    let total = count
    guard buffer.count >= total, let start = buffer.baseAddress else {
      var iterator = makeIterator()
      var written = 0
      while written < buffer.count, let byte = iterator.next() {
        buffer[written] = byte
        written += 1
      }
      return (iterator, written)
    }
    var position = 0
    if let lead {
      start[0] = lead
      position = 1
    }
    start[position] = UInt8(ascii: "\"")
    position += 1
    if let source = text.baseAddress {
      let length = text.count
      if length <= 16 {
        for offset in 0..<length { start[position + offset] = source.load(fromByteOffset: offset, as: UInt8.self) }
      } else {
        UnsafeMutableRawPointer(start + position).copyMemory(from: source, byteCount: length)
      }
      position += length
    }
    start[position] = UInt8(ascii: "\"")
    if let trail { start[position + 1] = trail }
    return (Iterator(run: self, position: total), total)
  }
}

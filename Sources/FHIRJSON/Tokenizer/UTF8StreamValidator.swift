/// Validates a byte stream as UTF-8 chunk by chunk, carrying a sequence that is split
/// between chunks, so that the tokenizer checks all input once, in bulk, instead of
/// string by string.
struct UTF8StreamValidator {
  /// The start of a sequence left incomplete at the end of the previous chunk.
  private var carry: [UInt8] = []

  /// Checks the next chunk.
  /// - Returns: the index in `chunk` of the first byte of an invalid sequence (negative
  ///   when the sequence began in the previous chunk), or `nil` if all is valid so far.
  mutating func check(_ chunk: UnsafeRawBufferPointer) -> Int? {
    var start = 0
    if !carry.isEmpty {
      // Complete the carried sequence with bytes from this chunk.
      let carried = carry.count
      var taken = 0
      while taken < chunk.count && taken < 3 {
        carry.append(chunk[taken])
        taken += 1
        let outcome = carry.withUnsafeBytes { UTF8Validator.check($0) }
        switch outcome {
        case .valid:
          carry.removeAll(keepingCapacity: true)
          start = taken
        case .invalid:
          carry.removeAll(keepingCapacity: true)
          return -carried
        case .incomplete:
          continue
        }
        break
      }
      if !carry.isEmpty { return nil }  // still incomplete: the chunk was tiny
    }
    switch UTF8Validator.check(UnsafeRawBufferPointer(rebasing: chunk[start...])) {
    case .valid:
      return nil
    case .invalid(let index):
      return start + index
    case .incomplete(let index):
      carry.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[(start + index)...]))
      return nil
    }
  }

  /// Forgets a carried sequence (after the stream is reset).
  mutating func reset() {
    carry.removeAll()
  }
}

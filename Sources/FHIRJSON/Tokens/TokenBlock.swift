#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A block of memory holding the tokens and text of one or more ``JSONTokens`` values,
/// freed when the last value using it is gone.
///
/// The tokenizer fills blocks front to back (``TokenBlockAllocator``); what a value
/// was given is never written again.
@usableFromInline final class TokenBlock {
  /// The size of a shared block.
  static let defaultSize = 1 << 18

  /// The size of a block for one value parsed from `bytes` bytes of input: room for its tokens
  /// (about one per 8 bytes of FHIR JSON) and text, so that it usually fits at once (else the
  /// builder moves to a larger block, as for any value), at most ``defaultSize``. Sized so, a
  /// small value held for long keeps a few KiB alive, not 256 (`job` benchmark, issue 20:
  /// `import --jobs 2` of 300 MB peaked at 343 MB with every staged resource in its own
  /// 256 KiB block).
  static func size(forInputBytes bytes: Int) -> Int {
    min(defaultSize, max(4096, (3 * max(bytes, 0) + 1024 + 15) & ~15))
  }

  let memory: UnsafeMutableRawPointer
  let size: Int

  init(size: Int) {
    self.size = size
    memory = malloc(max(size, 16))!
  }

  deinit {
    free(memory)
  }
}

/// Hands out space at the end of shared ``TokenBlock``s, so that tokenizing a stream
/// of small values costs one allocation per block, not one per value.
struct TokenBlockAllocator {
  private var block: TokenBlock?
  private var used = 0
  /// The size of the blocks it shares out.
  let blockSize: Int

  init(blockSize: Int = TokenBlock.defaultSize) {
    self.blockSize = blockSize
  }

  /// The free space at the end of the current block if it holds at least `minimum`
  /// bytes, else a fresh block. Nothing is taken until ``commit(_:bytes:)``.
  mutating func reserve(_ minimum: Int) -> (block: TokenBlock, memory: UnsafeMutableRawPointer, size: Int) {
    if let block, block.size - used >= minimum {
      return (block, block.memory + used, block.size - used)
    }
    return fresh(minimum)
  }

  /// A fresh block of at least `minimum` bytes; a default-sized one becomes the current block.
  mutating func fresh(_ minimum: Int) -> (block: TokenBlock, memory: UnsafeMutableRawPointer, size: Int) {
    guard minimum <= blockSize else {
      let own = TokenBlock(size: minimum)
      return (own, own.memory, own.size)
    }
    let fresh = TokenBlock(size: blockSize)
    block = fresh
    used = 0
    return (fresh, fresh.memory, fresh.size)
  }

  /// Takes `bytes` from the start of the space last reserved in `block`.
  mutating func commit(_ block: TokenBlock, bytes: Int) {
    guard block === self.block else { return }
    used += (bytes + 15) & ~15
  }
}

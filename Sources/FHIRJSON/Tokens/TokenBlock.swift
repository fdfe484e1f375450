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
  /// The size of a shared block; values needing more than a quarter of it get their own.
  static let defaultSize = 1 << 18

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

/// Hands out space in shared ``TokenBlock``s, so that tokenizing a stream of small
/// values costs one allocation per block, not one per value.
struct TokenBlockAllocator {
  private var block: TokenBlock?
  private var used = 0

  /// Space for `byteCount` bytes, 16-byte aligned, and the block that owns it.
  mutating func allocate(_ byteCount: Int) -> (TokenBlock, UnsafeMutableRawPointer) {
    let size = (byteCount + 15) & ~15
    if size > TokenBlock.defaultSize / 4 {
      let own = TokenBlock(size: size)
      return (own, own.memory)
    }
    if let block, used + size <= block.size {
      defer { used += size }
      return (block, block.memory + used)
    }
    let fresh = TokenBlock(size: TokenBlock.defaultSize)
    block = fresh
    used = size
    return (fresh, fresh.memory)
  }
}

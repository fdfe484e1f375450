#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// Reading a token's text in place, for the element accounting of the coders (FHIRCoders'
// `AccountingWalk`), which looks up every member key of every resource: making a `String` of each
// cost it half the care benchmark's figure (docs/benchmarks.md, "Plain reports and accounting").
extension JSONTokens {
  /// A 64-bit FNV-1a digest of the text of the key, string or number at `index`: the same text
  /// gives the same digest in any run. For tables keyed by keys that should not make a `String`
  /// of every key they look up.
  @inlinable public func textDigest(at index: Int) -> UInt64 {
    withText(at: index) { text in
      var digest: UInt64 = 0xcbf2_9ce4_8422_2325
      for byte in text { digest = (digest ^ UInt64(byte)) &* 0x100_0000_01b3 }
      return digest
    }
  }

  /// Whether the text at `index` is exactly `bytes` (no allocation).
  public func text(at index: Int, equalsBytes bytes: [UInt8]) -> Bool {
    withText(at: index) { text in
      guard text.count == bytes.count else { return false }
      guard !bytes.isEmpty else { return true }
      return bytes.withUnsafeBytes { memcmp($0.baseAddress!, text.baseAddress!, text.count) == 0 }
    }
  }

  /// Whether the text at `index` starts with `prefix` (no allocation).
  @inlinable public func text(at index: Int, startsWith prefix: some Collection<UInt8>) -> Bool {
    withText(at: index) { $0.starts(with: prefix) }
  }
}

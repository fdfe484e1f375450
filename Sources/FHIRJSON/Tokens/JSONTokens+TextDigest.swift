extension JSONTokens {
  /// A 64-bit FNV-1a digest of the text of the key, string or number at `index`: the same text
  /// gives the same digest in any run. For tables keyed by keys that should not make a `String`
  /// of every key they look up.
  ///
  /// Reads the text in place (the one reason this is here rather than with its user): element
  /// accounting in the coders looks up every member key of every resource, and making a `String`
  /// of each cost it half the care benchmark's figure (docs/benchmarks.md, "Plain reports and
  /// accounting").
  @inlinable public func textDigest(at index: Int) -> UInt64 {
    withText(at: index) { text in
      var digest: UInt64 = 0xcbf2_9ce4_8422_2325
      for byte in text { digest = (digest ^ UInt64(byte)) &* 0x100_0000_01b3 }
      return digest
    }
  }

  /// Whether the texts at `index` and `other` are the same bytes (no allocation).
  @inlinable public func text(at index: Int, equalsTextAt other: Int) -> Bool {
    withText(at: index) { a in withText(at: other) { b in a.count == b.count && a.elementsEqual(b) } }
  }
}

extension JSONTokens {
  /// Whether the text at `index` starts with `prefix` (no allocation).
  @inlinable public func text(at index: Int, startsWith prefix: some Collection<UInt8>) -> Bool {
    withText(at: index) { $0.starts(with: prefix) }
  }
}

public import FHIRKit

/// What the libFuzzer targets share: the input as bytes, parsing it, feeding it in
/// chunks, and the one way a target reports a finding (a trap libFuzzer records).
public enum Fuzz {
  /// Stops the run with a finding; libFuzzer saves the input as a crash artifact.
  /// - Parameter what: What went wrong (never the input's values).
  public static func fail(_ what: String) -> Never {
    fatalError("fuzz finding: " + what)
  }

  /// The input libFuzzer hands to `LLVMFuzzerTestOneInput`.
  public static func bytes(_ start: UnsafeRawPointer?, _ count: Int) -> UnsafeRawBufferPointer {
    UnsafeRawBufferPointer(start: count > 0 ? start : nil, count: count)
  }

  /// The input parsed as one JSON value with the default limits, or nil when it is not
  /// JSON (a `JSONError`; any other error is a finding).
  public static func tokens(_ bytes: UnsafeRawBufferPointer) -> JSONTokens? {
    do {
      return try JSONTokens(parsing: bytes)
    } catch is JSONError {
      return nil
    } catch {
      fail("parsing threw something other than JSONError")
    }
  }

  /// Calls `body` with consecutive slices of `input` of `size` bytes (the last shorter).
  public static func chunks(
    _ input: UnsafeRawBufferPointer, size: Int, _ body: (UnsafeRawBufferPointer) throws -> Void
  ) rethrows {
    var start = 0
    while start < input.count {
      let end = min(start + max(size, 1), input.count)
      try body(UnsafeRawBufferPointer(rebasing: input[start..<end]))
      start = end
    }
  }

  /// Checks that bytes a writer produced are valid JSON, and returns them parsed.
  /// - Parameter what: Which writer produced them, for the finding's message.
  @discardableResult
  public static func reparse(_ bytes: [UInt8], _ what: String) -> JSONTokens {
    do {
      return try bytes.withUnsafeBytes { try JSONTokens(parsing: $0, options: .init(maxDepth: 10_000)) }
    } catch {
      fail(what + " wrote JSON that does not parse: \(error)")
    }
  }
}

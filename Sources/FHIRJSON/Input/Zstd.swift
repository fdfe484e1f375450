internal import CZstd

/// Zstandard (RFC 8878) decompression of whole frames, through the system's libzstd: what the
/// care store reads each version's source resources back with. The pointer code calling C needs
/// stays here, beside ``Zlib``; ``ZstdCompressor`` compresses.
public enum Zstd {
  /// Why data could not be decompressed.
  public struct Error: Swift.Error, Hashable, Sendable, CustomStringConvertible {
    /// libzstd's name for what went wrong (`ZSTD_getErrorName`), or why the size differs.
    public var reason: String

    public var description: String { "Zstandard data cannot be decompressed (\(reason))" }
  }

  /// The `count` bytes that `bytes`, one Zstandard frame, holds.
  /// - Throws: ``Error`` when `bytes` is not a Zstandard frame of exactly `count` bytes.
  public static func decompress(_ bytes: [UInt8], count: Int) throws -> [UInt8] {
    // libzstd reads no bytes as no frames, and so as nothing.
    guard !bytes.isEmpty else { throw Error(reason: "no frame") }
    // The frame says its size (``ZstdCompressor`` writes it): checked before making room for
    // `count` bytes, which a damaged header could make huge.
    let size = bytes.withUnsafeBufferPointer { ZSTD_getFrameContentSize($0.baseAddress, $0.count) }
    guard size == UInt64(count) else { throw Error(reason: "the frame does not hold \(count) bytes") }
    var output = [UInt8](repeating: 0, count: max(count, 1))
    let result = output.withUnsafeMutableBufferPointer { out in
      bytes.withUnsafeBufferPointer { input in
        ZSTD_decompress(out.baseAddress, count, input.baseAddress, input.count)
      }
    }
    if ZSTD_isError(result) != 0 { throw Error(reason: String(cString: ZSTD_getErrorName(result))) }
    guard result == count else { throw Error(reason: "\(result) bytes, not \(count)") }
    output.removeSubrange(count...)
    return output
  }
}

/// Compresses buffers one after the other into Zstandard frames, with one compression context
/// kept from call to call. Making a context is most of the cost of compressing a resource of a
/// few hundred bytes: reused, level 1 compresses the job export's sources three times as fast as
/// zlib's one-shot level 1 (85 against 252 ms; one-shot, Zstandard takes 271 ms: docs/store.md,
/// "Sources: store size"). Use one compressor per thread at a time.
public final class ZstdCompressor {
  /// The compression level (1 fastest of the regular levels … 19 smallest; negative levels are
  /// faster still).
  public let level: Int32
  private let context: OpaquePointer

  /// Creates a compressor at `level`.
  public init(level: Int32 = 1) {
    self.level = level
    // Fails only when memory runs out.
    guard let context = ZSTD_createCCtx() else { fatalError("ZSTD_createCCtx: out of memory") }
    self.context = context
  }

  deinit { ZSTD_freeCCtx(context) }

  /// `bytes` compressed as one Zstandard frame (which records their size).
  public func compress(_ bytes: [UInt8]) -> [UInt8] {
    let capacity = ZSTD_compressBound(bytes.count)
    var output = [UInt8](repeating: 0, count: capacity)
    let result = output.withUnsafeMutableBufferPointer { out in
      bytes.withUnsafeBufferPointer { input in
        ZSTD_compressCCtx(context, out.baseAddress, capacity, input.baseAddress, input.count, level)
      }
    }
    // ZSTD_compressBound is enough room by libzstd's contract; other errors are a wrong level.
    precondition(ZSTD_isError(result) == 0, "ZSTD_compressCCtx failed: \(String(cString: ZSTD_getErrorName(result)))")
    output.removeSubrange(result...)
    return output
  }
}

@available(*, unavailable)
extension ZstdCompressor: Sendable {}

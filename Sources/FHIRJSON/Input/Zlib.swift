internal import CZlib

/// One-shot zlib compression of a whole buffer, through the system's zlib (`compress2` and
/// `uncompress`): how stores written before Zstandard (``ZstdCompressor``) kept each version's
/// source resources, which the care store still reads back. The pointer code that calling C needs
/// stays here, beside ``InputDecoder``'s streaming inflater.
public enum Zlib {
  /// Why data could not be decompressed.
  public struct Error: Swift.Error, Hashable, Sendable, CustomStringConvertible {
    /// zlib's return code (`Z_DATA_ERROR`, `Z_BUF_ERROR`, …).
    public var code: Int32

    public var description: String { "zlib data cannot be decompressed (zlib code \(code))" }
  }

  /// `bytes` compressed as one zlib stream (RFC 1950) at `level` (1 fastest … 9 smallest).
  public static func compress(_ bytes: [UInt8], level: Int32 = 6) -> [UInt8] {
    var capacity = compressBound(uLong(bytes.count))
    var output = [UInt8](repeating: 0, count: Int(capacity))
    let status = output.withUnsafeMutableBufferPointer { out in
      bytes.withUnsafeBufferPointer { input in
        compress2(out.baseAddress, &capacity, input.baseAddress, uLong(input.count), level)
      }
    }
    // compressBound is enough room by zlib's contract; Z_MEM_ERROR is out of memory.
    precondition(status == Z_OK, "zlib compress2 failed (\(status))")
    output.removeSubrange(Int(capacity)...)
    return output
  }

  /// The `count` bytes that `bytes`, one zlib stream, holds.
  /// - Throws: ``Error`` when `bytes` is not a zlib stream of exactly `count` bytes.
  public static func decompress(_ bytes: [UInt8], count: Int) throws -> [UInt8] {
    var length = uLong(count)
    var output = [UInt8](repeating: 0, count: max(count, 1))
    let status = output.withUnsafeMutableBufferPointer { out in
      bytes.withUnsafeBufferPointer { input in
        uncompress(out.baseAddress, &length, input.baseAddress, uLong(input.count))
      }
    }
    guard status == Z_OK, Int(length) == count else { throw Error(code: status == Z_OK ? Z_DATA_ERROR : status) }
    output.removeSubrange(count...)
    return output
  }
}

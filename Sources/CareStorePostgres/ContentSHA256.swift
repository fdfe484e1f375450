import Crypto

/// SHA-256 of a stream of bytes (swift-crypto's `SHA256`): what ``ImportJob`` keys staged files
/// by, so that a file staged twice (by one worker, or by two at once) is staged once, and what
/// `fhirkit import` fingerprints its inputs with (an SQLite store's import mark).
///
/// ```swift
/// var digest = ContentSHA256()
/// digest.update(chunk)
/// let hex = digest.finalize()  // 64 lowercase hexadecimal digits
/// ```
public struct ContentSHA256: Sendable {
  private var hasher = SHA256()

  /// An empty digest.
  public init() {}

  /// Adds `bytes` to what is hashed.
  public mutating func update(_ bytes: some Sequence<UInt8>) {
    hasher.update(data: Array(bytes))
  }

  /// Adds a chunk of bytes as read, without copying it.
  public mutating func update(_ chunk: UnsafeRawBufferPointer) {
    hasher.update(bufferPointer: chunk)
  }

  /// The digest of everything added, as 64 lowercase hexadecimal digits.
  public func finalize() -> String {
    hasher.finalize().map { byte in
      let hex = String(byte, radix: 16)
      return byte < 16 ? "0" + hex : hex
    }.joined()
  }

  /// The digest of `bytes`, as 64 lowercase hexadecimal digits.
  public static func hex(of bytes: some Sequence<UInt8>) -> String {
    var digest = ContentSHA256()
    digest.update(bytes)
    return digest.finalize()
  }
}

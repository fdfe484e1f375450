package import SystemPackage

/// Reads and writes a file by byte offset (`pread`/`pwrite`), as whole byte arrays: what the
/// care pipeline's staging files need, without pointers above this layer. A value that may
/// cross threads: each read is one positioned read of the descriptor, so several threads may
/// read at once (the staged merge reads partitions on all cores). The descriptor is its
/// owner's to close.
///
/// The buffer pointers of the descriptor's API stay here, in FHIRJSON, the layer that owns the
/// project's unsafe code (benchmark: `FHIRJSONBenchmarks job`, which reads every staged
/// resource back once).
package struct PositionedFile: Sendable {
  /// The open descriptor.
  package let descriptor: FileDescriptor

  package init(descriptor: FileDescriptor) { self.descriptor = descriptor }

  /// The `count` bytes at `offset`.
  /// - Throws: `Errno` when the file cannot be read; ``PositionedFile/EndOfFile`` when it ends
  ///   before `offset + count`.
  package func read(at offset: Int64, count: Int) throws -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: count)
    var done = 0
    while done < count {
      let n = try bytes.withUnsafeMutableBytes { raw in
        try descriptor.read(
          fromAbsoluteOffset: offset + Int64(done), into: UnsafeMutableRawBufferPointer(rebasing: raw[done...]),
          retryOnInterrupt: true)
      }
      if n == 0 { throw EndOfFile() }
      done += n
    }
    return bytes
  }

  /// Writes all of `bytes` at `offset` and returns how many were written.
  /// - Throws: `Errno` when the file cannot be written.
  @discardableResult
  package func write(_ bytes: [UInt8], at offset: Int64) throws -> Int {
    try bytes.withUnsafeBytes { try descriptor.writeAll(toAbsoluteOffset: offset, $0) }
  }

  /// The file ended before the bytes asked for.
  package struct EndOfFile: Error {}
}

public import SystemPackage

/// Reads a file or standard input in fixed-size chunks, for the streaming readers.
public enum ByteChunks {
  /// The chunk size used unless a caller asks otherwise: 64 KiB.
  public static let defaultChunkSize = 1 << 16

  /// Calls `body` with each chunk of the file at `path` (or of standard input if
  /// `path` is `-`), in order. The buffer is only valid during the call.
  /// - Throws: ``JSONError`` of kind ``JSONError/Kind/readFailed`` if the file cannot
  ///   be opened or read, or whatever `body` throws.
  public static func read(
    path: String, chunkSize: Int = defaultChunkSize, _ body: (UnsafeRawBufferPointer) throws -> Void
  ) throws {
    if path == "-" {
      try read(descriptor: .standardInput, source: "<stdin>", chunkSize: chunkSize, body)
      return
    }
    let descriptor: FileDescriptor
    do {
      descriptor = try FileDescriptor.open(FilePath(path), .readOnly)
    } catch {
      throw JSONError(.readFailed, "cannot open: \(error)", source: path)
    }
    try descriptor.closeAfter {
      try read(descriptor: descriptor, source: path, chunkSize: chunkSize, body)
    }
  }

  /// Calls `body` with each chunk read from `descriptor` until end of file.
  public static func read(
    descriptor: FileDescriptor, source: String, chunkSize: Int = defaultChunkSize,
    _ body: (UnsafeRawBufferPointer) throws -> Void
  ) throws {
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(chunkSize, 1), alignment: 8)
    defer { buffer.deallocate() }
    var offset = 0
    while true {
      let count: Int
      do {
        count = try descriptor.read(into: buffer, retryOnInterrupt: true)
      } catch {
        throw JSONError(.readFailed, "cannot read: \(error)", offset: offset, source: source)
      }
      if count == 0 { return }
      offset += count
      try body(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
    }
  }
}

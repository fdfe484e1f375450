public import SystemPackage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a file or standard input in fixed-size chunks, for the streaming readers.
public enum ByteChunks {
  /// The chunk size used unless a caller asks otherwise: 64 KiB.
  public static let defaultChunkSize = 1 << 16

  /// A chunk as handed to a reader's body: raw bytes valid only during the call, so that no
  /// chunk is copied on the way from the file to the tokenizer.
  public typealias Chunk = UnsafeRawBufferPointer

  /// Calls `body` with `head` — bytes already read from the start of the input, to tell what
  /// it holds — and then with each chunk of the rest of the file at `path` (or of standard
  /// input, `-`), as ``read(path:chunkSize:onIdle:_:)`` does: the reader sees the whole input.
  /// - Throws: ``JSONError`` of kind ``JSONError/Kind/readFailed`` if the input cannot be
  ///   opened or read, or whatever `body` throws.
  public static func read(
    path: String, replaying head: [UInt8], chunkSize: Int = defaultChunkSize, onIdle: (() throws -> Void)? = nil,
    _ body: (Chunk) throws -> Void
  ) throws {
    if !head.isEmpty { try head.withUnsafeBytes { try body($0) } }
    try read(path: path, chunkSize: chunkSize, onIdle: onIdle, body)
  }

  /// Calls `body` with each chunk of the file at `path` (or of standard input if
  /// `path` is `-`), in order, as stored (see ``InputDecoder`` for gzip and byte order
  /// marks). The buffer is only valid during the call.
  /// - Parameters:
  ///   - path: The file, or `-`.
  ///   - chunkSize: The largest chunk.
  ///   - onIdle: Called when the input has nothing more to read for now (a pipe whose
  ///     producer pauses), before waiting for it: the moment to hand on what is held.
  ///     Never called for a regular file.
  ///   - body: Called with each chunk.
  /// - Throws: ``JSONError`` of kind ``JSONError/Kind/readFailed`` if the file cannot
  ///   be opened or read, or whatever `body` throws.
  public static func read(
    path: String, chunkSize: Int = defaultChunkSize, onIdle: (() throws -> Void)? = nil,
    _ body: (UnsafeRawBufferPointer) throws -> Void
  ) throws {
    if path == "-" {
      try read(descriptor: .standardInput, source: "<stdin>", chunkSize: chunkSize, onIdle: onIdle, body)
      return
    }
    try read(file: FilePath(path), source: path, chunkSize: chunkSize, onIdle: onIdle, body)
  }

  /// Calls `body` with each chunk of the file at `file`, a path as the file system has it
  /// (its name need not be UTF-8: see ``InputPaths``).
  /// - Throws: ``JSONError`` of kind ``JSONError/Kind/readFailed`` if the file cannot
  ///   be opened or read, or whatever `body` throws.
  public static func read(
    file: FilePath, source: String, chunkSize: Int = defaultChunkSize, onIdle: (() throws -> Void)? = nil,
    _ body: (UnsafeRawBufferPointer) throws -> Void
  ) throws {
    let descriptor: FileDescriptor
    do {
      descriptor = try FileDescriptor.open(file, .readOnly)
    } catch {
      throw JSONError(.readFailed, "cannot open: \(error)", source: source)
    }
    try descriptor.closeAfter {
      try read(descriptor: descriptor, source: source, chunkSize: chunkSize, onIdle: onIdle, body)
    }
  }

  /// Calls `body` with each chunk read from `descriptor` until end of file.
  /// - Parameter onIdle: Called before a read that would wait (nothing is ready on a pipe
  ///   or terminal), once per pause.
  public static func read(
    descriptor: FileDescriptor, source: String, chunkSize: Int = defaultChunkSize,
    onIdle: (() throws -> Void)? = nil, _ body: (UnsafeRawBufferPointer) throws -> Void
  ) throws {
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(chunkSize, 1), alignment: 8)
    defer { buffer.deallocate() }
    var offset = 0
    while true {
      if let onIdle, !isReady(descriptor) { try onIdle() }
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

  /// Whether a read from `descriptor` would return at once (data, end of file or an
  /// error are ready); regular files always are.
  private static func isReady(_ descriptor: FileDescriptor) -> Bool {
    var entry = pollfd(fd: descriptor.rawValue, events: Int16(POLLIN), revents: 0)
    return poll(&entry, 1, 0) != 0
  }
}

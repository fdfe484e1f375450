internal import CZlib

/// Undoes how an input was sent before its JSON is read: gzip compression, told by the
/// gzip magic bytes whatever the file is called (Bulk Data servers send `.ndjson.gz`,
/// or `.ndjson` with `Content-Encoding: gzip` saved as is), and a UTF-8 byte order mark
/// at the start of the content, which RFC 8259 forbids but Windows tools write.
///
/// Decompression streams through the system's zlib: memory stays bounded by one output
/// buffer whatever the input's size, and concatenated gzip members (as `cat a.gz b.gz`
/// makes) are read one after the other. Byte offsets in later errors count the bytes
/// handed out, not the compressed ones.
///
/// ```swift
/// let decoder = InputDecoder(source: path) { note in … }
/// try ByteChunks.read(path: path) { try decoder.feed($0) { content in … } }
/// try decoder.finish { content in … }
/// ```
public final class InputDecoder {
  /// What the decoder did to an input, told once, before the content it concerns.
  public enum Note: Hashable, Sendable, CustomStringConvertible {
    /// The input is gzip-compressed and is decompressed as it is read.
    case gzip
    /// A UTF-8 byte order mark at the start of the content was skipped.
    case byteOrderMark

    public var description: String {
      switch self {
      case .gzip: "gzip-compressed input, decompressed while reading"
      case .byteOrderMark: "a UTF-8 byte order mark at the start was skipped"
      }
    }
  }

  private enum Stage {
    /// Fewer than two bytes seen: gzip or not cannot be told yet.
    case sniffing
    case plain
    case gzip(Inflater)
  }

  private static let gzipMagic: [UInt8] = [0x1F, 0x8B]
  private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

  private let source: String?
  private let onNote: (Note) throws -> Void
  private var stage = Stage.sniffing
  private var head: [UInt8] = []
  /// Whether the first three bytes of content are still to be checked for a byte order mark.
  private var checkingByteOrderMark = true
  private var contentHead: [UInt8] = []

  /// Whether the input was found to be gzip-compressed.
  public var isCompressed: Bool {
    if case .gzip = stage { return true }
    return false
  }

  /// Creates a decoder for one input.
  /// - Parameters:
  ///   - source: A name for the input, put into errors.
  ///   - onNote: Called with what the decoder does, before the content concerned.
  public init(source: String? = nil, onNote: @escaping (Note) throws -> Void = { _ in }) {
    self.source = source
    self.onNote = onNote
  }

  /// Reads the next chunk of the input as it was sent, handing its content to `body`.
  /// - Throws: ``JSONError`` of kind `readFailed` for a corrupt gzip stream, or what
  ///   `body` and the note handler throw.
  public func feed(_ chunk: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer) throws -> Void) throws {
    switch stage {
    case .plain:
      try content(chunk, body)
    case .gzip(let inflater):
      try inflater.inflate(chunk) { try content($0, body) }
    case .sniffing:
      head.append(contentsOf: chunk)
      guard head.count >= Self.gzipMagic.count else { return }
      try decide(body)
    }
  }

  /// Ends the input, handing out what was held back.
  /// - Throws: ``JSONError`` of kind `readFailed` for a truncated gzip stream, or what
  ///   `body` throws.
  public func finish(_ body: (UnsafeRawBufferPointer) throws -> Void) throws {
    if case .sniffing = stage { try decide(body) }
    if case .gzip(let inflater) = stage { try inflater.finish() }
    if checkingByteOrderMark {
      checkingByteOrderMark = false
      let held = contentHead
      contentHead = []
      try held.withUnsafeBytes { try body($0) }
    }
  }

  private func decide(_ body: (UnsafeRawBufferPointer) throws -> Void) throws {
    let held = head
    head = []
    if held.starts(with: Self.gzipMagic) {
      let inflater = try Inflater(source: source)
      stage = .gzip(inflater)
      try onNote(.gzip)
      try held.withUnsafeBytes { bytes in try inflater.inflate(bytes) { try content($0, body) } }
    } else {
      stage = .plain
      try held.withUnsafeBytes { try content($0, body) }
    }
  }

  /// Hands content on, holding back its first bytes until a byte order mark is told.
  private func content(_ bytes: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer) throws -> Void) throws {
    guard checkingByteOrderMark else { return try body(bytes) }
    if contentHead.isEmpty && bytes.count >= Self.byteOrderMark.count {
      checkingByteOrderMark = false
      guard bytes.starts(with: Self.byteOrderMark) else { return try body(bytes) }
      try onNote(.byteOrderMark)
      return try body(UnsafeRawBufferPointer(rebasing: bytes[Self.byteOrderMark.count...]))
    }
    contentHead.append(contentsOf: bytes)
    guard contentHead.count >= Self.byteOrderMark.count else { return }
    checkingByteOrderMark = false
    var held = contentHead
    contentHead = []
    if held.starts(with: Self.byteOrderMark) {
      try onNote(.byteOrderMark)
      held.removeFirst(Self.byteOrderMark.count)
    }
    try held.withUnsafeBytes { try body($0) }
  }
}

@available(*, unavailable)
extension InputDecoder: Sendable {}

/// One zlib inflate stream over gzip members; the only code that calls zlib.
private final class Inflater {
  private static let outputSize = 1 << 18

  private let stream: UnsafeMutablePointer<z_stream>
  private let output: UnsafeMutableRawBufferPointer
  private let source: String?
  /// Whether the last member ended exactly at the end of the bytes fed so far.
  private var memberEnded = false
  private var consumed = 0

  init(source: String?) throws {
    self.source = source
    stream = .allocate(capacity: 1)
    stream.initialize(to: z_stream())
    output = .allocate(byteCount: Self.outputSize, alignment: 8)
    guard czlib_inflate_init_gzip(stream) == Z_OK else {
      stream.deallocate()
      output.deallocate()
      throw JSONError(.readFailed, "cannot start gzip decompression (zlib)", source: source)
    }
  }

  deinit {
    inflateEnd(stream)
    stream.deallocate()
    output.deallocate()
  }

  /// Inflates `chunk`, handing each block of output to `body`.
  func inflate(_ chunk: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer) throws -> Void) throws {
    guard let base = chunk.baseAddress, chunk.count > 0 else { return }
    if memberEnded {
      // Another member follows (`cat a.gz b.gz`).
      inflateReset(stream)
      memberEnded = false
    }
    stream.pointee.next_in = UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: Bytef.self))
    stream.pointee.avail_in = uInt(chunk.count)
    defer {
      stream.pointee.next_in = nil
      stream.pointee.avail_in = 0
    }
    while true {
      stream.pointee.next_out = output.baseAddress!.assumingMemoryBound(to: Bytef.self)
      stream.pointee.avail_out = uInt(Self.outputSize)
      let before = Int(stream.pointee.avail_in)
      let status = CZlib.inflate(stream, Z_NO_FLUSH)
      consumed += before - Int(stream.pointee.avail_in)
      let produced = Self.outputSize - Int(stream.pointee.avail_out)
      if produced > 0 { try body(UnsafeRawBufferPointer(rebasing: output[0..<produced])) }
      switch status {
      case Z_OK:
        if stream.pointee.avail_in == 0 && stream.pointee.avail_out > 0 { return }
      case Z_STREAM_END:
        guard stream.pointee.avail_in > 0 else {
          memberEnded = true
          return
        }
        inflateReset(stream)
      case Z_BUF_ERROR:
        // No progress possible: all input used, more is needed.
        return
      default:
        throw failure("the gzip stream is corrupt")
      }
    }
  }

  /// Checks that the stream ended with a whole member.
  func finish() throws {
    guard memberEnded else { throw failure("the gzip stream is truncated") }
  }

  private func failure(_ message: String) -> JSONError {
    var detail = message
    if let text = stream.pointee.msg { detail += " (zlib: \(String(cString: text)))" }
    return JSONError(.readFailed, detail + " after \(consumed) compressed bytes", offset: consumed, source: source)
  }
}

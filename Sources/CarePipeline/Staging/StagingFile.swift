import FHIRJSON
import Foundation
import SystemPackage

/// An append-only temporary file of byte records, read back by offset. It is unlinked as soon
/// as it is opened, so it disappears when closed, even if the process dies.
final class StagingFile {
  private let descriptor: FileDescriptor
  private var buffer: [UInt8] = []
  private let bufferSize = 1 << 20
  /// Bytes already written to the file (the buffer follows them).
  private var flushed: Int64 = 0
  /// The file's name, for messages.
  let path: String

  /// Creates an empty staging file in `directory`.
  /// - Throws: ``StagingError`` when the file cannot be created.
  init(directory: String) throws {
    (descriptor, path) = try Self.openTemporary(in: directory)
    buffer.reserveCapacity(bufferSize)
  }

  /// Creates a temporary file in `directory`, open for reading and writing, and unlinks it.
  /// - Returns: Its descriptor, and the name it had (for messages).
  /// - Throws: ``StagingError`` when it cannot be created.
  static func openTemporary(in directory: String) throws -> (FileDescriptor, String) {
    let path = (directory as NSString).appendingPathComponent("fhirkit-staging-\(UUID().uuidString).tmp")
    let descriptor: FileDescriptor
    do {
      descriptor = try FileDescriptor.open(
        FilePath(path), .readWrite, options: [.create, .exclusiveCreate], permissions: [.ownerReadWrite])
    } catch {
      throw StagingError(path: path, message: "cannot create the staging file: \(error)")
    }
    try? FileManager.default.removeItem(atPath: path)
    return (descriptor, path)
  }

  deinit { try? descriptor.close() }

  /// The size of everything appended so far.
  var size: Int64 { flushed + Int64(buffer.count) }

  /// Appends `bytes` and returns where they start.
  @discardableResult
  func append(_ bytes: some Collection<UInt8>) throws -> Int64 {
    let offset = size
    if buffer.count + bytes.count > bufferSize { try flush() }
    if bytes.count >= bufferSize {
      try write(Array(bytes))
    } else {
      buffer.append(contentsOf: bytes)
    }
    return offset
  }

  /// Appends a record as ``RecordFile`` frames it: its length, four bytes big-endian, then its
  /// bytes.
  func appendRecord(_ record: some Collection<UInt8>) throws {
    if buffer.count + record.count + 4 > bufferSize { try flush() }
    RecordBuilder.appendLength(UInt64(record.count), to: &buffer)
    if record.count >= bufferSize {
      try flush()
      try write(Array(record))
    } else {
      buffer += record
    }
  }

  /// The `count` bytes at `offset`.
  func read(at offset: Int64, count: Int) throws -> [UInt8] {
    if offset >= flushed {
      let start = Int(offset - flushed)
      return Array(buffer[start..<start + count])
    }
    try flush()
    return try reader.read(at: offset, count: count)
  }

  /// Reads what was flushed, from any thread (for merging partitions on several threads once
  /// everything is staged and flushed).
  var reader: Reader { Reader(file: PositionedFile(descriptor: descriptor), path: path) }

  /// Reads a staging file's flushed bytes by offset; a value that may cross threads (each read
  /// is one positioned read of the descriptor, which the staging file outlives).
  struct Reader: Sendable {
    let file: PositionedFile
    let path: String

    /// The `count` bytes at `offset`, which must have been flushed.
    /// - Throws: ``StagingError`` when they cannot be read.
    func read(at offset: Int64, count: Int) throws -> [UInt8] {
      do {
        return try file.read(at: offset, count: count)
      } catch is PositionedFile.EndOfFile {
        throw StagingError(path: path, message: "the staging file ended early")
      } catch {
        throw StagingError(path: path, message: "cannot read the staging file: \(error)")
      }
    }
  }

  /// Writes the buffer out.
  func flush() throws {
    guard !buffer.isEmpty else { return }
    try write(buffer)
    buffer.removeAll(keepingCapacity: true)
  }

  private func write(_ bytes: [UInt8]) throws {
    do {
      flushed += Int64(try PositionedFile(descriptor: descriptor).write(bytes, at: flushed))
    } catch {
      throw StagingError(path: path, message: "cannot write the staging file: \(error)")
    }
  }
}

@available(*, unavailable)
extension StagingFile: Sendable {}

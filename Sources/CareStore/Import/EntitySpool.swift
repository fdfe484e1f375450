import CareModel
import Foundation

/// Entities of one kind with their provenance, spooled to a temporary file in the order they
/// were added and read back in that order: what lets an import of a staged pipeline run write
/// kind by kind without holding the entities in memory. Each entity is a length-prefixed binary
/// property list (lossless: dates keep every bit). The file is unlinked as soon as it is
/// created, so nothing is left behind.
final class EntitySpool {
  /// One spooled entity.
  struct Entry: Codable {
    var record: CareRecord
    var sources: [SourceReference]
  }

  private let handle: FileHandle
  private var buffer = Data()
  private let encoder: PropertyListEncoder = {
    let encoder = PropertyListEncoder()
    encoder.outputFormat = .binary
    return encoder
  }()
  /// Entities added.
  private(set) var count = 0

  /// Creates an empty spool in `directory` (default: the system's temporary folder).
  /// - Throws: ``StoreError`` when the file cannot be created.
  init(directory: String? = nil) throws {
    let path = ((directory ?? NSTemporaryDirectory()) as NSString)
      .appendingPathComponent("fhirkit-import-\(UUID().uuidString).tmp")
    guard FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]),
      let handle = FileHandle(forUpdatingAtPath: path)
    else { throw StoreError.spool("cannot create a temporary file for the import") }
    try? FileManager.default.removeItem(atPath: path)
    self.handle = handle
  }

  deinit { try? handle.close() }

  /// Appends an entity.
  func append(_ record: CareRecord, sources: [SourceReference]) throws {
    let bytes = try encoder.encode(Entry(record: record, sources: sources))
    let length = UInt32(bytes.count)
    buffer.append(contentsOf: [UInt8(length & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length >> 16 & 0xFF), UInt8(length >> 24)])
    buffer.append(bytes)
    count += 1
    if buffer.count >= 1 << 20 { try flush() }
  }

  private func flush() throws {
    guard !buffer.isEmpty else { return }
    do {
      try handle.write(contentsOf: buffer)
    } catch {
      throw StoreError.spool("cannot write the import's temporary file")
    }
    buffer.removeAll(keepingCapacity: true)
  }

  /// Calls `body` with each entity, in the order added.
  func forEach(_ body: (Entry) throws -> Void) throws {
    try flush()
    do {
      try handle.seek(toOffset: 0)
    } catch {
      throw StoreError.spool("cannot read the import's temporary file")
    }
    let decoder = PropertyListDecoder()
    var pending = Data()
    var start = 0
    var read = 0
    while read < count {
      // One entity: a 4-byte length, then its bytes.
      while pending.count - start < 4 || pending.count - start < 4 + Self.length(pending, at: start) {
        guard let chunk = try? handle.read(upToCount: 1 << 20), !chunk.isEmpty else {
          throw StoreError.spool("the import's temporary file ended early")
        }
        pending = Data(pending[(pending.startIndex + start)...]) + chunk
        start = 0
      }
      let length = Self.length(pending, at: start)
      let from = pending.startIndex + start + 4
      try body(try decoder.decode(Entry.self, from: pending[from..<from + length]))
      start += 4 + length
      read += 1
    }
  }

  private static func length(_ data: Data, at offset: Int) -> Int {
    var value: UInt32 = 0
    for i in 0..<4 { value |= UInt32(data[data.startIndex + offset + i]) << (8 * i) }
    return Int(value)
  }
}

extension StoreError {
  /// A failure of the import's temporary file.
  static func spool(_ operation: String) -> StoreError {
    StoreError(.temporaryFile, store: "(temporary file)", operation: operation)
  }
}

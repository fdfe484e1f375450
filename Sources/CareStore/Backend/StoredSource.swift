import CareModel
public import Foundation
internal import FHIRJSON

/// How a backend keeps a version's source resource (``SourceReference/json``): compressed behind
/// a small header, since the sources alone would about double a store (docs/store.md, "Sources:
/// store size"). Sources stored plain (before compression, or by another writer) are JSON objects
/// and read back as they are.
///
/// The stored form is a 4-byte tag, the JSON's length as 4 bytes (little-endian), then the
/// compressed JSON: `"FKZS"` and a Zstandard frame, as ``Packer`` writes it; `"FKZ1"` and a zlib
/// stream in stores written before (read back all the same).
public enum StoredSource {
  /// Why a stored source cannot be read back.
  public struct Error: Swift.Error, Hashable, Sendable, CustomStringConvertible {
    public var description: String { "a stored source resource is damaged (its compressed form does not decompress)" }
  }

  private static let zstdTag: [UInt8] = Array("FKZS".utf8)
  private static let zlibTag: [UInt8] = Array("FKZ1".utf8)

  /// Packs sources one after the other with one compression context (Zstandard at level 1), which
  /// makes packing the job export's sources three times as fast as a context per source
  /// (docs/store.md, "Sources: store size"). One packer per thread at a time: an import packs on
  /// several threads with a packer each.
  public final class Packer {
    private let compressor = ZstdCompressor(level: 1)

    /// Creates a packer.
    public init() {}

    /// The stored form of `json`.
    public func pack(_ json: Data) -> Data {
      let count = UInt32(json.count)
      var out = StoredSource.zstdTag
      out += [UInt8(count & 0xFF), UInt8(count >> 8 & 0xFF), UInt8(count >> 16 & 0xFF), UInt8(count >> 24)]
      out += compressor.compress([UInt8](json))
      return Data(out)
    }
  }

  /// The stored form of `json`, made by a packer of its own (``Packer`` packs many faster).
  public static func pack(_ json: Data) -> Data { Packer().pack(json) }

  /// The JSON `stored` holds, as ``unpack(_:)`` reads it, for a backend reading the source
  /// `resourceType`/`resourceID` of `version`.
  /// - Throws: ``StoreError`` (``StoreError/Kind/corrupt``) naming the version and the resource
  ///   (never its content) when it does not decompress.
  public static func unpack(
    _ stored: Data, store: String, version: UUID, resourceType: String, resourceID: String?
  ) throws -> Data {
    do {
      return try unpack(stored)
    } catch {
      throw StoreError(
        .corrupt, store: store,
        operation: "reading the source \(resourceType)/\(resourceID ?? "(no id)") of version \(version.uuidString)",
        detail: "its compressed form does not decompress")
    }
  }

  /// The JSON `stored` holds: unpacked when ``Packer`` (or the zlib packing of earlier versions)
  /// made it, else `stored` itself.
  /// - Throws: ``Error`` when a packed source does not decompress.
  public static func unpack(_ stored: Data) throws -> Data {
    let bytes = [UInt8](stored)
    guard bytes.count >= 8 else { return stored }
    let isZstd = bytes.starts(with: zstdTag)
    guard isZstd || bytes.starts(with: zlibTag) else { return stored }
    let count = Int(bytes[4]) | Int(bytes[5]) << 8 | Int(bytes[6]) << 16 | Int(bytes[7]) << 24
    let packed = Array(bytes[8...])
    do {
      return Data(isZstd ? try Zstd.decompress(packed, count: count) : try Zlib.decompress(packed, count: count))
    } catch {
      throw Error()
    }
  }
}

@available(*, unavailable)
extension StoredSource.Packer: Sendable {}

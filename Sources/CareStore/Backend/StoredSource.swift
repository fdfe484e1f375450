import CareModel
public import Foundation
internal import FHIRJSON

/// How a backend keeps a version's source resource (``SourceReference/json``): compressed with
/// zlib behind a small header, since the sources alone would about double a store
/// (docs/store.md, "Sources: store size"). Sources stored plain (before compression, or by
/// another writer) are JSON objects and read back as they are.
///
/// The stored form is `"FKZ1"`, the JSON's length as 4 bytes (little-endian), then the zlib
/// stream.
public enum StoredSource {
  /// Why a stored source cannot be read back.
  public struct Error: Swift.Error, Hashable, Sendable, CustomStringConvertible {
    public var description: String { "a stored source resource is damaged (its compressed form does not decompress)" }
  }

  private static let magic: [UInt8] = Array("FKZ1".utf8)

  /// The stored form of `json`, compressed at zlib's level 1: on resources of a few hundred
  /// bytes the default level 6 makes them only 3 % smaller and costs 2 % of an import
  /// (docs/store.md, "Sources: store size").
  public static func pack(_ json: Data) -> Data {
    let count = UInt32(json.count)
    var out = magic
    out += [UInt8(count & 0xFF), UInt8(count >> 8 & 0xFF), UInt8(count >> 16 & 0xFF), UInt8(count >> 24)]
    out += Zlib.compress([UInt8](json), level: 1)
    return Data(out)
  }

  /// The JSON `stored` holds: unpacked when ``pack(_:)`` made it, else `stored` itself.
  /// - Throws: ``Error`` when a packed source does not decompress.
  public static func unpack(_ stored: Data) throws -> Data {
    let bytes = [UInt8](stored)
    guard bytes.count >= 8, bytes.starts(with: magic) else { return stored }
    let count = Int(bytes[4]) | Int(bytes[5]) << 8 | Int(bytes[6]) << 16 | Int(bytes[7]) << 24
    do {
      return Data(try Zlib.decompress(Array(bytes[8...]), count: count))
    } catch {
      throw Error()
    }
  }
}

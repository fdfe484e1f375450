import CareStore
import FHIRJSON
import Foundation
import Testing

/// `StoredSource`: a source resource's stored form. A packer writes the Zstandard form, reused for
/// source after source; the zlib form of earlier stores and plain JSON read back as well; damage
/// is an error.
@Suite("Stored sources")
struct StoredSourceTests {
  /// A resource's JSON of about `count` bytes.
  static func resource(_ count: Int, id: Int) -> Data {
    var json = #"{"resourceType":"Observation","id":"obs-\#(id)","status":"final","note":["#
    var i = 0
    while json.utf8.count < count {
      json += #"{"text":"reading \#(i) of \#(id)"},"#
      i += 1
    }
    json += #"{"text":"end"}]}"#
    return Data(json.utf8)
  }

  /// `json` in the stored form of stores written before Zstandard: `FKZ1`, its length, a zlib stream.
  static func zlibForm(_ json: [UInt8]) -> Data {
    let count = UInt32(json.count)
    return Data("FKZ1".utf8)
      + Data([UInt8(count & 0xFF), UInt8(count >> 8 & 0xFF), UInt8(count >> 16 & 0xFF), UInt8(count >> 24)])
      + Data(Zlib.compress(json, level: 1))
  }

  @Test("one packer packs source after source, each read back exactly, in the Zstandard form")
  func packerRoundTrips() throws {
    let packer = StoredSource.Packer()
    for (id, count) in [2000, 80, 300_000, 0, 900, 40000, 150].enumerated() {
      let json = Self.resource(count, id: id)
      let stored = packer.pack(json)
      #expect(stored.prefix(4) == Data("FKZS".utf8))
      let length = stored[4..<8].enumerated().reduce(0) { $0 | Int($1.element) << (8 * $1.offset) }
      #expect(length == json.count)
      #expect(try StoredSource.unpack(stored) == json)
      #expect(StoredSource.pack(json) == stored)
      if json.count > 1000 { #expect(stored.count * 2 < json.count) }
    }
  }

  @Test("the zlib form of stores written before reads back, and plain JSON as it is")
  func earlierForms() throws {
    let json = Self.resource(5000, id: 1)
    #expect(try StoredSource.unpack(Self.zlibForm([UInt8](json))) == json)
    #expect(try StoredSource.unpack(json) == json)
    #expect(try StoredSource.unpack(Data("{}".utf8)) == Data("{}".utf8))
  }

  @Test("a damaged stored source is an error, in either form")
  func damaged() throws {
    let json = Self.resource(5000, id: 2)
    let stored = StoredSource.pack(json)
    #expect(throws: StoredSource.Error.self) { try StoredSource.unpack(stored.prefix(stored.count / 2)) }
    var wrongLength = stored
    wrongLength[4] ^= 1
    #expect(throws: StoredSource.Error.self) { try StoredSource.unpack(wrongLength) }
    // A Zstandard frame under the zlib tag, and the other way round.
    var zlibTagged = stored
    zlibTagged.replaceSubrange(0..<4, with: Data("FKZ1".utf8))
    #expect(throws: StoredSource.Error.self) { try StoredSource.unpack(zlibTagged) }
    let zlibPacked = Data(Zlib.compress([UInt8](json), level: 1))
    #expect(throws: StoredSource.Error.self) { try StoredSource.unpack(stored.prefix(8) + zlibPacked) }
  }
}

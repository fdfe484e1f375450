import FHIRJSON
import Foundation
import Testing

/// `ZstdCompressor` and `Zstd`: what the care store packs each source resource with. One
/// compressor reused for inputs of every size gives each back exactly, damage is an error, and the
/// output is a standard Zstandard frame (the `zstd` tool reads it).
@Suite("Zstd")
struct ZstdTests {
  static let sizes = [0, 1, 2, 100, 1500, 16383, 16384, 16385, 40000, 300_000]

  @Test("one compressor, reused for every size in turn, round-trips each, compressible or not")
  func roundTrip() throws {
    let compressor = ZstdCompressor()
    // Large then small then large again: what one context keeps between calls must not leak.
    for count in Self.sizes + Self.sizes.reversed() {
      for bytes in [ZlibTests.json(count), ZlibTests.noise(count)] {
        let packed = compressor.compress(bytes)
        #expect(try Zstd.decompress(packed, count: bytes.count) == bytes, "\(bytes.count) bytes")
      }
      if count >= 1500 { #expect(compressor.compress(ZlibTests.json(count)).count * 3 < count) }
    }
  }

  @Test("a reused compressor gives what a new one gives, at its level")
  func reuseChangesNothing() {
    let reused = ZstdCompressor(level: 1)
    for count in Self.sizes {
      let bytes = ZlibTests.json(count)
      #expect(reused.compress(bytes) == ZstdCompressor(level: 1).compress(bytes))
    }
    let smaller = ZstdCompressor(level: 19).compress(ZlibTests.json(300_000))
    #expect(smaller.count < reused.compress(ZlibTests.json(300_000)).count)
  }

  @Test("a wrong length, damaged or foreign data is an error, not a crash")
  func damaged() throws {
    let packed = ZstdCompressor().compress(ZlibTests.json(5000))
    #expect(throws: Zstd.Error.self) { try Zstd.decompress(packed, count: 4999) }
    #expect(throws: Zstd.Error.self) { try Zstd.decompress(packed, count: 5001) }
    #expect(throws: Zstd.Error.self) { try Zstd.decompress(Array(packed.prefix(packed.count / 2)), count: 5000) }
    #expect(throws: Zstd.Error.self) { try Zstd.decompress(Zlib.compress(ZlibTests.json(5000)), count: 5000) }
    #expect(throws: Zstd.Error.self) { try Zstd.decompress([], count: 0) }
    // A damaged length asking for 4 GiB is refused by the frame's own size, before any room is made.
    #expect(throws: Zstd.Error.self) { try Zstd.decompress(packed, count: Int(UInt32.max)) }
  }

  @Test("the output is a standard Zstandard frame: the zstd tool reads it")
  func otherZstdReads() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zstd-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let compressor = ZstdCompressor()
    for count in [100, 16384, 40000] {
      let bytes = ZlibTests.json(count)
      let packedURL = folder.appendingPathComponent("\(count).zst")
      try Data(compressor.compress(bytes)).write(to: packedURL)
      let (status, output) = try ZlibTests.toolOutput(["zstd", "-q", "-d", "-c", packedURL.path])
      #expect(status == 0)
      #expect(output == bytes)
    }
  }
}

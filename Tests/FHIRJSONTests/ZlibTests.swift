import FHIRJSON
import Foundation
import Testing

/// `Zlib`: what the care store compresses each source resource with. Every size round-trips,
/// damage is an error, and the output is a zlib stream any zlib reads (Python's, here).
@Suite("Zlib")
struct ZlibTests {
  /// JSON-like text of `count` bytes, compressible as resources are.
  static func json(_ count: Int) -> [UInt8] {
    var text = ""
    var i = 0
    while text.utf8.count < count {
      text += #"{"resourceType":"Observation","id":"obs-\#(i)","status":"final","valueQuantity":{"value":\#(i % 97).5}},"#
      i += 1
    }
    return Array(text.utf8.prefix(count))
  }

  /// `count` bytes that do not compress.
  static func noise(_ count: Int) -> [UInt8] {
    var generator = SystemRandomNumberGenerator()
    return (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
  }

  @Test("every size round-trips, compressible or not", arguments: [0, 1, 2, 100, 1500, 16383, 16384, 16385, 40000, 300_000])
  func roundTrip(count: Int) throws {
    for bytes in [Self.json(count), Self.noise(count)] {
      let packed = Zlib.compress(bytes)
      #expect(try Zlib.decompress(packed, count: bytes.count) == bytes)
    }
    if count >= 1500 { #expect(Zlib.compress(Self.json(count)).count * 3 < count) }
  }

  @Test("a wrong length or damaged data is an error, not a crash")
  func damaged() throws {
    let packed = Zlib.compress(Self.json(5000))
    #expect(throws: Zlib.Error.self) { try Zlib.decompress(packed, count: 4999) }
    #expect(throws: Zlib.Error.self) { try Zlib.decompress(Array(packed.prefix(packed.count / 2)), count: 5000) }
  }

  /// What a tool found on `PATH` (`arguments[0]`) writes on stdout, and its exit status.
  static func toolOutput(_ arguments: [String]) throws -> (status: Int32, output: [UInt8]) {
    let tool = Process()
    tool.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    tool.arguments = arguments
    let pipe = Pipe()
    tool.standardOutput = pipe
    try tool.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    tool.waitUntilExit()
    return (tool.terminationStatus, [UInt8](output))
  }

  @Test("the output is a standard zlib stream: Python's zlib reads it")
  func otherZlibReads() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zlib-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    for count in [100, 16384, 40000] {
      let bytes = Self.json(count)
      let packedURL = folder.appendingPathComponent("\(count).z")
      try Data(Zlib.compress(bytes)).write(to: packedURL)
      let (status, output) = try Self.toolOutput([
        "python3", "-c", "import sys, zlib; sys.stdout.buffer.write(zlib.decompress(open(sys.argv[1], 'rb').read()))",
        packedURL.path,
      ])
      #expect(status == 0)
      #expect(output == bytes)
    }
  }
}

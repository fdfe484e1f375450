import FHIRJSON
import FHIRTestSupport
import Foundation

/// A folder of Bundles for the job benchmark: the R4 Synthea fixture Bundles, copied until the
/// folder holds the size asked for. In each copy every UUID (ids, `fullUrl`s, `urn:uuid:`
/// references) has its first four hex digits replaced by the copy number, so copies are distinct
/// patients whose references still resolve, as in a pile of Synthea output.
enum BundleCopies {
  /// Writes copies of the fixture Bundles into `folder` (created), at least `bytes` in all.
  /// - Returns: The bytes written, the resources (entries) in them, and the number of copies.
  static func write(atLeast bytes: Int, to folder: String) throws -> (bytes: Int, resources: Int, copies: Int) {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let paths = Fixtures.files(extensions: ["json"], under: "r4/bundles").filter { $0.contains("synthea__") }.sorted()
    let bundles = paths.map { Fixtures.bytes($0) }
    let entriesPerCopy = try bundles.reduce(0) { count, bundle in
      count + (try bundle.withUnsafeBytes { try JSONValue(parsing: $0) }["entry"]?.arrayValue?.count ?? 0)
    }
    let bytesPerCopy = bundles.reduce(0) { $0 + $1.count }
    let copies = min(0x10000, max(1, (bytes + bytesPerCopy - 1) / bytesPerCopy))
    let uuids = bundles.map(uuidPositions)
    for copy in 0..<copies {
      let digits = Array(String(format: "%04x", copy).utf8)
      for (index, bundle) in bundles.enumerated() {
        var output = bundle
        for position in uuids[index] { output.replaceSubrange(position..<position + 4, with: digits) }
        let path = folder + "/" + String(format: "copy%05d-%02d.json", copy, index)
        try Data(output).write(to: URL(fileURLWithPath: path))
      }
    }
    return (bytesPerCopy * copies, entriesPerCopy * copies, copies)
  }

  /// Where the lowercase UUIDs (8-4-4-4-12, not inside a longer run of hex digits) in `bytes` start.
  static func uuidPositions(_ bytes: [UInt8]) -> [Int] {
    var positions: [Int] = []
    var i = 0
    while i + 36 <= bytes.count {
      if isUUID(bytes, at: i) {
        positions.append(i)
        i += 36
      } else {
        i += 1
      }
    }
    return positions
  }

  private static func isUUID(_ bytes: [UInt8], at start: Int) -> Bool {
    if start > 0 && isHex(bytes[start - 1]) { return false }
    for offset in 0..<36 {
      let byte = bytes[start + offset]
      let isDash = offset == 8 || offset == 13 || offset == 18 || offset == 23
      guard isDash ? byte == UInt8(ascii: "-") : isHex(byte) else { return false }
    }
    return start + 36 == bytes.count || !isHex(bytes[start + 36])
  }

  private static func isHex(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
  }
}

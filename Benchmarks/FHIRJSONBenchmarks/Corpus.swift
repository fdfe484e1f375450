import FHIRJSON
import FHIRTestSupport
import Foundation

/// Benchmark inputs generated at run time from the real FHIR files in Fixtures/.
enum Corpus {
  /// Every resource in Fixtures (Bundle entries' resources, NDJSON lines and single
  /// resources), each as one compact JSON line.
  static func resourceLines(under folder: String = "") throws -> [[UInt8]] {
    var lines: [[UInt8]] = []
    for path in Fixtures.files(extensions: ["json"], under: folder) {
      let value = try Fixtures.bytes(path).withUnsafeBytes { try JSONValue(parsing: $0) }
      if let entries = value["entry"]?.arrayValue {
        for entry in entries {
          if let resource = entry["resource"] { lines.append(JSONWriter.bytes(of: resource)) }
        }
      } else {
        lines.append(JSONWriter.bytes(of: value))
      }
    }
    for path in Fixtures.files(extensions: ["ndjson"], under: folder) {
      for line in Fixtures.bytes(path).split(separator: 0x0A) where !line.isEmpty {
        lines.append(Array(line))
      }
    }
    return lines
  }

  /// NDJSON of at least `bytes` bytes, cycling through the fixture resources.
  static func ndjson(atLeast bytes: Int) throws -> [UInt8] {
    ndjson(from: try resourceLines(), atLeast: bytes)
  }

  /// NDJSON of at least `bytes` bytes, cycling through `lines`.
  static func ndjson(from lines: [[UInt8]], atLeast bytes: Int) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(bytes + (1 << 20))
    while output.count < bytes {
      for line in lines {
        output += line
        output.append(0x0A)
        if output.count >= bytes { break }
      }
    }
    return output
  }

  /// Writes a pretty-printed Bundle of at least `bytes` bytes to `path`, repeating the
  /// entries of the largest Synthea fixture bundle, and returns the entry count.
  static func writeBundle(atLeast bytes: Int, to path: String) throws -> Int {
    let source = Fixtures.files(extensions: ["json"], under: "r4/bundles")
      .max { Fixtures.bytes($0).count < Fixtures.bytes($1).count }!
    let bundle = try Fixtures.bytes(source).withUnsafeBytes { try JSONValue(parsing: $0) }
    let entries = bundle["entry"]?.arrayValue ?? []
    let encoded = entries.map { entry -> [UInt8] in
      var writer = JSONWriter(style: .pretty)
      writer.value(entry)
      return writer.output
    }
    _ = FileManager.default.createFile(atPath: path, contents: nil)
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    defer { try? handle.close() }
    var written = 0
    var count = 0
    var buffer: [UInt8] = Array("{\n  \"resourceType\": \"Bundle\",\n  \"type\": \"collection\",\n  \"entry\": [\n".utf8)
    while written + buffer.count < bytes {
      for entry in encoded {
        if count > 0 { buffer += Array(",\n".utf8) }
        buffer += entry
        count += 1
        if buffer.count > 1 << 22 {
          try handle.write(contentsOf: buffer)
          written += buffer.count
          buffer.removeAll(keepingCapacity: true)
        }
      }
    }
    buffer += Array("\n  ]\n}\n".utf8)
    try handle.write(contentsOf: buffer)
    return count
  }
}

import CarePipeline
import CareStore
import CareStoreFHIR
import CareStoreSQLite
import FHIRCore
import FHIRDSTU2
import FHIRJSON
import FHIRR4
import FHIRTestSupport
import Foundation

/// Care store import throughput next to the pipeline's, in the same run: Synthea bundles of both
/// releases copied until there are at least `resources` resources, each copy with new ids
/// (every UUID in it mapped to another, consistently, so references still resolve), decoded,
/// merged by the pipeline, then imported into a new SQLite store — and imported again, which
/// must write nothing. Target: storing takes at most half the pipeline's time.
struct StoreBenchmark {
  var resources: Int
  var batchSize: Int

  func run() throws {
    let paths =
      Fixtures.files(extensions: ["json"], under: "r4/bundles")
      + Fixtures.files(extensions: ["json"], under: "dstu2/bundles").filter { $0.contains("synthea__") }
    let templates = paths.map { (bytes: Fixtures.bytes($0), r4: $0.hasPrefix("r4/")) }
    let perCopy = try templates.reduce(0) { total, t in
      total + (try t.bytes.withUnsafeBytes { try JSONValue(parsing: $0) }["entry"]?.arrayValue?.count ?? 0)
    }
    let copies = (resources + perCopy - 1) / perCopy
    print("corpus: \(templates.count) Synthea bundles (\(perCopy) resources) × \(copies) copies with new ids")

    var start = DispatchTime.now().uptimeNanoseconds
    var input = PipelineInput()
    for copy in 0..<copies {
      for template in templates {
        let bytes = Self.renumber(template.bytes, copy: UInt32(copy))
        let tokens = try Chunked.tokens(bytes, chunkSize: bytes.count)
        if template.r4 {
          if let value = try FHIRR4.AnyResource.decode(from: tokens).value { input.add(value) }
        } else {
          if let value = try FHIRDSTU2.AnyResource.decode(from: tokens).value { input.add(value) }
        }
      }
    }
    let decodeTime = seconds(since: start)
    let count = input.entries.count

    start = DispatchTime.now().uptimeNanoseconds
    let result = Pipeline().run(input)
    let pipelineTime = seconds(since: start)
    input = PipelineInput()
    let entities = result.patients.count + result.carePlans.count + result.tasks.count + result.outcomes.count

    let folder = NSTemporaryDirectory() + "fhirkit-store-bench-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let backend = try SQLiteBackend(path: folder + "/store.sqlite")
    let importer = CareImporter(backend: backend, batchSize: batchSize)
    start = DispatchTime.now().uptimeNanoseconds
    let summary = try importer.importResult(result)
    let storeTime = seconds(since: start)
    start = DispatchTime.now().uptimeNanoseconds
    let again = try importer.importResult(result)
    let againTime = seconds(since: start)
    let size = (try FileManager.default.attributesOfItem(atPath: folder + "/store.sqlite")[.size] as? Int) ?? 0

    print(
      "resources: \(count), entities: \(entities) (\(result.patients.count) patients, \(result.carePlans.count) plans, \(result.tasks.count) tasks, \(result.outcomes.count) outcomes)"
    )
    print(
      "versions written: \(summary.versionsWritten) in \(summary.batches) batches of \(batchSize); store file \(size >> 20) MiB\n"
    )
    print("step                              seconds   resources/s    entities/s")
    func row(_ name: String, _ time: Double) {
      print(
        name.padding(toLength: 32, withPad: " ", startingAt: 0)
          + String(format: " %8.2f  %12.0f  %12.0f", time, Double(count) / time, Double(entities) / time))
    }
    row("decode (bytes → models)", decodeTime)
    row("pipeline (models → entities)", pipelineTime)
    row("store import (new store)", storeTime)
    row("store re-import (unchanged)", againTime)
    print(
      String(
        format:
          "\nstoring / pipeline: %.2f (target <= 0.50); storing / (decode + pipeline): %.2f; re-import wrote %d versions",
        storeTime / pipelineTime, storeTime / (decodeTime + pipelineTime), again.versionsWritten))
  }

  private func seconds(since start: UInt64) -> Double { Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }

  /// `bytes` with every UUID's first group XOR-ed with a value of `copy` (copy 0 unchanged).
  static func renumber(_ bytes: [UInt8], copy: UInt32) -> [UInt8] {
    guard copy > 0 else { return bytes }
    var out = bytes
    let mask = copy &* 2_654_435_761
    let hex = Array("0123456789abcdef".utf8)
    func value(_ c: UInt8) -> UInt32? {
      switch c {
      case 0x30...0x39: UInt32(c - 0x30)
      case 0x61...0x66: UInt32(c - 0x61 + 10)
      case 0x41...0x46: UInt32(c - 0x41 + 10)
      default: nil
      }
    }
    var i = 0
    while i + 36 <= out.count {
      // 8-4-4-4-12 hex digits with dashes.
      if out[i + 8] == 0x2D && out[i + 13] == 0x2D && out[i + 18] == 0x2D && out[i + 23] == 0x2D,
        (i == 0 || value(out[i - 1]) == nil)
      {
        var first: UInt32 = 0
        var ok = true
        for j in 0..<36 where j != 8 && j != 13 && j != 18 && j != 23 {
          guard let v = value(out[i + j]) else {
            ok = false
            break
          }
          if j < 8 { first = first << 4 | v }
        }
        if ok {
          let upper = out[i..<i + 8].contains { $0 >= 0x41 && $0 <= 0x46 }
          let renamed = first ^ mask
          for j in 0..<8 {
            let digit = hex[Int((renamed >> (28 - 4 * UInt32(j))) & 0xF)]
            out[i + j] = upper && digit >= 0x61 ? digit - 0x20 : digit
          }
          i += 36
          continue
        }
      }
      i += 1
    }
    return out
  }
}

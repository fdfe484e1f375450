import FHIRCore
import FHIRDSTU2
import FHIRJSON
import FHIRR4
import FHIRReleaseConversion
import Foundation

/// Release conversion throughput: the modelled resources of both releases' fixtures,
/// decoded only, then decoded and converted to the other release, in the same run.
/// The ratio of the two is the figure to watch (conversion cost next to decoding).
struct ReleaseConversionBenchmark {
  var sizeMB: Int
  var runs: Int

  func run() throws {
    print("release conversion, best of \(runs) interleaved rounds\n")
    print("corpus                       decode MB/s   decode + convert MB/s   ratio")
    try measure("R4 → DSTU2", folder: "r4", modelled: FHIRR4.AnyResource.modelledTypes) { tokens in
      guard let resource = try FHIRR4.AnyResource.decode(from: tokens).value else { return 0 }
      return ReleaseConverter.toDSTU2(resource).1.entries.count + 1
    } decode: { try FHIRR4.AnyResource.decode(from: $0).value == nil ? 0 : 1 }
    try measure("DSTU2 → R4", folder: "dstu2", modelled: ["Patient", "Medication", "MedicationOrder", "Observation", "CarePlan"]) { tokens in
      guard let resource = try FHIRDSTU2.AnyResource.decode(from: tokens).value else { return 0 }
      return ReleaseConverter.toR4(resource).1.entries.count + 1
    } decode: { try FHIRDSTU2.AnyResource.decode(from: $0).value == nil ? 0 : 1 }
  }

  /// Times decoding alone and decoding plus conversion on NDJSON of the modelled types under `folder`.
  private func measure(
    _ name: String, folder: String, modelled: Set<String>, convert: (JSONTokens) throws -> Int,
    decode: (JSONTokens) throws -> Int
  ) throws {
    let lines = try Corpus.resourceLines(under: folder).filter { line in
      guard let type = try? line.withUnsafeBytes({ try JSONValue(parsing: $0) })["resourceType"]?.stringValue
      else { return false }
      return modelled.contains(type)
    }
    let corpus = Corpus.ndjson(from: lines, atLeast: sizeMB << 20)
    let megabytes = Double(corpus.count) / Double(1 << 20)
    var best = [Double.infinity, Double.infinity]
    try corpus.withUnsafeBytes { bytes in
      for _ in 0..<runs {
        var start = DispatchTime.now().uptimeNanoseconds
        _ = try read(bytes, decode)
        best[0] = min(best[0], Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        start = DispatchTime.now().uptimeNanoseconds
        _ = try read(bytes, convert)
        best[1] = min(best[1], Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
      }
    }
    let label = "\(name) (\(String(format: "%.0f", megabytes)) MB)".padding(toLength: 28, withPad: " ", startingAt: 0)
    print(
      "\(label) \(String(format: "%11.1f", megabytes / best[0]))   \(String(format: "%21.1f", megabytes / best[1]))   \(String(format: "%5.2f", best[0] / best[1]))x"
    )
  }

  private func read(_ bytes: UnsafeRawBufferPointer, _ body: (JSONTokens) throws -> Int) throws -> Int {
    try NDJSONRecords.count(bytes, chunkSize: 1 << 16, body)
  }
}

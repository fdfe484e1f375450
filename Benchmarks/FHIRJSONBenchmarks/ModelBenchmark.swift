import FHIRCore
import FHIRJSON
import FHIRR4
import Foundation

/// Typed decoding of R4 NDJSON into models, and encoding back, next to raw YAJL,
/// the FHIRJSON tokenizer and Foundation's untyped parse on the same lines.
struct ModelBenchmark {
  var sizeMB: Int
  var runs: Int
  /// Measure only raw YAJL and typed decoding (for profiling).
  var decodeOnly = false
  let chunkSize = 1 << 16

  func run() throws {
    let lines = try Corpus.resourceLines(under: "r4").filter { line in
      guard let type = try? line.withUnsafeBytes({ try JSONValue(parsing: $0) })["resourceType"]?.stringValue
      else { return false }
      return AnyResource.modelledTypes.contains(type)
    }
    let corpus = Corpus.ndjson(from: lines, atLeast: sizeMB << 20)
    let megabytes = Double(corpus.count) / Double(1 << 20)
    let resources = corpus.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
    print("corpus: \(String(format: "%.1f", megabytes)) MB of R4 NDJSON, \(resources) resources of the modelled types")
    print("(\(AnyResource.modelledTypes.sorted().joined(separator: ", "))), best of \(runs) interleaved rounds\n")

    var contenders: [(String, (UnsafeRawBufferPointer) throws -> Int)] = [
      ("raw YAJL (callbacks only count)", { RawYAJL.countTokens($0, chunkSize: chunkSize) }),
      ("FHIRJSON NDJSONReader (tokens)", { try read($0) { _ in 1 } }),
      ("raw YAJL + a String per string value", { RawYAJLStrings.countTokens($0, chunkSize: chunkSize) }),
      ("tokens + a String per string value", { try read($0) { stringsOf($0) } }),
      ("typed decode (AnyResource)", { try read($0) { try decode($0) } }),
      ("typed decode + encode", { try read($0) { try decodeAndEncode($0) } }),
      ("Foundation JSONSerialization", { foundation($0) }),
    ]
    if decodeOnly { contenders = [contenders[0], contenders[4]] }
    var best = contenders.map { _ in Double.infinity }
    var counts = contenders.map { _ in 0 }
    try corpus.withUnsafeBytes { bytes in
      for _ in 0..<runs {
        for (index, contender) in contenders.enumerated() {
          let start = DispatchTime.now().uptimeNanoseconds
          counts[index] = try contender.1(bytes)
          best[index] = min(best[index], Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
      }
    }
    print("benchmark                                 MB/s   resources/s   ratio to raw YAJL")
    for (index, contender) in contenders.enumerated() {
      let name = contender.0.padding(toLength: 38, withPad: " ", startingAt: 0)
      let perSecond = Double(resources) / best[index]
      print(
        "\(name) \(String(format: "%8.1f", megabytes / best[index]))  \(String(format: "%12.0f", perSecond))   \(String(format: "%6.2f", best[0] / best[index]))x")
    }
    guard !decodeOnly else { return }
    let decodeRatio = best[0] / best[4]
    let roundTripRatio = best[0] / best[5]
    let overFoundation = best[6] / best[4]
    print("\ntyped decode at \(String(format: "%.2f", decodeRatio))x raw YAJL (target >= 0.60x) and \(String(format: "%.1f", overFoundation))x Foundation (target >= 3x)")
    print("decode + encode at \(String(format: "%.2f", roundTripRatio))x raw YAJL (target >= 0.40x)")
  }

  private func read(_ bytes: UnsafeRawBufferPointer, _ body: (JSONTokens) throws -> Int) throws -> Int {
    try NDJSONRecords.count(bytes, chunkSize: chunkSize, body)
  }

  /// The floor of any two-pass decoder whose models hold Swift strings: the tokens, then one
  /// `String` made (and dropped) per string value, and nothing else.
  private func stringsOf(_ tokens: JSONTokens) -> Int {
    var odd = 0
    for index in 0..<tokens.count where tokens[index].kind == .string {
      odd &+= tokens.string(at: index).utf8.count & 1
    }
    Self.sink &+= odd
    return 1
  }

  /// Where `stringsOf` leaves what it read, so that the compiler keeps the strings.
  nonisolated(unsafe) static var sink = 0

  private func decode(_ tokens: JSONTokens) throws -> Int {
    try AnyResource.decode(from: tokens).value == nil ? 0 : 1
  }

  private func decodeAndEncode(_ tokens: JSONTokens) throws -> Int {
    guard let resource = try AnyResource.decode(from: tokens).value else { return 0 }
    return resource.jsonBytes().count
  }

  private func foundation(_ bytes: UnsafeRawBufferPointer) -> Int {
    var values = 0
    var start = 0
    while start < bytes.count {
      var end = start
      while end < bytes.count && bytes[end] != 0x0A { end += 1 }
      if end > start, (try? JSONSerialization.jsonObject(with: Data(bytes[start..<end]))) != nil { values += 1 }
      start = end + 1
    }
    return values
  }
}

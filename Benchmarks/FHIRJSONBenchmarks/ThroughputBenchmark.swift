import FHIRJSON
import Foundation

/// Tokenizer throughput on generated NDJSON, next to raw YAJL on the same bytes.
struct ThroughputBenchmark {
  var sizeMB: Int
  var runs: Int
  /// Measure only raw YAJL and the tokenizer (for profiling).
  var tokenizerOnly = false
  /// An NDJSON file to measure instead of the generated corpus.
  var input: String?
  /// Where to save the generated corpus, for reuse with `--input`.
  var saveCorpus: String?
  let chunkSize = 1 << 16

  func run() throws {
    let corpus: [UInt8]
    if let input {
      corpus = [UInt8](try Data(contentsOf: URL(fileURLWithPath: input)))
    } else {
      corpus = try Corpus.ndjson(atLeast: sizeMB << 20)
    }
    if let saveCorpus { try Data(corpus).write(to: URL(fileURLWithPath: saveCorpus)) }
    let megabytes = Double(corpus.count) / Double(1 << 20)
    let lineCount = corpus.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
    print("corpus: \(String(format: "%.1f", megabytes)) MB of NDJSON, \(lineCount) resources from \(input ?? "Fixtures/")")
    print("chunks of \(chunkSize) bytes, best of \(runs) interleaved rounds\n")

    // Rounds interleave the contenders, so that drift in the machine's speed hits all
    // of them alike; each keeps its best round.
    var contenders: [(name: String, body: (UnsafeRawBufferPointer) throws -> Int)] = [
      ("raw YAJL (callbacks only count)", { RawYAJL.countTokens($0, chunkSize: chunkSize) }),
      ("FHIRJSON JSONTokenizer", { try tokenizeStream($0) }),
    ]
    if !tokenizerOnly {
      contenders.append(("FHIRJSON NDJSONReader", { try readNDJSON($0) }))
      contenders.append(("Foundation JSONSerialization (per line)", { foundation($0) }))
    }
    var results = contenders.map { (name: $0.name, seconds: Double.infinity, tokens: 0) }
    try corpus.withUnsafeBytes { bytes in
      for _ in 0..<runs {
        for (index, contender) in contenders.enumerated() {
          let start = DispatchTime.now().uptimeNanoseconds
          results[index].tokens = try contender.body(bytes)
          let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
          results[index].seconds = min(results[index].seconds, seconds)
        }
      }
    }

    let baseline = results[0].seconds
    print("benchmark                                   MB/s     ratio to raw YAJL   tokens")
    for result in results {
      let throughput = megabytes / result.seconds
      let name = result.name.padding(toLength: 40, withPad: " ", startingAt: 0)
      print(
        "\(name) \(String(format: "%8.1f", throughput))   \(String(format: "%6.2f", baseline / result.seconds))x           \(result.tokens)")
    }
    let ratio = baseline / results[1].seconds
    print("\nFHIRJSON tokenizer at \(String(format: "%.2f", ratio))x raw YAJL (target >= 0.80x): \(ratio >= 0.8 ? "met" : "NOT met")")
  }

  private func tokenizeStream(_ bytes: UnsafeRawBufferPointer) throws -> Int {
    let tokenizer = JSONTokenizer(options: .init(allowsMultipleValues: true))
    var tokens = 0
    var start = 0
    while start < bytes.count {
      let end = min(start + chunkSize, bytes.count)
      try tokenizer.feed(UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
      while case .value(let value) = tokenizer.nextOutput() { tokens += value.count }
      start = end
    }
    try tokenizer.finish()
    while case .value(let value) = tokenizer.nextOutput() { tokens += value.count }
    return tokens
  }

  private func readNDJSON(_ bytes: UnsafeRawBufferPointer) throws -> Int {
    let reader = NDJSONReader()
    var tokens = 0
    var start = 0
    let count: (NDJSONReader.Event) -> Void = { event in
      if case .record(let value, _) = event { tokens += value.count }
    }
    while start < bytes.count {
      let end = min(start + chunkSize, bytes.count)
      try reader.feed(UnsafeRawBufferPointer(rebasing: bytes[start..<end]), count)
      start = end
    }
    try reader.finish(count)
    return tokens
  }

  /// Foundation's JSON parser on each line, for reference (it builds a tree).
  private func foundation(_ bytes: UnsafeRawBufferPointer) -> Int {
    var values = 0
    var start = 0
    while start < bytes.count {
      var end = start
      while end < bytes.count && bytes[end] != 0x0A { end += 1 }
      if end > start {
        let data = Data(bytes[start..<end])
        if (try? JSONSerialization.jsonObject(with: data)) != nil { values += 1 }
      }
      start = end + 1
    }
    return values
  }
}

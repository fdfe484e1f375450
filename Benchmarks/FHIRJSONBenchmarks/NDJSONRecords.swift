import FHIRJSON

/// Feeds NDJSON bytes through `NDJSONReader` in chunks, as a file would arrive, and hands each
/// record's tokens to a contender: the loop the throughput benchmarks share.
enum NDJSONRecords {
  /// Sums what `body` returns over every record of `bytes`; the first error `body` throws is
  /// rethrown once all bytes are read.
  static func count(
    _ bytes: UnsafeRawBufferPointer, chunkSize: Int, _ body: (JSONTokens) throws -> Int
  ) throws -> Int {
    let reader = NDJSONReader()
    var total = 0
    var failure: (any Error)?
    let handle: (NDJSONReader.Event) -> Void = { event in
      guard case .record(let tokens, _) = event else { return }
      do { total += try body(tokens) } catch { failure = error }
    }
    var start = 0
    while start < bytes.count {
      let end = min(start + chunkSize, bytes.count)
      try reader.feed(UnsafeRawBufferPointer(rebasing: bytes[start..<end]), handle)
      start = end
    }
    try reader.finish(handle)
    if let failure { throw failure }
    return total
  }
}

// libFuzzer target for the FHIRJSON layer (built by Scripts/fuzz.sh; libFuzzer provides
// `main`).
//
// The first input byte picks the target and a chunk size, so one binary covers the
// tokenizer with chunk splitting, NDJSON framing and Bundle streaming. Any trap, leak
// or address error is a finding; errors thrown as `JSONError` are expected.

import FHIRKit
import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFHIRJSON(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  guard count > 0 else { return 0 }
  let selector = start.load(as: UInt8.self)
  let input = UnsafeRawBufferPointer(start: start + 1, count: count - 1)
  let chunkSize = Int(selector >> 2) % 61 + 1
  switch selector & 3 {
  case 0: tokenize(input, chunkSize: chunkSize, options: .init())
  case 1: tokenize(input, chunkSize: chunkSize, options: .init(maxDepth: 16, maxStringLength: 64, allowsMultipleValues: true))
  case 2: readNDJSON(input, chunkSize: chunkSize)
  default: streamBundle(input, chunkSize: chunkSize)
  }
  return 0
}

private func tokenize(_ input: UnsafeRawBufferPointer, chunkSize: Int, options: JSONTokenizer.Options) {
  let tokenizer = JSONTokenizer(options: options)
  do {
    try Fuzz.chunks(input, size: chunkSize) { chunk in
      try tokenizer.feed(chunk)
      while let output = tokenizer.nextOutput() { check(output) }
    }
    try tokenizer.finish()
    while let output = tokenizer.nextOutput() { check(output) }
  } catch is JSONError {
  } catch {
    Fuzz.fail("unexpected error type")
  }
}

private func check(_ output: JSONTokenizer.Output) {
  let tokens: JSONTokens
  switch output {
  case .value(let value): tokens = value
  case .element(let value, _): tokens = value
  }
  // Every value handed out re-parses after writing, to the same value.
  let value = JSONValue(tokens: tokens)
  var writer = JSONWriter()
  writer.value(tokens)
  let reparsed = try? writer.output.withUnsafeBytes { try JSONValue(parsing: $0, options: .init(maxDepth: 10_000)) }
  if reparsed != value { Fuzz.fail("writer round trip differs") }
  checkPacking(tokens)
  checkSourceBytes(tokens, value)
}

/// The bytes a container was read from, where the tokens hold them, tokenize alone to the same
/// value (the care pipeline stages unmodelled resources so, and tokenizes them again when merged).
private func checkSourceBytes(_ tokens: JSONTokens, _ value: JSONValue) {
  guard let source = tokens.sourceBytes(ofValueAt: 0) else { return }
  let alone = try? source.withUnsafeBytes { try JSONValue(parsing: $0, options: .init(maxDepth: 10_000)) }
  if alone != value { Fuzz.fail("a value's source bytes do not tokenize to it") }
}

/// Packed tokens come back as `value(at:)` gives them (as if tokenized alone); packed bytes with one
/// byte changed are refused or read back as tokens that can be walked and written.
private func checkPacking(_ tokens: JSONTokens) {
  let packed = tokens.packed()
  if JSONTokens(packed: packed) != tokens.value(at: 0) { Fuzz.fail("packing round trip differs") }
  if tokens.packedByteCount() != packed.count { Fuzz.fail("the counted packed size differs") }
  if tokens.count > 2, tokens[0].kind == .objectStart || tokens[0].kind == .arrayStart {
    let inner = tokens[0].kind == .objectStart ? 2 : 1
    if JSONTokens(packed: tokens.packed(valueAt: inner)) != tokens.value(at: inner) {
      Fuzz.fail("packing a value inside differs")
    }
  }
  for position in stride(from: 0, to: packed.count, by: max(1, packed.count / 16)) {
    var damaged = packed
    damaged[position] ^= UInt8(truncatingIfNeeded: position &* 31 &+ 7) | 1
    if let unpacked = JSONTokens(packed: damaged) {
      var writer = JSONWriter()
      writer.value(unpacked)
      _ = JSONValue(tokens: unpacked)
    }
  }
}

/// Reads NDJSON streamed in pieces, then in one piece and cut into chunks of whole lines (as
/// `fhirkit convert --to care` and `import` read it, on any number of threads): the last two give
/// the same events, errors with the same places included. (Streamed in pieces, an error's offset
/// may land past the offending character when a token straddles two pieces, as YAJL reports it.)
private func readNDJSON(_ input: UnsafeRawBufferPointer, chunkSize: Int) {
  let options = JSONTokenizer.Options(maxDepth: 32, maxStringLength: 256)
  let reader = NDJSONReader(options: options)
  let handle: (NDJSONReader.Event) -> Void = { event in
    if case .record(let tokens, _) = event { check(.value(tokens)) }
  }
  try? Fuzz.chunks(input, size: chunkSize) { try reader.feed($0, handle) }
  try? reader.finish(handle)
  let whole = NDJSONReader(options: options)
  var events: [NDJSONReader.Event] = []
  try? whole.feed(input) { events.append($0) }
  try? whole.finish { events.append($0) }
  let chunker = NDJSONChunker(source: nil, chunkBytes: chunkSize * 3)
  var chunked: [NDJSONReader.Event] = []
  let take: (NDJSONChunk) -> Void = { chunked += $0.events(options: options) }
  try? Fuzz.chunks(input, size: chunkSize) { try chunker.feed($0, take) }
  try? chunker.finish(take)
  if chunked != events { Fuzz.fail("NDJSON read in chunks of lines differs") }
}

private func streamBundle(_ input: UnsafeRawBufferPointer, chunkSize: Int) {
  let reader = BundleStreamReader(options: .init(maxDepth: 32, maxStringLength: 256, allowsMultipleValues: true))
  let handle: (BundleStreamReader.Event) -> Void = { event in
    switch event {
    case .entry(let tokens, _): check(.element(tokens, index: 0))
    case .bundle(let tokens): check(.value(tokens))
    }
  }
  try? Fuzz.chunks(input, size: chunkSize) { try reader.feed($0, handle) }
  try? reader.finish(handle)
}

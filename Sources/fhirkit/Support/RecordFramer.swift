import FHIRKit

/// Turns the chunks of one input into ``ResourceRecord``s with the framing given: NDJSON
/// (bad lines reported and skipped) or JSON values (Bundles streamed entry by entry; a JSON
/// error ends the input, after the records read before it).
final class RecordFramer {
  private let source: String
  private let hooks: ResourceReader.Hooks
  private let onError: (JSONError) throws -> Void
  private let body: (ResourceRecord) throws -> Void
  private let ndjson: NDJSONReader?
  private let values: BundleStreamReader?
  private var failed = false

  init(
    framing: InputFiles.Framing, source: String, hooks: ResourceReader.Hooks,
    onError: @escaping (JSONError) throws -> Void, body: @escaping (ResourceRecord) throws -> Void
  ) {
    self.source = source
    self.hooks = hooks
    self.onError = onError
    self.body = body
    switch framing {
    case .ndjson:
      ndjson = NDJSONReader(source: source)
      values = nil
    case .json:
      ndjson = nil
      values = BundleStreamReader(options: .init(allowsMultipleValues: true), source: source)
    }
  }

  /// Reads the next chunk.
  func feed(_ chunk: UnsafeRawBufferPointer) throws {
    if let ndjson {
      try ndjson.feed(chunk, handleLine)
    } else if let values, !failed {
      try guarded { try values.feed(chunk, handleValue) }
    }
  }

  /// Ends the input.
  func finish() throws {
    if let ndjson {
      try ndjson.finish(handleLine)
    } else if let values, !failed {
      try guarded { try values.finish(handleValue) }
    }
  }

  private func guarded(_ work: () throws -> Void) throws {
    do {
      try work()
    } catch let error as JSONError where error.kind != .readFailed {
      failed = true
      try onError(error)
    }
  }

  private func handleLine(_ event: NDJSONReader.Event) throws {
    switch event {
    case .record(let tokens, let line):
      try body(ResourceRecord(tokens: tokens, index: 0, location: "\(source):\(line)", pathPrefix: .root))
      try hooks.topLevelValue?(tokens)
    case .badLine(let error):
      try onError(error)
    }
  }

  private func handleValue(_ event: BundleStreamReader.Event) throws {
    switch event {
    case .entry(let tokens, let index):
      guard let resource = ResourceReader.member("resource", of: tokens) else { return }
      let prefix = JSONPath([.key("entry"), .index(index)])
      let fullUrl = ResourceReader.member("fullUrl", of: tokens).flatMap {
        tokens[$0].kind == .string ? tokens.string(at: $0) : nil
      }
      try body(
        ResourceRecord(
          tokens: tokens, index: resource, location: "\(source) entry[\(index)]", pathPrefix: prefix, fullUrl: fullUrl))
    case .bundle(let tokens):
      // A top-level resource that is not a Bundle is a record of its own.
      let type = tokens[0].kind == .objectStart ? ResourceReader.member("resourceType", of: tokens).map { tokens.string(at: $0) } : nil
      if type != "Bundle" {
        try body(ResourceRecord(tokens: tokens, index: 0, location: source, pathPrefix: .root))
      }
      try hooks.topLevelValue?(tokens)
    }
  }
}

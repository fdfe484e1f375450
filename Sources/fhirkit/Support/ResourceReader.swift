import FHIRKit
import Foundation

/// One resource read from an input, with where it came from.
struct ResourceRecord {
  /// The tokens holding the resource (a whole NDJSON line, or a Bundle entry).
  var tokens: JSONTokens
  /// Index of the resource object in `tokens`.
  var index: Int
  /// `file:line` or `file entry[i]`, for messages.
  var location: String
  /// The resource's path in its document, prefixed to issue paths.
  var pathPrefix: JSONPath
  /// The Bundle entry's `fullUrl`, when the resource came in a Bundle entry.
  var fullUrl: String? = nil
}

/// Streams the resources of one input: NDJSON lines, Bundle entries (entry by entry),
/// or top-level resources. Bad records go to `onError` and reading goes on.
enum ResourceReader {
  /// Calls `body` for each resource of `input`; JSON errors go to `onError`.
  /// - Throws: ``JSONError`` of kind `readFailed` when the input cannot be read, or
  ///   what `body` and `onError` throw (to stop in strict mode).
  static func read(
    _ input: InputFiles.Input, onError: @escaping (JSONError) throws -> Void,
    _ body: @escaping (ResourceRecord) throws -> Void
  ) throws {
    let source = input.path == "-" ? "<stdin>" : input.path
    switch input.framing {
    case .ndjson:
      let reader = NDJSONReader(source: source)
      let handle: (NDJSONReader.Event) throws -> Void = { event in
        switch event {
        case .record(let tokens, let line):
          try body(ResourceRecord(tokens: tokens, index: 0, location: "\(source):\(line)", pathPrefix: .root))
        case .badLine(let error):
          try onError(error)
        }
      }
      try ByteChunks.read(path: input.path) { chunk in try reader.feed(chunk, handle) }
      try reader.finish(handle)
    case .json:
      let reader = BundleStreamReader(options: .init(allowsMultipleValues: true), source: source)
      var bundles = 0
      let handle: (BundleStreamReader.Event) throws -> Void = { event in
        switch event {
        case .entry(let tokens, let index):
          guard let resource = member("resource", of: tokens) else { return }
          let prefix = JSONPath([.key("entry"), .index(index)])
          let fullUrl = member("fullUrl", of: tokens).flatMap { tokens[$0].kind == .string ? tokens.string(at: $0) : nil }
          try body(
            ResourceRecord(
              tokens: tokens, index: resource, location: "\(source) entry[\(index)]", pathPrefix: prefix,
              fullUrl: fullUrl))
        case .bundle(let tokens):
          bundles += 1
          // A top-level resource that is not a Bundle is a record of its own.
          let type = tokens[0].kind == .objectStart ? member("resourceType", of: tokens).map { tokens.string(at: $0) } : nil
          if type != "Bundle" {
            try body(ResourceRecord(tokens: tokens, index: 0, location: source, pathPrefix: .root))
          }
        }
      }
      do {
        try ByteChunks.read(path: input.path) { chunk in try reader.feed(chunk, handle) }
        try reader.finish(handle)
      } catch let error as JSONError where error.kind != .readFailed {
        try onError(error)
      }
    }
  }

  /// The index of the value of member `key` of the object at index 0.
  static func member(_ key: String, of tokens: JSONTokens) -> Int? {
    guard tokens[0].kind == .objectStart else { return nil }
    let end = tokens.endIndex(ofValueAt: 0)
    var index = 1
    while index < end {
      if tokens.text(at: index, equals: key.utf8) { return index + 1 }
      index = tokens.endIndex(ofValueAt: index + 1) + 1
    }
    return nil
  }
}

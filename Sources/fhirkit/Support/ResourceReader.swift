import FHIRKit
import Foundation

/// One resource read from an input, with where it came from.
struct ResourceRecord: @unchecked Sendable {
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

  /// Whether the record is an element of a Bundle's `entry` (then `tokens` is the entry).
  var isBundleEntry: Bool { index != 0 }
}

/// Streams the resources of one input: NDJSON lines, Bundle entries (entry by entry),
/// or top-level resources. Bad records go to `onError` and reading goes on.
///
/// Standard input is NDJSON when its first non-blank line is a complete JSON value and more
/// lines follow, else one or more JSON values (``FramingSniffer``).
enum ResourceReader {
  /// What the reader hands out besides records.
  struct Hooks {
    /// Called with the size of each chunk read (for the progress line).
    var bytesRead: ((Int) -> Void)? = nil
    /// Called with each top-level JSON value (NDJSON line or JSON value), after its records:
    /// a Bundle without its entries, or a resource (which was also handed out as a record).
    var topLevelValue: ((JSONTokens) throws -> Void)? = nil
  }

  /// Calls `body` for each resource of `input`; JSON errors go to `onError`.
  /// - Throws: ``JSONError`` of kind `readFailed` when the input cannot be read, or
  ///   what `body` and `onError` throw (to stop in strict mode).
  static func read(
    _ input: InputFiles.Input, hooks: Hooks = Hooks(), onError: @escaping (JSONError) throws -> Void,
    _ body: @escaping (ResourceRecord) throws -> Void
  ) throws {
    let source = input.path == "-" ? "<stdin>" : input.path
    let make = { (framing: InputFiles.Framing) in
      RecordFramer(framing: framing, source: source, hooks: hooks, onError: onError, body: body)
    }
    var framer: RecordFramer?
    var sniffer = input.path == "-" ? FramingSniffer() : nil
    if sniffer == nil { framer = make(input.framing) }
    try ByteChunks.read(path: input.path) { chunk in
      hooks.bytesRead?(chunk.count)
      if let framer {
        try framer.feed(chunk)
      } else if let framing = sniffer?.add(chunk) {
        framer = make(framing)
        try sniffer!.buffered.withUnsafeBytes { try framer!.feed($0) }
        sniffer = nil
      }
    }
    if framer == nil, let sniffer {
      framer = make(sniffer.finish())
      try sniffer.buffered.withUnsafeBytes { try framer!.feed($0) }
    }
    try framer!.finish()
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

import FHIRKit

/// Streams the resources of one input through the library's ``ResourceFramer`` (the framing
/// every command and the care pipeline share): NDJSON lines, Bundle entries (entry by
/// entry), or top-level resources. Bad records go to `onError` and reading goes on.
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
    /// Called with each Bundle entry that has no `resource`, in its place among the records;
    /// such entries are skipped when this is `nil`.
    var entryWithoutResource: ((EntryWithoutResource) throws -> Void)? = nil
  }

  /// Calls `body` for each resource of `input`; JSON errors go to `onError`.
  /// - Throws: ``JSONError`` of kind `readFailed` when the input cannot be read, or
  ///   what `body` and `onError` throw (to stop in strict mode).
  static func read(
    _ input: InputFiles.Input, hooks: Hooks = Hooks(), onError: @escaping (JSONError) throws -> Void,
    _ body: @escaping (ResourceRecord) throws -> Void
  ) throws {
    let source = input.path == "-" ? "<stdin>" : input.path
    try ResourceFramer.read(
      framing: input.path == "-" ? nil : input.framing, source: source,
      chunks: { feed in
        try ByteChunks.read(path: input.path) { chunk in
          hooks.bytesRead?(chunk.count)
          try feed(chunk)
        }
      },
      handler: { event in
        switch event {
        case .record(let record): try body(record)
        case .entryWithoutResource(let entry): try hooks.entryWithoutResource?(entry)
        case .topLevelValue(let tokens): try hooks.topLevelValue?(tokens)
        case .invalidJSON(let error): try onError(error)
        }
      })
  }
}

import FHIRKit

/// Streams the resources of one input through the library's ``ResourceFramer`` (the framing
/// every command and the care pipeline share): NDJSON lines, Bundle entries (entry by
/// entry), or top-level resources. Bad records go to `onError` and reading goes on.
///
/// Standard input is NDJSON when its first non-blank line is a complete JSON value and more
/// lines follow (or the input pauses after it), else one or more JSON values
/// (``FramingSniffer``). Inputs are read as sent: gzip-compressed ones are decompressed,
/// and a UTF-8 byte order mark at the start is skipped with an information line on stderr.
enum ResourceReader {
  /// What the reader hands out besides records.
  struct Hooks {
    /// Called with the size of each chunk read (for the progress line).
    var bytesRead: ((Int) -> Void)? = nil
    /// Called with each chunk of the input as stored (to digest it, ``InputDigests``).
    var chunkRead: ((ByteChunks.Chunk) -> Void)? = nil
    /// Called with each top-level JSON value (NDJSON line or JSON value), after its records:
    /// a Bundle without its entries, or a resource (which was also handed out as a record).
    var topLevelValue: ((JSONTokens) throws -> Void)? = nil
    /// Called with each Bundle entry that has no `resource`, in its place among the records;
    /// such entries are skipped when this is `nil`.
    var entryWithoutResource: ((EntryWithoutResource) throws -> Void)? = nil
    /// Called when a streamed input (a pipe) pauses: every record complete so far has been
    /// handed out; batches should be processed and output flushed.
    var idle: (() throws -> Void)? = nil
    /// Called with what was done to the input's bytes (after the byte order mark line is
    /// printed), with the input's name: to write it to the issue report.
    var note: ((InputDecoder.Note, String) -> Void)? = nil
    /// When set, NDJSON input is handed here in chunks of whole lines, not read into records:
    /// whoever takes a chunk reads its records and bad lines (``NDJSONChunk/events(options:)``,
    /// on another thread) and handles them as `body`, `onError` and `notAResource` would, in
    /// order; its records are no top-level values.
    var ndjsonChunks: ((NDJSONChunk) throws -> Void)? = nil
    /// Called with what the reader says of its own (a byte order mark skipped, an input without
    /// resources; `note` included), to say it after the records before it that are still in a
    /// batch (``RecordBatcher/inOrder(_:)``): stderr and the report stay in input order. Said at
    /// once when `nil`.
    var inOrder: ((@escaping () throws -> Void) throws -> Void)? = nil
  }

  /// Calls `body` for each resource of `input`; JSON errors go to `onError`, and records
  /// that are objects without `resourceType` to `notAResource` (``NotAResource``; they are no
  /// top-level value either).
  ///
  /// An input that holds no resource (empty, blank, a Bundle without entries) is not an
  /// error: it is said in a note on stderr, `fhirkit: NAME: no resources` (hidden by
  /// `--quiet`).
  /// - Throws: ``JSONError`` of kind `readFailed` when the input cannot be read, or
  ///   what `body` and `onError` throw (to stop in strict mode).
  static func read(
    _ input: InputFiles.Input, hooks: Hooks = Hooks(), onError: @escaping (JSONError) throws -> Void,
    notAResource: @escaping (ResourceRecord) throws -> Void,
    _ body: @escaping (ResourceRecord) throws -> Void
  ) throws {
    let source = input.source
    var said = false  // a record, or an error about one
    var skippedValue = false  // the top-level value that follows a skipped record
    try ResourceFramer.read(
      framing: input.path == "-" ? nil : input.framing, source: source,
      chunks: { feed in
        try input.read(onIdle: hooks.idle == nil ? nil : feed.inputIsIdle) { chunk in
          hooks.bytesRead?(chunk.count)
          hooks.chunkRead?(chunk)
          try feed(chunk)
        }
      },
      lines: hooks.ndjsonChunks.map { take in
        { chunk in
          if !said && chunk.hasContent { said = true }
          try take(chunk)
        }
      },
      handler: { event in
        switch event {
        case .record(let record):
          said = true
          if NotAResource.matches(record) {
            skippedValue = !record.isBundleEntry
            try notAResource(record)
          } else {
            try body(record)
          }
        case .entryWithoutResource(let entry): try hooks.entryWithoutResource?(entry)
        case .topLevelValue(let tokens):
          if skippedValue {
            skippedValue = false
          } else {
            try hooks.topLevelValue?(tokens)
          }
        case .invalidJSON(let error) where error.kind == .emptyInput:
          break  // no JSON value at all: no resources, said below
        case .invalidJSON(let error):
          said = true
          try onError(error)
        case .inputIdle: try hooks.idle?()
        case .restNotRead(let bytes):
          try say(hooks) {
            printRecordMessage(
              "fhirkit: \(source): the \(bytes) byte(s) after that error are not read: a JSON document cannot be read "
                + "past an error (NDJSON skips only the bad line)")
          }
        case .note(let note):
          try say(hooks) {
            if note == .byteOrderMark { printRecordMessage("fhirkit: \(source): information: \(note)") }
            hooks.note?(note, source)
          }
        }
      })
    if !said { try say(hooks) { noResources(in: source) } }
  }

  /// Says what `message` says through `hooks.inOrder`, or at once.
  private static func say(_ hooks: Hooks, _ message: @escaping () -> Void) throws {
    if let inOrder = hooks.inOrder { try inOrder(message) } else { message() }
  }

  /// Says that an input (a file, standard input, a folder) holds no resource: not an error.
  static func noResources(in source: String, records: String = "resources") {
    printRecordMessage("fhirkit: \(source): no \(records)")
  }
}

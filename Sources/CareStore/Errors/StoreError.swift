/// A store failure, with what was being done and where — never a data value.
public struct StoreError: Error, CustomStringConvertible, Sendable {
  /// What went wrong.
  public enum Kind: String, Sendable {
    /// The disk (or the store's size limit) is full; the batch being written was rolled back.
    case diskFull
    /// The store file or its folder cannot be written.
    case readOnly
    /// The file is not a store, or is damaged.
    case corrupt
    /// The store was written by a newer FHIRKit: its schema has migrations this one does not know.
    case newerSchema
    /// The store was written by an earlier FHIRKit: its schema lacks migrations, which a
    /// read-only open does not apply (a read-write open applies them).
    case olderSchema
    /// Another process held the store for longer than the wait allowed.
    case busy
    /// The store file cannot be opened or created.
    case cannotOpen
    /// A store rule was broken (a link to nothing, two outcomes for one occurrence).
    case constraint
    /// A stored entity could not be decoded or encoded.
    case badRecord
    /// Any other database failure.
    case database
    /// The temporary file an import spools entities to cannot be written or read.
    case temporaryFile
    /// The connection to the database server was lost, and could not be opened again; what was
    /// committed before is kept.
    case connectionLost
  }

  /// What went wrong.
  public var kind: Kind
  /// The store file (or the backend's name for the store: a server URL without its password).
  public var store: String
  /// What was being done (`importing outcome batch 3`, `opening`).
  public var operation: String
  /// The database's own message or code, when there is one.
  public var detail: String?

  /// Creates an error.
  public init(_ kind: Kind, store: String, operation: String, detail: String? = nil) {
    self.kind = kind
    self.store = store
    self.operation = operation
    self.detail = detail
  }

  public var description: String {
    var text = "\(store): \(operation): \(Self.summary[kind] ?? kind.rawValue)"
    if let detail { text += " (\(detail))" }
    return text
  }

  static let summary: [Kind: String] = [
    .diskFull: "disk or store size limit full; the batch was rolled back, what was stored before is kept",
    .readOnly: "the store is read-only",
    .corrupt: "the file is not a FHIRKit store or is damaged",
    .newerSchema: "the store was written by a newer FHIRKit (unknown schema migrations); it was not changed",
    .olderSchema: "the store was written by an earlier FHIRKit and a read-only open does not upgrade its schema",
    .busy: "the store stayed locked by another process",
    .cannotOpen: "the store cannot be opened",
    .constraint: "a store rule was broken",
    .badRecord: "a stored entity could not be read",
    .database: "database error",
    .temporaryFile: "the import's temporary file failed; nothing more was stored",
    .connectionLost: "the connection to the database server was lost; what was committed before it is kept",
  ]
}

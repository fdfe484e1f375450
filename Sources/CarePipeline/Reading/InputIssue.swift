/// A record the pipeline could not take in, with where it is: the source, the NDJSON line or
/// Bundle entry, the JSON path and the resource's type and id when known. Never a data value.
///
/// The record is skipped and reading goes on, unless strict mode is on: then the first one
/// is thrown. One kind is information only, never thrown: ``Kind/byteOrderMark``.
public struct InputIssue: Error, Hashable, Sendable, CustomStringConvertible {
  /// What was wrong.
  public enum Kind: String, Hashable, Sendable {
    /// The source could not be opened or read.
    case unreadable
    /// The record is not valid JSON (for a Bundle, the rest of the file is lost).
    case invalidJSON
    /// The JSON is not a resource the models can read.
    case notAResource
    /// The resource has an error-level issue (reported in strict mode only).
    case invalidResource
    /// Information only, nothing lost: the source started with a UTF-8 byte order mark,
    /// which was skipped.
    case byteOrderMark
  }

  /// What was wrong.
  public var kind: Kind
  /// Whether this is information only (``Kind/byteOrderMark``): no record was lost.
  public var isInformation: Bool { kind == .byteOrderMark }
  /// The file path, `<stdin>` or the name given for a descriptor.
  public var source: String
  /// The 1-based NDJSON line, for NDJSON sources.
  public var line: Int?
  /// The Bundle entry index, for records read from a Bundle.
  public var entry: Int?
  /// The JSON path of the problem (from the document's root), if known.
  public var path: String?
  /// The resource's type, if known.
  public var resourceType: String?
  /// The resource's id, if known.
  public var resourceID: String?
  /// What was wrong, without data values.
  public var message: String

  /// Creates an issue.
  public init(
    _ kind: Kind, source: String, line: Int? = nil, entry: Int? = nil, path: String? = nil,
    resourceType: String? = nil, resourceID: String? = nil, message: String
  ) {
    self.kind = kind
    self.source = source
    self.line = line
    self.entry = entry
    self.path = path
    self.resourceType = resourceType
    self.resourceID = resourceID
    self.message = message
  }

  /// `source:line` or `source entry[i]`, then the resource, path, kind and message.
  public var description: String {
    var text = source
    if let line { text += ":\(line)" }
    if let entry { text += " entry[\(entry)]" }
    if let resourceType { text += " \(resourceType)" + (resourceID.map { "/" + $0 } ?? "") }
    if let path, !path.isEmpty { text += " at \(path)" }
    return text + ": \(kind.rawValue): \(message)"
  }
}

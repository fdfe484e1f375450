public import FHIRJSON

/// One resource read from an input by ``ResourceFramer``, with where it came from.
public struct ResourceRecord: @unchecked Sendable {
  /// The tokens holding the resource: a whole NDJSON line or top-level value, or a
  /// Bundle entry (then the resource is its `resource` member).
  public var tokens: JSONTokens
  /// Index of the resource object in ``tokens`` (0 unless it came in a Bundle entry).
  public var index: Int
  /// The input's name (a file path or `<stdin>`).
  public var source: String
  /// The 1-based NDJSON line, for NDJSON input.
  public var line: Int?
  /// The index of the Bundle entry the resource came in.
  public var entry: Int?
  /// The Bundle entry's `fullUrl`, when the resource came in an entry that has one.
  public var fullUrl: String?

  /// Creates a record.
  public init(
    tokens: JSONTokens, index: Int = 0, source: String, line: Int? = nil, entry: Int? = nil, fullUrl: String? = nil
  ) {
    self.tokens = tokens
    self.index = index
    self.source = source
    self.line = line
    self.entry = entry
    self.fullUrl = fullUrl
  }

  /// Whether the record is an element of a Bundle's `entry` (then ``tokens`` is the entry).
  public var isBundleEntry: Bool { entry != nil }

  /// `file:line`, `file entry[i]` or `file`, for messages.
  public var location: String {
    if let entry { return "\(source) entry[\(entry)]" }
    if let line { return "\(source):\(line)" }
    return source
  }

  /// The path of the Bundle entry (`entry[3]`) in its document, or the root: what the
  /// command-line tools prefix to the paths of issues.
  public var pathPrefix: JSONPath {
    entry.map { JSONPath([.key("entry"), .index($0)]) } ?? .root
  }

  /// The path of the resource itself in its document (`entry[3].resource`, or the root).
  public var resourcePath: JSONPath {
    entry == nil ? .root : pathPrefix.appending(key: "resource")
  }
}

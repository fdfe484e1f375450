public import FHIRJSON

/// A Bundle entry that holds no `resource` (a transaction's `DELETE`, a response's status),
/// which a reader of resources cannot hand out as a record and must not drop unsaid.
public struct EntryWithoutResource: @unchecked Sendable {
  /// The entry's tokens.
  public var tokens: JSONTokens
  /// The input's name.
  public var source: String
  /// The index of the entry in its Bundle.
  public var entry: Int
  /// The entry's `request.method` (`DELETE`, `GET`, …), if it has one.
  public var requestMethod: String?

  /// Creates a description of the entry.
  public init(tokens: JSONTokens, source: String, entry: Int) {
    self.tokens = tokens
    self.source = source
    self.entry = entry
    requestMethod = tokens.memberIndex("request", ofObjectAt: 0)
      .flatMap { tokens.memberIndex("method", ofObjectAt: $0) }
      .flatMap { tokens[$0].kind == .string ? tokens.string(at: $0) : nil }
  }

  /// `file entry[i]`, for messages.
  public var location: String { "\(source) entry[\(entry)]" }

  /// The entry's path (`entry[3]`).
  public var path: JSONPath { JSONPath([.key("entry"), .index(entry)]) }

  /// What the entry holds instead of a resource, for messages: `request DELETE`,
  /// `response`, … (never a data value).
  public var summary: String {
    var parts: [String] = []
    if let requestMethod { parts.append("request \(requestMethod)") }
    for key in ["request", "response", "search"] where tokens.memberIndex(key, ofObjectAt: 0) != nil {
      if key != "request" || requestMethod == nil { parts.append(key) }
    }
    return parts.isEmpty ? "no resource" : parts.joined(separator: ", ")
  }
}

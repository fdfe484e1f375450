/// The error strict decoding throws at the first error-level issue, and what any
/// decoding throws when the input cannot be a resource at all.
public struct FHIRDecodingError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The issue that stopped decoding.
  public var issue: ValidationIssue

  /// The error for `issue`.
  public init(_ issue: ValidationIssue) {
    self.issue = issue
  }

  /// The issue's description: `severity: message at path (code) in Type/id`.
  public var description: String { issue.description }
}

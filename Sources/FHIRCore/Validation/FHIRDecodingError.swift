/// The error strict decoding throws at the first error-level issue, and what any
/// decoding throws when the input cannot be a resource at all.
public struct FHIRDecodingError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The issue that stopped decoding.
  public var issue: ValidationIssue

  public init(_ issue: ValidationIssue) {
    self.issue = issue
  }

  public var description: String { issue.description }
}

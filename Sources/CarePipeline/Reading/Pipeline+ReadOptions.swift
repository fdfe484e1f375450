public import FHIRCore

extension Pipeline {
  /// How sources are read.
  public struct ReadOptions: Sendable {
    /// The release of every resource, or `nil` (the default) to detect it per resource with
    /// `ReleaseDetector`; a resource without release-specific evidence takes the release last
    /// detected in the same file, else R4.
    public var release: FHIRRelease?
    /// Whether the first bad record (bad JSON, not a resource, or a resource with an
    /// error-level issue) stops reading with an ``InputIssue``. Default `false`: bad records
    /// are reported and skipped.
    public var strict = false

    /// Creates read options.
    public init(release: FHIRRelease? = nil, strict: Bool = false) {
      self.release = release
      self.strict = strict
    }
  }
}

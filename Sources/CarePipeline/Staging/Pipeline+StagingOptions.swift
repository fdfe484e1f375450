import Foundation

extension Pipeline {
  /// How resources are staged on disk for inputs larger than memory.
  public struct StagingOptions: Sendable {
    /// The folder for the temporary staging files; `nil` (the default) for the system's
    /// temporary folder.
    public var directory: String?
    /// Roughly how many bytes of staged resource JSON one merge partition holds; a partition
    /// is one or more whole patient groups, so a single larger group makes a larger one.
    /// Default 1 MiB (decoded, a partition takes some 25 times its JSON size).
    public var partitionBytes: Int
    /// Whether ``Pipeline/convert(_:reading:staging:withSources:)`` stages Observations and
    /// types the models do not know from their JSON tokens, decoding them once (when merged),
    /// rather than decoding every resource as it is read and again when merged. Default `true`;
    /// the entities and report are the same either way (`false` is there to compare).
    public var stagesFromTokens = true
    /// How many partitions are merged at once, each on a thread of its own (default: all
    /// cores). The entities and report, and their order, are the same for any number; each
    /// partition merged at once takes its memory.
    public var jobs: Int
    /// How many bytes of the staging index's records (about 100 per resource, with 8 more each
    /// to find them) are sorted in memory at a time; more go to sorted runs on disk, merged as
    /// they are read back. Default 16 MiB: memory does not grow with the input.
    public var sortBytes = 16 << 20

    /// Creates staging options.
    /// - Parameter jobs: Partitions merged at once; `nil` for one per core.
    public init(directory: String? = nil, partitionBytes: Int = 1 << 20, jobs: Int? = nil) {
      self.directory = directory
      self.partitionBytes = partitionBytes
      self.jobs = jobs ?? ProcessInfo.processInfo.activeProcessorCount
    }
  }
}

/// Why a cooperating importer (``ImportJob``) cannot go on — never a data value. Store
/// failures are ``CareStore/StoreError``s; this is about the job itself.
public struct ImportJobError: Error, CustomStringConvertible, Sendable {
  /// What went wrong.
  public enum Kind: String, Sendable {
    /// The job was created with other settings (another number of workers, another partition
    /// size) than this worker was given: a usage error.
    case mismatch
    /// The job's workers have all staged and it is merging: a file not staged before cannot join it.
    case sealed
    /// Not every worker had staged its files within the time allowed; what was staged is kept.
    case timedOut
    /// No job of that name in the store.
    case noSuchJob
    /// This worker cut the staged resources into another number of partitions than the job
    /// recorded: the workers do not run the same FHIRKit, or the staged rows were changed.
    case inconsistent
  }

  /// What went wrong.
  public var kind: Kind
  /// The job's name.
  public var job: String
  /// What happened, in words that name no value.
  public var message: String

  /// Creates an error.
  public init(_ kind: Kind, job: String, message: String) {
    self.kind = kind
    self.job = job
    self.message = message
  }

  /// `job <name>: <message>`.
  public var description: String { "job \(job): \(message)" }
}

/// Staging on disk failed: the temporary file could not be created, written or read.
public struct StagingError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The staging file.
  public var path: String
  /// What failed.
  public var message: String

  public init(path: String, message: String) {
    self.path = path
    self.message = message
  }

  public var description: String { "\(path): \(message)" }
}

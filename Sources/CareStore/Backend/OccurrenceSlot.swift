public import Foundation

/// One occurrence of one task version: an outcome of a task that counts towards adherence must
/// be the only current outcome in its slot (CareKitStore's rule).
public struct OccurrenceSlot: Hashable, Sendable {
  /// The task version.
  public var taskVersion: UUID
  /// The occurrence index.
  public var index: Int

  public init(taskVersion: UUID, index: Int) {
    self.taskVersion = taskVersion
    self.index = index
  }
}

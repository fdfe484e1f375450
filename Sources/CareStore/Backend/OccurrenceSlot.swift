public import Foundation

/// One occurrence of one task version: an outcome must be the only current outcome in its slot
/// (CareKitStore's rule), whether or not its task counts towards adherence.
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

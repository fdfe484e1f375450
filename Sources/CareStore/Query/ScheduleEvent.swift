public import CareModel
public import Foundation

/// One occurrence of a task's schedule, with the outcomes recorded for it (CareKitStore's
/// `OCKEvent`).
public struct ScheduleEvent: Hashable, Sendable {
  /// The task version whose schedule the occurrence comes from.
  public var task: TaskEntity
  /// The occurrence index (all schedule elements together, from 0).
  public var occurrenceIndex: Int
  /// When the occurrence is.
  public var date: Date
  /// The schedule element it belongs to.
  public var element: ScheduleElement
  /// The outcomes in effect recorded for this occurrence of the task.
  public var outcomes: [OutcomeEntity]
}

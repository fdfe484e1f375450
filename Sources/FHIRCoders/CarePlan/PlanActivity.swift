public import FHIRJSON
public import Foundation

/// A CarePlan activity together with what its Task needs from the plan: the plan's id and care
/// uuid (the Task's `carePlanUUID`), the activity's position, and the plan's start (the schedule
/// anchor). The `Resource` of the activity coders.
public struct PlanActivity<Activity: Sendable>: Sendable {
  /// The activity.
  public var activity: Activity
  /// The plan's `id`, if any.
  public var planID: String?
  /// The plan's care uuid.
  public var planUUID: UUID?
  /// The activity's position in `CarePlan.activity`.
  public var index: Int
  /// The plan's `period.start`, used when the activity gives no start.
  public var anchor: Date?
  /// The plan's `period.end`, exclusive (through all the date names): the activity schedules
  /// nothing from then on.
  public var end: Date?
  /// Whether the plan's `status` says it is over (`completed`, `revoked`, `cancelled`): without
  /// an ``end``, the activity keeps only the first day of each pattern that has no end.
  public var planHasEnded: Bool
  /// The tokens the activity was decoded from, for element accounting (see ``ResourceSource``).
  public var source: ResourceSource?

  public init(
    activity: Activity, planID: String? = nil, planUUID: UUID? = nil, index: Int = 0, anchor: Date? = nil,
    end: Date? = nil, planHasEnded: Bool = false, source: ResourceSource? = nil
  ) {
    self.activity = activity
    self.planID = planID
    self.planUUID = planUUID
    self.index = index
    self.anchor = anchor
    self.end = end
    self.planHasEnded = planHasEnded
    self.source = source
  }
}

extension PlanActivity: Equatable where Activity: Equatable {}

extension PlanActivity {
  /// The JSON path of an element of the activity's `detail` in the CarePlan
  /// (`activity[2].detail.scheduledTiming`), for located issues.
  public func detailPath(_ key: String) -> JSONPath {
    JSONPath([.key("activity"), .index(index), .key("detail"), .key(key)])
  }
}

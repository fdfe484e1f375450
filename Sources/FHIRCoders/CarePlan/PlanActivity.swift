public import FHIRCore
public import FHIRJSON
public import Foundation

/// A CarePlan activity together with what its Task needs from the plan: the plan's id and care
/// uuid (the Task's `carePlanUUID`), the activity's position, and the plan's dates and status (where
/// the activity's schedule starts and ends). The `Resource` of the activity coders.
public struct PlanActivity<Activity: Sendable>: Sendable {
  /// The activity.
  public var activity: Activity
  /// The plan's `id`, if any.
  public var planID: String?
  /// The plan's care uuid.
  public var planUUID: UUID?
  /// The activity's position in `CarePlan.activity`.
  public var index: Int
  /// The plan's `period.start` (else its `created` / `modified` date) as written: where the
  /// activity's schedule starts when it gives no start. A date without time is read in the Task's
  /// zone (its first day starts at that zone's midnight); the Task's `effectiveDate` is it in UTC.
  public var start: FHIRDateTime?
  /// The plan's `period.end` as written: the activity schedules nothing after all it names (a date
  /// without time through that day, in the Task's zone).
  public var end: FHIRDateTime?
  /// Whether the plan's `status` says it is over or held (`completed`, `revoked`, `cancelled`,
  /// `on-hold`): without an ``end``, the activity keeps only the first day of each pattern that
  /// has no end.
  public var planHasEnded: Bool
  /// The tokens the activity was decoded from, for element accounting (see ``ResourceSource``).
  public var source: ResourceSource?

  public init(
    activity: Activity, planID: String? = nil, planUUID: UUID? = nil, index: Int = 0, start: FHIRDateTime? = nil,
    end: FHIRDateTime? = nil, planHasEnded: Bool = false, source: ResourceSource? = nil
  ) {
    self.activity = activity
    self.planID = planID
    self.planUUID = planUUID
    self.index = index
    self.start = start
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

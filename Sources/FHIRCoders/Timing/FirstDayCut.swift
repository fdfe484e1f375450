public import CareModel
public import Foundation

/// The schedule of an order or plan activity that is over, held or not yet ordered, and no date
/// says since when: FHIR `status` `stopped`, `completed`, `cancelled`, `revoked`, `on-hold` or
/// `draft`, or R4 `intent` `proposal` or `option`; for an activity, also its plan's `status`.
/// Decoding keeps only the first day of each of its patterns that had no end (docs/mapping.md,
/// Timing: nothing is due, yet CareKit needs each element to occur once). An exporter that knows
/// the status — which the pipeline keeps in the task's and plan's `userInfo` — puts those
/// patterns back open, as the order or activity had them, so that the status, not a made-up
/// end, says why nothing is due.
public enum FirstDayCut {
  /// Whether an order or activity with this `status` and `intent` (an activity's
  /// `detail.status`, no intent), in a plan with `planStatus`, has its open patterns cut to
  /// their first day (an activity's, when its plan gives no `period.end`).
  public static func applies(status: String?, intent: String?, planStatus: String? = nil) -> Bool {
    ScheduleStop.hasEnded(status: status) || ScheduleStop.isNotYetDue(status: status, intent: intent)
      || ScheduleStop.hasEnded(status: planStatus)
  }

  /// `schedule` with every element that ends at the midnight after its start (in `zone`), as
  /// the cut ended it, open again.
  public static func reopened(_ schedule: Schedule, zone: TimeZone) -> Schedule {
    var calendar = ScheduleCalendar(zone)
    var reopened = schedule
    for index in reopened.elements.indices
    where reopened.elements[index].end == ScheduleStop.firstDayEnd(of: reopened.elements[index].start, calendar: &calendar) {
      reopened.elements[index].end = nil
    }
    return reopened
  }
}

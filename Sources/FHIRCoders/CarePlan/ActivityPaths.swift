/// The report paths the CarePlan activity mapping records, built once per release (recording
/// one then builds no string).
struct ActivityPaths: Sendable {
  static let detail = "CarePlan.activity.detail"
  let id = "CarePlan.activity.id"
  let referenceDisplay = "CarePlan.activity.reference.display"
  let code = detail + ".code"
  let description = detail + ".description"
  let quantity = detail + ".quantity"
  let scheduledString = detail + ".scheduledString"
  let scheduledPeriod = detail + ".scheduledPeriod"
  let scheduledPeriodStart = detail + ".scheduledPeriod.start"
  let scheduledPeriodEnd = detail + ".scheduledPeriod.end"
  /// `scheduled[x]` as a whole (defaulted when absent or a string).
  let scheduled: TimingPaths
  let scheduledTiming: TimingPaths

  /// - Parameter timingUnitNameSuffix: What the release's timing unit elements end with after
  ///   `Unit` (``TimingPattern/unitNameSuffix``).
  init(timingUnitNameSuffix: String) {
    scheduled = TimingPaths(Self.detail + ".scheduled")
    scheduledTiming = TimingPaths(cached: Self.detail + ".scheduledTiming", unitNameSuffix: timingUnitNameSuffix)
  }
}

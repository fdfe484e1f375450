/// The report paths the CarePlan activity mapping records, built once per release
/// (``ReportPath``): recording one then builds no string.
struct ActivityPaths: Sendable {
  static let detail = "CarePlan.activity.detail"
  /// The activity's own path (the root of its element accounting).
  static let root = ReportPath("CarePlan.activity")
  let id = ReportPath("CarePlan.activity.id")
  let referenceDisplay = ReportPath("CarePlan.activity.reference.display")
  /// The elements of `detail.code` the title may come from.
  let codeConcept = ConceptText.Paths(detail + ".code")
  let description = ReportPath(detail + ".description")
  let quantity = ReportPath(detail + ".quantity")
  let quantityParts = TargetValueMapping.QuantityPaths(detail + ".quantity")
  let status = ReportPath(detail + ".status")
  let scheduledString = ReportPath(detail + ".scheduledString")
  let scheduledPeriod = ReportPath(detail + ".scheduledPeriod")
  let scheduledPeriodStart = ReportPath(detail + ".scheduledPeriod.start")
  let scheduledPeriodEnd = ReportPath(detail + ".scheduledPeriod.end")
  /// `scheduled[x]` as a whole (defaulted when absent or a string).
  let scheduled: TimingPaths
  let scheduledTiming: TimingPaths

  /// - Parameter timingUnitNameSuffix: What the release's timing unit elements end with after
  ///   `Unit` (``TimingPattern/unitNameSuffix``).
  init(timingUnitNameSuffix: String) {
    scheduled = TimingPaths(cached: Self.detail + ".scheduled")
    scheduledTiming = TimingPaths(cached: Self.detail + ".scheduledTiming", unitNameSuffix: timingUnitNameSuffix)
  }
}

import CareModel
import FHIRCore
import Foundation

/// What differs between the releases for the CarePlan activity coders: the activity type and
/// how its elements are read and written. Everything else is shared (``ActivityMapping``).
protocol ActivityRelease: SendableMetatype {
  associatedtype Activity: ActivityModel
  /// `"R4"` or `"DSTU2"`.
  static var release: String { get }
  /// What the release's `Timing` holds (``ScheduleEncoding/Capacity``).
  static var timingCapacity: ScheduleEncoding.Capacity { get }
  /// The report paths (``ActivityPaths``), built once.
  static var paths: ActivityPaths { get }
  /// An activity with nothing in it.
  static func empty() -> Activity
  /// Sets `detail.code.text` (when `code` is given), `detail.description`, and appends
  /// `detailExtension` to the detail, creating the detail when there is none.
  static func writeText(code: String?, description: String?, detailExtension: Extension?, to activity: inout Activity)
  /// `detail.scheduled[x]` (a timing's elements are read by ``timing(_:)``).
  static func scheduled(_ activity: borrowing Activity) -> ActivityScheduled?
  /// `detail.scheduledTiming`.
  static func timing(_ activity: Activity) -> TimingPattern?
  /// Sets `detail.scheduledTiming` from `timing` (at `path`, for what the release cannot hold)
  /// and `detail.quantity` from `quantity` when given; returns whether the detail has a quantity.
  static func writeSchedule(
    _ timing: TimingPattern, quantity: (value: Primitive<FHIRDecimal>?, unit: String?, extensions: [Extension])?,
    path: String, to activity: inout Activity, report: inout ConversionReport
  ) -> Bool
}

extension ActivityRelease {
  /// The `detail.status` a detail is written with, in either release (required in R4).
  static var writtenStatus: String { "scheduled" }
  /// The activity's element `id`.
  static func id(_ activity: Activity) -> String? { activity.id }
  static func setID(_ id: String?, in activity: inout Activity) { activity.id = id }
  /// The activity's own extensions (the care ones hold the common fields).
  static func extensions(_ activity: Activity) -> [Extension] { activity.extension }
  static func append(_ extensions: [Extension], to activity: inout Activity) { activity.extension += extensions }

  /// What ``ActivityText`` reads: the detail's code text and first coding display, whether it
  /// has a code, its description and extensions, and the activity's `reference.display`; each
  /// element read where it lies in the borrowed activity.
  static func text(_ activity: borrowing Activity) -> ActivityTextElements {
    ActivityTextElements(
      codeText: activity.detail?.code?.text?.string,
      codeDisplay: activity.detail?.code?.coding.lazy.compactMap({ $0.display?.string }).first,
      hasCode: activity.detail?.code.isPresent == true, description: activity.detail?.description?.string,
      detailExtensions: activity.detail?.extension ?? [], referenceDisplay: activity.reference?.display?.string)
  }

  /// `detail.status`.
  static func status(_ activity: borrowing Activity) -> String? { activity.detail?.status?.string }

  /// `detail.quantity` as a target's parts.
  static func quantity(_ activity: borrowing Activity) -> (
    value: Primitive<FHIRDecimal>?, unit: String?, code: String?, extensions: [Extension]
  )? {
    guard activity.detail?.quantity.isPresent == true else { return nil }
    return (
      activity.detail?.quantity?.value,
      activity.detail?.quantity?.unit?.string,
      activity.detail?.quantity?.code?.string,
      activity.detail?.quantity?.extension ?? []
    )
  }

  /// Makes the activity a reference to `reference` (an order, `MedicationRequest/<id>`) with no
  /// `detail` (a CarePlan activity has one or the other, cpl-3).
  static func setReference(_ reference: String, in activity: inout Activity) {
    activity.reference = Activity.Ref(reference: Primitive(FHIRString(uncheckedString: reference)), display: nil)
    activity.detail = nil
  }
}

/// The text elements of an activity, release-neutral.
struct ActivityTextElements {
  var codeText: String?
  var codeDisplay: String?
  var hasCode: Bool
  var description: String?
  var detailExtensions: [Extension]
  var referenceDisplay: String?
}

/// An activity's `detail.scheduled[x]`, release-neutral (a timing without its elements, read by
/// ``ActivityRelease/timing(_:)`` only then: an enum holding the pattern was copied and destroyed whole).
enum ActivityScheduled {
  case timing
  case period(start: Primitive<FHIRDateTime>?, end: Primitive<FHIRDateTime>?)
  case string(String?)
}

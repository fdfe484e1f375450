public import CareModel
public import FHIRCore
public import Foundation

/// A FHIR `CarePlan.activity` ⇄ care `Task`, for either release: ``R4CarePlanActivityCoder`` and
/// ``DSTU2CarePlanActivityCoder``. The resource is a ``PlanActivity`` (the activity with its plan's
/// id, uuid and start). Each mapped field has a `get…` and a `set…` closure; the mapping is one
/// for both releases, what differs between them is in each release's adapter.
public struct CarePlanActivityCoder<Activity: FHIREncodable & Sendable>: MappedResourceCoder {
  public typealias Resource = PlanActivity<Activity>
  public typealias Entity = TaskEntity

  /// The activity's element `id`, else `<plan id>-activity-<index>` (defaulted) → `id`.
  public var getCareID: @Sendable (Resource, inout ConversionReport) -> String
  /// `id` → the activity's element `id`.
  public var setFHIRID: @Sendable (Entity, inout Resource, inout ConversionReport) -> Void
  /// `detail.code` text (else first coding display) → `title`, `detail.description` → `instructions`;
  /// with no code the description (else `reference.display`) is the title (see ``ActivityText``).
  public var getCareText: @Sendable (Resource, inout ConversionReport) -> (title: String?, instructions: String?)
  /// `title` → `detail.code.text`, `instructions` → `detail.description`.
  public var setFHIRText: @Sendable (Entity, inout Resource, inout ConversionReport) -> Void
  /// `detail.scheduled[x]` → `schedule`: a Timing through the Timing mapping; a Period as one daily,
  /// all-day element from its start to its end; a string as the default schedule with that text;
  /// none as the default (daily, all day, from the plan's start), reported defaulted.
  /// `detail.quantity` → each element's target value (``TargetValueMapping``). The schedule ends
  /// at the plan's `period.end`; without one, an activity whose `detail.status` or plan's `status`
  /// says it is over or held keeps only the first day of each pattern without end (reported unrepresentable).
  public var getCareSchedule: @Sendable (Resource, TimeZone, inout ConversionReport) -> Schedule
  /// `schedule` → `detail.scheduledTiming` (one timing: further timings and targets are reported
  /// unrepresentable); the first target → `detail.quantity`.
  public var setFHIRSchedule: @Sendable (Entity, inout Resource, inout ConversionReport) -> Void
  /// The common fields from care extensions on the activity; without them: the uuid stays the
  /// one the Task starts with (``StableUUID/forActivity(_:release:planID:planUUID:activityID:index:)``),
  /// effectiveDate the plan's start, timezone UTC.
  public var getCareVersionFields: @Sendable (Resource, inout Entity, inout ConversionReport) -> Void
  /// The common fields → care extensions on the activity.
  public var setFHIRVersionFields: @Sendable (Entity, inout Resource, inout ConversionReport) -> Void
  /// `impactsAdherence` from a care extension on the activity (default true).
  public var getCareImpactsAdherence: @Sendable (Resource, inout ConversionReport) -> Bool
  /// `impactsAdherence == false` → a care extension.
  public var setFHIRImpactsAdherence: @Sendable (Entity, inout Resource, inout ConversionReport) -> Void
  /// The plan's uuid → `carePlanUUID`.
  public var getCareCarePlanUUID: @Sendable (Resource, inout ConversionReport) -> UUID? = { r, _ in r.planUUID }
  /// `carePlanUUID` → the plan uuid of the ``PlanActivity``.
  public var setFHIRCarePlanUUID: @Sendable (Entity, inout Resource, inout ConversionReport) -> Void = { e, r, _ in
    r.planUUID = e.carePlanUUID
  }
  /// Whether decode accounts for every element of the activity (under `CarePlan.activity`).
  public var accountsForEveryElement = true
  /// The zone of the patient (or organization) the plan is for, when the caller knows it: used
  /// for clock times and dates without offset when the timing names no IANA zone (its
  /// `timezone` extension). Default `nil`: the offset of the plan's start.
  public var timeZone: TimeZone? = nil

  /// The shared mapping of the coder's release, run with this coder's closures.
  public let mapping: ReleaseMapping<CarePlanActivityCoder>

  /// The coder of release `R` with the default closures (the public `init()` of each release).
  init<R: ActivityRelease>(_: R.Type) where R.Activity == Activity {
    typealias Mapping = ActivityMapping<R>
    getCareID = { r, report in Mapping.careID(r, &report) }
    setFHIRID = { e, r, _ in Mapping.setID(e, &r) }
    getCareText = { r, report in Mapping.careText(r, &report) }
    setFHIRText = { e, r, _ in Mapping.setText(e, &r) }
    getCareSchedule = { r, zone, report in Mapping.careSchedule(r, zone, &report) }
    setFHIRSchedule = { e, r, report in Mapping.setSchedule(e, &r, &report) }
    getCareVersionFields = { r, e, _ in Mapping.careVersionFields(r, &e) }
    setFHIRVersionFields = { e, r, _ in R.append(CareExtensions.versionExtensions(e), to: &r.activity) }
    getCareImpactsAdherence = { r, _ in Mapping.careImpactsAdherence(r) }
    setFHIRImpactsAdherence = { e, r, _ in Mapping.setImpactsAdherence(e, &r) }
    mapping = ReleaseMapping(
      decode: { coder, resource, source in Mapping.decode(resource, from: source, with: coder) },
      encode: { coder, entity in Mapping.encode(entity, with: coder) })
  }
}

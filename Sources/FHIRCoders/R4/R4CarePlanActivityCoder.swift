public import CareModel
import FHIRCore
public import FHIRR4
public import Foundation

/// R4 `CarePlan.activity` ⇄ care `Task`. The resource is a ``PlanActivity`` (the activity with its
/// plan's id, uuid and start). Each mapped field has a `get…` and a `set…` closure; the mapping is
/// shared with the other release (``ActivityMapping``), what differs is in ``R4Activities``.
public struct R4CarePlanActivityCoder: ResourceCoder, ActivityCoding {
  public typealias Resource = PlanActivity<FHIRR4.CarePlan.Activity>
  public typealias Entity = CareModel.Task
  typealias Release = R4Activities
  typealias Mapping = ActivityMapping<R4Activities>

  /// The activity's element `id`, else `<plan id>-activity-<index>` (defaulted) → `id`.
  public var getCareID: @Sendable (Resource, inout ConversionReport) -> String = { r, report in
    Mapping.careID(r, &report)
  }
  /// `id` → the activity's element `id`.
  public var setFHIRID: @Sendable (Entity, inout Resource, inout ConversionReport) -> Void = { e, r, _ in
    Mapping.setID(e, &r)
  }
  /// `detail.code` text (else first coding display) → `title`, `detail.description` → `instructions`;
  /// with no code the description (else `reference.display`) is the title (see ``ActivityText``).
  public var getCareText: @Sendable (Resource, inout ConversionReport) -> (title: String?, instructions: String?) = {
    r, report in Mapping.careText(r, &report)
  }
  /// `title` → `detail.code.text`, `instructions` → `detail.description`.
  public var setFHIRText: @Sendable (Entity, inout Resource, inout ConversionReport) -> Void = { e, r, _ in
    Mapping.setText(e, &r)
  }
  /// `detail.scheduled[x]` → `schedule`: a Timing through the Timing mapping; a Period as one daily,
  /// all-day element from its start to its end; a string as the default schedule with that text;
  /// none as the default (daily, all day, from the plan's start), reported defaulted.
  /// `detail.quantity` → each element's target value (``TargetValueMapping``).
  public var getCareSchedule: @Sendable (Resource, TimeZone, inout ConversionReport) -> Schedule = { r, zone, report in
    Mapping.careSchedule(r, zone, &report)
  }
  /// `schedule` → `detail.scheduledTiming` (one timing: further timings and targets are reported
  /// unrepresentable); the first target → `detail.quantity`.
  public var setFHIRSchedule: @Sendable (Entity, inout Resource, inout ConversionReport) -> Void = { e, r, report in
    Mapping.setSchedule(e, &r, &report)
  }
  /// The common fields from care extensions on the activity; without them: the uuid stays the
  /// one the Task starts with (``StableUUID/forActivity(_:release:planID:planUUID:activityID:index:)``),
  /// effectiveDate the plan's start, timezone UTC.
  public var getCareVersionFields: @Sendable (Resource, inout Entity, inout ConversionReport) -> Void = { r, e, _ in
    Mapping.careVersionFields(r, &e)
  }
  /// The common fields → care extensions on the activity.
  public var setFHIRVersionFields: @Sendable (Entity, inout Resource, inout ConversionReport) -> Void = { e, r, _ in
    Release.append(CareExtensions.versionExtensions(e), to: &r.activity)
  }
  /// `impactsAdherence` from a care extension on the activity (default true).
  public var getCareImpactsAdherence: @Sendable (Resource, inout ConversionReport) -> Bool = { r, _ in
    Mapping.careImpactsAdherence(r)
  }
  /// `impactsAdherence == false` → a care extension.
  public var setFHIRImpactsAdherence: @Sendable (Entity, inout Resource, inout ConversionReport) -> Void = { e, r, _ in
    Mapping.setImpactsAdherence(e, &r)
  }
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

  public init() {}

  public func decode(_ resource: Resource) throws -> Converted<Entity> {
    Mapping.decode(resource, from: nil, with: self)
  }

  /// ``decode(_:)``, accounting for the elements from `source` (the tokens the activity was
  /// decoded from, see ``ResourceSource``; else ``PlanActivity/source``) instead of writing it again; same report.
  public func decode(_ resource: Resource, from source: ResourceSource?) throws -> Converted<Entity> {
    Mapping.decode(resource, from: source, with: self)
  }

  public func encode(_ entity: Entity) throws -> Converted<Resource> {
    Mapping.encode(entity, with: self)
  }
}

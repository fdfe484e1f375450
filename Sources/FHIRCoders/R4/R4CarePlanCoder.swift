public import CareModel
import FHIRCore
public import FHIRR4
public import Foundation

/// R4 `CarePlan` ⇄ care `CarePlan`; its activities become Tasks through ``activityCoder``
/// (``decodeWithTasks(_:)``, ``encode(_:tasks:)``). Each mapped field has a `get…` and a `set…` closure;
/// the mapping is shared with the other release (``CarePlanMapping``), what differs is in ``R4CarePlans``.
public struct R4CarePlanCoder: ResourceCoder, CarePlanCoding {
  public typealias Resource = FHIRR4.CarePlan
  public typealias Entity = CareModel.CarePlan
  typealias Release = R4CarePlans
  typealias Mapping = CarePlanMapping<R4CarePlans>

  /// `id` → `id` (defaulted to `"careplan"` when absent).
  public var getCareID: @Sendable (Resource, inout ConversionReport) -> String = { r, report in
    Mapping.careID(r, &report)
  }
  /// `id` → `CarePlan.id`.
  public var setFHIRID: @Sendable (Entity, inout Resource, inout ConversionReport) -> Void = { e, r, report in
    Mapping.setID(e, &r, &report)
  }
  /// `title`, else `description`, else the first category's text or coding display, else
  /// `"Care plan"` (defaulted) → `title`.
  public var getCareTitle: @Sendable (Resource, inout ConversionReport) -> String = { r, report in
    Mapping.careTitle(r, &report)
  }
  /// `title` → `CarePlan.title`.
  public var setFHIRTitle: @Sendable (Entity, inout Resource, inout ConversionReport) -> Void = { e, r, _ in
    Release.setTitle(e.title, in: &r)
  }
  /// `subject` (a reference's uuid, see ``StableUUID``) → `patientUUID`; a care `patientUUID` extension wins.
  public var getCarePatientUUID: @Sendable (Resource, inout ConversionReport) -> UUID? = { r, report in
    Mapping.carePatientUUID(r, &report)
  }
  /// `patientUUID` → `subject` (`urn:uuid:…`).
  public var setFHIRPatientUUID: @Sendable (Entity, inout Resource, inout ConversionReport) -> Void = { e, r, _ in
    Mapping.setPatientUUID(e, &r)
  }
  /// The common fields from care extensions; without them: the uuid stays the one the entity
  /// starts with (``StableUUID/forDecoded(_:type:release:id:versionID:)``), effectiveDate and
  /// timezone from `period.start`, else `created` (else 1970 UTC).
  public var getCareVersionFields: @Sendable (Resource, inout Entity, inout ConversionReport) -> Void = { r, e, report in
    Mapping.careVersionFields(r, &e, &report)
  }
  /// The common fields → care extensions.
  public var setFHIRVersionFields: @Sendable (Entity, inout Resource, inout ConversionReport) -> Void = { e, r, _ in
    Release.append(CareExtensions.versionExtensions(e), to: &r)
  }
  /// The coder for the plan's activities.
  public var activityCoder = R4CarePlanActivityCoder()
  /// Whether decode accounts for every input element. Activities count as mapped (they are the
  /// Tasks of ``decodeWithTasks(_:)``, accounted by ``activityCoder``).
  public var accountsForEveryElement = true

  public init() {}

  public func decode(_ resource: Resource) throws -> Converted<Entity> {
    Mapping.decode(resource, from: nil, with: self)
  }

  /// ``decode(_:)``, accounting for the elements from `source` (the tokens `resource` was
  /// decoded from, see ``ResourceSource``) instead of writing `resource` again; same report.
  public func decode(_ resource: Resource, from source: ResourceSource?) throws -> Converted<Entity> {
    Mapping.decode(resource, from: source, with: self)
  }

  /// The plan and one Task per activity (linked by `carePlanUUID`).
  /// - Throws: ``CoderError`` from either coder.
  public func decodeWithTasks(_ resource: Resource) throws -> (plan: Converted<Entity>, tasks: [Converted<CareModel.Task>]) {
    try Mapping.decodeWithTasks(resource, from: nil, with: self)
  }

  /// ``decodeWithTasks(_:)``, accounting from `source` (see ``decode(_:from:)``); each activity
  /// is accounted from its part of `source`.
  /// - Throws: ``CoderError`` from either coder.
  public func decodeWithTasks(_ resource: Resource, from source: ResourceSource?) throws
    -> (plan: Converted<Entity>, tasks: [Converted<CareModel.Task>])
  {
    try Mapping.decodeWithTasks(resource, from: source, with: self)
  }

  public func encode(_ entity: Entity) throws -> Converted<Resource> {
    Mapping.encode(entity, with: self)
  }

  /// The plan with `tasks` as its activities.
  /// - Throws: ``CoderError`` from either coder.
  public func encode(_ entity: Entity, tasks: [CareModel.Task]) throws -> Converted<Resource> {
    Mapping.encode(entity, tasks: tasks, with: self)
  }

  /// The plan with `tasks` as its activities, those in `orderReferences` (task uuid → the
  /// reference text of its order, `MedicationRequest/<id>`) as activities that refer to their
  /// order, written separately because one `scheduledTiming` cannot hold their schedule.
  /// - Throws: ``CoderError`` from either coder.
  public func encode(_ entity: Entity, tasks: [CareModel.Task], orderReferences: [UUID: String]) throws -> Converted<Resource> {
    Mapping.encode(entity, tasks: tasks, orderReferences: orderReferences, with: self)
  }
}

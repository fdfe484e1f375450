public import CareModel
public import FHIRCore
public import Foundation

/// A FHIR `CarePlan` ⇄ care `CarePlan`, for either release: ``R4CarePlanCoder`` and
/// ``DSTU2CarePlanCoder``; its activities become Tasks through ``activityCoder``
/// (``decodeWithTasks(_:)``, ``encode(_:tasks:)``). Each mapped field has a `get…` and a `set…`
/// closure; the mapping is one for both releases, what differs between them (the title, the
/// date the plan falls back on) is in each release's adapter.
public struct CarePlanCoder<Resource: FHIREncodable & Sendable, Activity: FHIREncodable & Sendable>: MappedResourceCoder {
  public typealias Entity = CarePlanEntity

  /// `id` → `id` (defaulted to `"careplan"` when absent).
  public var getCareID: @Sendable (Resource, inout ConversionReport) -> String
  /// `id` → `CarePlan.id`.
  public var setFHIRID: @Sendable (Entity, inout Resource, inout ConversionReport) -> Void
  /// `title` (R4 only), else `description`, else the first category's text or coding display,
  /// else `"Care plan"` (defaulted) → `title`.
  public var getCareTitle: @Sendable (Resource, inout ConversionReport) -> String
  /// `title` → `CarePlan.title` (R4), `CarePlan.description` (DSTU2, which has no `title`).
  public var setFHIRTitle: @Sendable (Entity, inout Resource, inout ConversionReport) -> Void
  /// `subject` (a reference's uuid, see ``StableUUID``) → `patientUUID`; a care `patientUUID` extension wins.
  public var getCarePatientUUID: @Sendable (Resource, inout ConversionReport) -> UUID?
  /// `patientUUID` → `subject` (`urn:uuid:…`).
  public var setFHIRPatientUUID: @Sendable (Entity, inout Resource, inout ConversionReport) -> Void
  /// The common fields from care extensions; without them: the uuid stays the one the entity
  /// starts with (``StableUUID/forDecoded(_:type:release:id:versionID:)``), effectiveDate and
  /// timezone from `period.start`, else `created` (R4) or `modified` (DSTU2) (else 1970 UTC).
  public var getCareVersionFields: @Sendable (Resource, inout Entity, inout ConversionReport) -> Void
  /// The common fields → care extensions.
  public var setFHIRVersionFields: @Sendable (Entity, inout Resource, inout ConversionReport) -> Void
  /// The coder for the plan's activities.
  public var activityCoder: CarePlanActivityCoder<Activity>
  /// Whether decode accounts for every input element. Activities count as mapped (they are the
  /// Tasks of ``decodeWithTasks(_:)``, accounted by ``activityCoder``).
  public var accountsForEveryElement = true

  /// The shared mapping of the coder's release, run with this coder's closures.
  public let mapping: ReleaseMapping<CarePlanCoder>
  /// The shared mapping's plan-with-tasks entry points.
  private let decodingWithTasks:
    @Sendable (CarePlanCoder, Resource, ResourceSource?) -> (plan: Converted<Entity>, tasks: [Converted<TaskEntity>])
  private let encodingWithTasks: @Sendable (CarePlanCoder, Entity, [TaskEntity], [UUID: String]) -> Converted<Resource>

  /// The coder of release `R` with the default closures (the public `init()` of each release).
  init<R: CarePlanRelease>(_: R.Type) where R.Resource == Resource, R.Activities.Activity == Activity {
    typealias Mapping = CarePlanMapping<R>
    getCareID = { r, report in Mapping.careID(r, &report) }
    setFHIRID = { e, r, report in Mapping.setID(e, &r, &report) }
    getCareTitle = { r, report in Mapping.careTitle(r, &report) }
    setFHIRTitle = { e, r, _ in R.setTitle(e.title, in: &r) }
    getCarePatientUUID = { r, report in Mapping.carePatientUUID(r, &report) }
    setFHIRPatientUUID = { e, r, _ in Mapping.setPatientUUID(e, &r) }
    getCareVersionFields = { r, e, report in Mapping.careVersionFields(r, &e, &report) }
    setFHIRVersionFields = { e, r, _ in R.append(CareExtensions.versionExtensions(e), to: &r) }
    activityCoder = CarePlanActivityCoder(R.Activities.self)
    mapping = ReleaseMapping(
      decode: { coder, resource, source in Mapping.decode(resource, from: source, with: coder) },
      encode: { coder, entity in Mapping.encode(entity, with: coder) })
    decodingWithTasks = { coder, resource, source in Mapping.decodeWithTasks(resource, from: source, with: coder) }
    encodingWithTasks = { coder, entity, tasks, orderReferences in
      Mapping.encode(entity, tasks: tasks, orderReferences: orderReferences, with: coder)
    }
  }

  /// The plan and one Task per activity (linked by `carePlanUUID`).
  /// - Throws: ``CoderError`` from either coder.
  public func decodeWithTasks(_ resource: Resource) throws -> (plan: Converted<Entity>, tasks: [Converted<TaskEntity>]) {
    decodingWithTasks(self, resource, nil)
  }

  /// ``decodeWithTasks(_:)``, accounting from `source` (see ``decode(_:from:)``); each activity
  /// is accounted from its part of `source`.
  /// - Throws: ``CoderError`` from either coder.
  public func decodeWithTasks(_ resource: Resource, from source: ResourceSource?) throws
    -> (plan: Converted<Entity>, tasks: [Converted<TaskEntity>])
  {
    decodingWithTasks(self, resource, source)
  }

  /// The plan with `tasks` as its activities.
  /// - Throws: ``CoderError`` from either coder.
  public func encode(_ entity: Entity, tasks: [TaskEntity]) throws -> Converted<Resource> {
    encodingWithTasks(self, entity, tasks, [:])
  }

  /// The plan with `tasks` as its activities, those in `orderReferences` (task uuid → the
  /// reference text of its order, `MedicationRequest/<id>`) as activities that refer to their
  /// order, written separately because one `scheduledTiming` cannot hold their schedule.
  /// - Throws: ``CoderError`` from either coder.
  public func encode(_ entity: Entity, tasks: [TaskEntity], orderReferences: [UUID: String]) throws -> Converted<Resource> {
    encodingWithTasks(self, entity, tasks, orderReferences)
  }
}

public import CareModel
public import FHIRCore
public import FHIRDSTU2
public import Foundation

/// DSTU2 `CarePlan` ⇄ care `CarePlan`; its activities become Tasks through ``activityCoder``
/// (``decodeWithTasks(_:)``, ``encode(_:tasks:)``). Each mapped field has a `get…` and a `set…` closure.
public struct DSTU2CarePlanCoder: ResourceCoder {
  public typealias Resource = FHIRDSTU2.CarePlan
  public typealias Entity = CareModel.CarePlan

  /// `id` → `id` (defaulted to `"careplan"` when absent).
  public var getCareID: @Sendable (Resource, inout ConversionReport) -> String = { r, report in
    if let id = r.id?.string { report.mapped("CarePlan.id"); return id }
    report.defaulted("CarePlan.id")
    return "careplan"
  }
  /// `id` → `CarePlan.id`.
  public var setFHIRID: @Sendable (Entity, inout Resource, inout ConversionReport) -> Void = { e, r, report in
    r.id = Primitive(FHIRID(uncheckedString: e.id))
    if FHIRID.problem(with: e.id) != nil { report.unrepresentable("CarePlan.id") }
  }
  /// `description`, else the first category's text or coding display, else `"Care plan"`
  /// (defaulted) → `title` (DSTU2 CarePlan has no `title`).
  public var getCareTitle: @Sendable (Resource, inout ConversionReport) -> String = { r, report in
    if let t = r.description?.string { report.mapped("CarePlan.description"); return t }
    for c in r.category {
      if let t = c.text?.string ?? c.coding.lazy.compactMap(\.display?.string).first {
        report.mapped("CarePlan.category")
        return t
      }
    }
    report.defaulted("CarePlan.title")
    return "Care plan"
  }
  /// `title` → `CarePlan.description`.
  public var setFHIRTitle: @Sendable (Entity, inout Resource, inout ConversionReport) -> Void = { e, r, _ in
    r.description = Primitive(FHIRString(uncheckedString: e.title))
  }
  /// `subject` (a reference's uuid, see ``StableUUID``) → `patientUUID`; a care `patientUUID` extension wins.
  public var getCarePatientUUID: @Sendable (Resource, inout ConversionReport) -> UUID? = { r, report in
    if let s = CareExtensions.strings(r.extension, "patientUUID").first { return UUID(uuidString: s) }
    guard let u = StableUUID.forReference(r.subject?.reference?.string) else { return nil }
    report.mapped("CarePlan.subject.reference")
    return u
  }
  /// `patientUUID` → `subject` (`urn:uuid:…`).
  public var setFHIRPatientUUID: @Sendable (Entity, inout Resource, inout ConversionReport) -> Void = { e, r, _ in
    guard let u = e.patientUUID else { return }
    r.subject = Reference(reference: Primitive(FHIRString(uncheckedString: "urn:uuid:" + u.uuidString.lowercased())))
  }
  /// The common fields from care extensions; without them: uuid from the id, effectiveDate and
  /// timezone from `period.start`, else `modified` (else 1970 UTC).
  public var getCareVersionFields: @Sendable (Resource, inout Entity, inout ConversionReport) -> Void = { r, e, report in
    e.uuid = r.id?.string.map { StableUUID.forResource(type: "CarePlan", id: $0) } ?? StableUUID.derived("CarePlan")
    var point = FHIRDates.point(r.period?.start, zone: FHIRDates.utc)
    if point != nil { report.mapped("CarePlan.period.start") }
    if point == nil, let created = FHIRDates.point(r.modified, zone: FHIRDates.utc) {
      point = created
      report.mapped("CarePlan.modified")
    }
    e.effectiveDate = point?.date ?? Date(timeIntervalSince1970: 0)
    e.timezone = point?.zone ?? FHIRDates.utc
    CareExtensions.readVersionFields(r.extension, into: &e)
  }
  /// The common fields → care extensions.
  public var setFHIRVersionFields: @Sendable (Entity, inout Resource, inout ConversionReport) -> Void = { e, r, _ in
    r.extension += CareExtensions.versionExtensions(e)
  }
  /// The coder for the plan's activities.
  public var activityCoder = DSTU2CarePlanActivityCoder()
  /// Whether decode accounts for every input element. Activities count as mapped (they are the
  /// Tasks of ``decodeWithTasks(_:)``, accounted by ``activityCoder``).
  public var accountsForEveryElement = true

  public init() {}

  public func decode(_ resource: Resource) throws -> Converted<Entity> {
    var report = ConversionReport()
    // A stable placeholder: getCareVersionFields sets the uuid (UUID() would read /dev/urandom).
    var entity = Entity(id: getCareID(resource, &report), title: "", uuid: StableUUID.derived("CarePlan"))
    getCareVersionFields(resource, &entity, &report)
    entity.title = getCareTitle(resource, &report)
    entity.patientUUID = getCarePatientUUID(resource, &report)
    for _ in resource.activity { report.mapped("CarePlan.activity") }
    if accountsForEveryElement { ElementAccounting.account(resource, root: "CarePlan", in: &report) }
    return Converted(entity, report: report)
  }

  /// The plan and one Task per activity (linked by `carePlanUUID`).
  /// - Throws: ``CoderError`` from either coder.
  public func decodeWithTasks(_ resource: Resource) throws -> (plan: Converted<Entity>, tasks: [Converted<CareModel.Task>]) {
    let plan = try decode(resource)
    let anchor = FHIRDates.point(resource.period?.start, zone: FHIRDates.utc)?.date
      ?? FHIRDates.point(resource.modified, zone: FHIRDates.utc)?.date
    let tasks = try resource.activity.enumerated().map { index, activity in
      try activityCoder.decode(PlanActivity(
        activity: activity, planID: resource.id?.string, planUUID: plan.value.uuid, index: index, anchor: anchor))
    }
    return (plan, tasks)
  }

  public func encode(_ entity: Entity) throws -> Converted<Resource> {
    var report = ConversionReport()
    var r = Resource()
    r.status = "active"
    setFHIRID(entity, &r, &report)
    setFHIRVersionFields(entity, &r, &report)
    setFHIRTitle(entity, &r, &report)
    setFHIRPatientUUID(entity, &r, &report)
    return Converted(r, report: report)
  }

  /// The plan with `tasks` as its activities.
  /// - Throws: ``CoderError`` from either coder.
  public func encode(_ entity: Entity, tasks: [CareModel.Task]) throws -> Converted<Resource> {
    var plan = try encode(entity)
    for task in tasks {
      let activity = try activityCoder.encode(task)
      plan.value.activity.append(activity.value.activity)
      plan.report.merge(activity.report)
    }
    return plan
  }
}

import CareModel
import FHIRCore
import Foundation

/// The CarePlan ⇄ CarePlan mapping both releases share; the release-specific parts come from
/// `R` (see ``CarePlanRelease``). The coders' default closures call these functions.
enum CarePlanMapping<R: CarePlanRelease> {
  static func careID(_ r: R.Resource, _ report: inout ConversionReport) -> String {
    if let id = R.id(r) { report.mapped(CarePlanPaths.id); return id }
    report.defaulted(CarePlanPaths.id)
    return "careplan"
  }

  static func setID(_ e: CarePlanEntity, _ r: inout R.Resource, _ report: inout ConversionReport) {
    let id = ResourceIDMapping.fhirID(forCareID: e.id, kind: "carePlan")
    R.setID(id, in: &r)
    R.append(ResourceIDMapping.extensions(forCareID: e.id, fhirID: id), to: &r)
  }

  static func careTitle(_ r: R.Resource, _ report: inout ConversionReport) -> String {
    let (title, description) = R.title(r)
    if let title { report.mapped(CarePlanPaths.title); return title }
    if let description { report.mapped(CarePlanPaths.description); return description }
    for text in R.categoryTexts(r) {
      if let text {
        report.mapped(CarePlanPaths.category)
        return text
      }
    }
    report.defaulted(CarePlanPaths.title)
    return "Care plan"
  }

  static func carePatientUUID(_ r: R.Resource, _ report: inout ConversionReport) -> UUID? {
    if let s = CareExtensions.strings(R.extensions(r), "patientUUID").first { return UUID(uuidString: s) }
    guard let u = StableUUID.forReference(R.subjectReference(r)) else { return nil }
    report.mapped(CarePlanPaths.subjectReference)
    return u
  }

  static func setPatientUUID(_ e: CarePlanEntity, _ r: inout R.Resource) {
    guard let u = e.patientUUID else { return }
    R.setSubject("urn:uuid:" + u.uuidString.lowercased(), in: &r)
  }

  /// The plan's start as written: `period.start` when it is a date, else the fallback date
  /// (`created` / `modified`). Its activities read it in their Task's zone.
  static func start(_ r: R.Resource) -> FHIRDateTime? {
    if let start = R.periodStart(r)?.value, FHIRDates.point(dateTime: start, zone: FHIRDates.utc) != nil { return start }
    return R.fallbackDate(r).value?.value
  }

  /// The plan's `period.end` as written, when it is a date. Its activities read it in their Task's zone.
  static func end(_ r: R.Resource) -> FHIRDateTime? {
    guard let end = R.periodEnd(r)?.value, FHIRDates.point(dateTime: end, zone: FHIRDates.utc) != nil else { return nil }
    return end
  }

  static func careVersionFields(_ r: R.Resource, _ e: inout CarePlanEntity, _ report: inout ConversionReport) {
    var point = FHIRDates.point(R.periodStart(r), zone: FHIRDates.utc)
    if point != nil { report.mapped(CarePlanPaths.periodStart) }
    let fallback = R.fallbackDate(r)
    if point == nil, let date = FHIRDates.point(fallback.value, zone: FHIRDates.utc) {
      point = date
      report.mapped(CarePlanPaths.element(fallback.element))
    }
    e.effectiveDate = point?.date ?? FHIRDates.epoch
    e.timezone = point?.zone ?? FHIRDates.utc
    CareExtensions.readVersionFields(R.extensions(r), into: &e)
  }

  /// The care plan of a CarePlan, through `coder`'s closures.
  static func decode(_ resource: R.Resource, from source: ResourceSource?, with coder: CarePlanCoder<R.Resource, R.Activities.Activity>)
    -> Converted<CarePlanEntity>
  {
    var report = ConversionReport()
    let uuid = StableUUID.forDecoded(resource, type: "CarePlan", release: R.release, id: R.id(resource), versionID: R.versionID(resource))
    var entity = CarePlanEntity(
      id: coder.getCareID(resource, &report), title: "", uuid: uuid, effectiveDate: FHIRDates.epoch, timezone: FHIRDates.utc)
    coder.getCareVersionFields(resource, &entity, &report)
    entity.title = coder.getCareTitle(resource, &report)
    entity.patientUUID = coder.getCarePatientUUID(resource, &report)
    let activities = R.activities(resource).count
    if activities > 0 { report.record(.mapped, CarePlanPaths.activity, count: activities) }
    // They end the activities' schedules (``decodeWithTasks``).
    if end(resource) != nil { report.mapped(CarePlanPaths.periodEnd) }
    // An ended plan's status ends its activities; `active` is what a plan is written back with.
    if ScheduleStop.hasEnded(status: R.status(resource)) || R.status(resource) == "active" {
      report.mapped(CarePlanPaths.status)
    }
    if R.intent(resource) == "plan" { report.mapped(CarePlanPaths.intent) }
    if coder.accountsForEveryElement { ElementAccounting.account(resource, source, root: CarePlanPaths.root, in: &report) }
    return Converted(entity, report: report)
  }

  /// The plan and one Task per activity, through `coder`'s closures and its activity coder.
  static func decodeWithTasks(_ resource: R.Resource, from source: ResourceSource?, with coder: CarePlanCoder<R.Resource, R.Activities.Activity>)
    -> (plan: Converted<CarePlanEntity>, tasks: [Converted<TaskEntity>])
  {
    let plan = decode(resource, from: source, with: coder)
    let start = start(resource)
    let end = end(resource)
    let hasEnded = ScheduleStop.hasEnded(status: R.status(resource))
    let activities = R.activities(resource)
    let planID = R.id(resource)
    var tasks: [Converted<TaskEntity>] = []
    tasks.reserveCapacity(activities.count)
    // By position: each activity is copied once, into its PlanActivity (iterating, then
    // initialising copied it three times).
    for index in activities.indices {
      let activity = PlanActivity(
        activity: activities[index], planID: planID, planUUID: plan.value.uuid, index: index, start: start,
        end: end, planHasEnded: hasEnded, source: source?.element("activity", index))
      tasks.append(ActivityMapping<R.Activities>.decode(activity, from: nil, with: coder.activityCoder))
    }
    return (plan, tasks)
  }

  /// The CarePlan of a care plan, through `coder`'s closures.
  static func encode(_ entity: CarePlanEntity, with coder: CarePlanCoder<R.Resource, R.Activities.Activity>) -> Converted<R.Resource> {
    var report = ConversionReport()
    var r = R.empty()
    coder.setFHIRID(entity, &r, &report)
    coder.setFHIRVersionFields(entity, &r, &report)
    coder.setFHIRTitle(entity, &r, &report)
    coder.setFHIRPatientUUID(entity, &r, &report)
    return Converted(r, report: report)
  }

  /// The CarePlan of a care plan with `tasks` as its activities; a task in `orderReferences`
  /// (by uuid) becomes an activity referring to its order, written as its own resource.
  static func encode(
    _ entity: CarePlanEntity, tasks: [TaskEntity], orderReferences: [UUID: String] = [:], with coder: CarePlanCoder<R.Resource, R.Activities.Activity>
  ) -> Converted<R.Resource> {
    var plan = encode(entity, with: coder)
    for task in tasks {
      let activity =
        if let reference = orderReferences[task.uuid] {
          ActivityMapping<R.Activities>.encode(task, referencing: reference, with: coder.activityCoder)
        } else {
          ActivityMapping<R.Activities>.encode(task, with: coder.activityCoder)
        }
      R.append(activity.value.activity, to: &plan.value)
      plan.report.merge(activity.report)
    }
    return plan
  }
}

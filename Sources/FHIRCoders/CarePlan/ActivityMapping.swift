import CareModel
import FHIRCore
import FHIRJSON
import Foundation

/// The CarePlan activity ⇄ Task mapping both releases share; the release-specific parts come
/// from `R` (see ``ActivityRelease``). The coders' default closures call these functions.
enum ActivityMapping<R: ActivityRelease> {
  typealias Resource = PlanActivity<R.Activity>

  static func careID(_ r: Resource, _ report: inout ConversionReport) -> String {
    if let id = R.id(r.activity) { report.mapped(R.paths.id); return id }
    report.defaulted(R.paths.id)
    // One interpolation: one buffer, where `+` made a string per step.
    return "\(r.planID ?? "careplan")-activity-\(r.index)"
  }

  static func setID(_ e: TaskEntity, _ r: inout Resource) {
    R.setID(e.id, in: &r.activity)
  }

  static func careText(_ r: Resource, _ report: inout ConversionReport) -> (title: String?, instructions: String?) {
    let t = R.text(r.activity)
    return ActivityText.read(
      codeText: t.codeText, codeDisplay: t.codeDisplay, hasCode: t.hasCode, description: t.description,
      referenceDisplay: t.referenceDisplay,
      titleAbsent: CareExtensions.strings(t.detailExtensions, "titleAbsent").first == "true", paths: R.paths,
      report: &report)
  }

  static func setText(_ e: TaskEntity, _ r: inout Resource) {
    let absent = e.title == nil && e.instructions != nil ? CareExtensions.string("titleAbsent", "true") : nil
    R.writeText(code: e.title, description: e.instructions, detailExtension: absent, to: &r.activity)
  }

  static func careSchedule(_ r: Resource, _ zone: TimeZone, _ report: inout ConversionReport) -> Schedule {
    let paths = R.paths
    // The plan's dates in the Task's zone, as an order's are (a date's first day starts at that
    // zone's midnight, its last ends at the next).
    let planStart = FHIRDates.point(dateTime: r.start, zone: zone)?.date
    let anchor = planStart ?? FHIRDates.epoch
    var targets: [OutcomeValue] = []
    if let q = R.quantity(r.activity),
      let v = TargetValueMapping.read(
        decimal: q.value, unit: q.unit, code: q.code, extensions: q.extensions, paths: paths.quantityParts,
        at: { r.detailPath("quantity").appending(key: "value") }, report: &report)
    {
      targets.append(v)
    }
    var elements: [ScheduleElement] = []
    let scheduled = R.scheduled(r.activity)
    // A plan with no date to anchor at starts such a schedule on 1 January 1970: said (as for orders).
    if planStart == nil {
      let startsAtAnchor: Bool
      switch scheduled {
      case .timing: startsAtAnchor = ScheduleDecoding.startsAtAnchor(R.timing(r.activity))
      case .period(let start, _): startsAtAnchor = start?.value == nil
      case .string, nil: startsAtAnchor = true
      }
      if startsAtAnchor { report.defaulted(CarePlanPaths.periodStart) }
    }
    switch scheduled {
    case .timing:
      ScheduleDecoding.decode(
        R.timing(r.activity), paths: paths.scheduledTiming, at: { r.detailPath("scheduledTiming") }, anchor: anchor, zone: zone,
        targetValues: targets, into: &elements, report: &report)
    case .period(let start, let end):
      elements.append(PeriodSchedule.element(
        start: start, end: end, startPath: paths.scheduledPeriodStart, endPath: paths.scheduledPeriodEnd,
        at: { r.detailPath("scheduledPeriod") }, anchor: anchor, zone: zone, targets: targets, report: &report))
    case .string(let text):
      report.mapped(paths.scheduledString)
      ScheduleDecoding.decodeAbsent(paths: paths.scheduled, anchor: anchor, zone: zone, targetValues: targets, into: &elements, report: &report)
      elements[0].text = text
    case nil:
      ScheduleDecoding.decodeAbsent(paths: paths.scheduled, anchor: anchor, zone: zone, targetValues: targets, into: &elements, report: &report)
    }
    if !ScheduleStop.end(&elements, ending(r, zone: zone, &report), zone: zone) {
      report.issue(
        .invalidValue, "the plan ends (period.end) before this activity's schedule starts; only the schedule's first day is kept",
        at: JSONPath([.key("period"), .key("end")]))
    }
    return Schedule(elements: elements)
  }

  /// How the activity has ended: at its plan's `period.end`, unless its `detail.status` says it
  /// was cut short (cancelled, stopped, held: ``ScheduleStop/wasCutShort(status:)``; a cancelled
  /// activity is not due until its plan's end); else without a date when its `detail.status` or
  /// its plan's `status` says it is over or held (reported unrepresentable: a schedule cannot say
  /// "ended on a day no one wrote down"), else not.
  static func ending(_ r: Resource, zone: TimeZone, _ report: inout ConversionReport) -> ScheduleStop.Ending {
    let status = R.status(r.activity)
    let ended = ScheduleStop.hasEnded(status: status)
    // The status a detail is written with comes back as it came: mapped, not dropped.
    if ended || status == R.writtenStatus { report.mapped(R.paths.status) }
    if let end = ScheduleStop.exclusiveEnd(r.end, zone: zone), !ScheduleStop.wasCutShort(status: status) { return .on(end) }
    guard ended || r.planHasEnded else { return .open }
    report.unrepresentable(ended ? R.paths.status : CarePlanPaths.status)
    return .undated
  }

  /// The schedule as the activity's one `scheduledTiming` (``ScheduleEncoding/timing(_:path:zone:capacity:report:)``);
  /// a schedule no one timing holds (a taper's phases) keeps its first timing, the others
  /// reported `unrepresentable` at `CarePlan.activity.detail.scheduled`.
  static func setSchedule(_ e: TaskEntity, _ r: inout Resource, _ report: inout ConversionReport) {
    let path = R.paths.scheduledTiming.base
    var written: [ScheduleEncoding.Written]
    if let one = ScheduleEncoding.timing(e.schedule.elements, path: path, zone: e.timezone, capacity: R.timingCapacity, report: &report) {
      written = [one]
    } else {
      written = ScheduleEncoding.timings(e.schedule.elements, path: path, zone: e.timezone, capacity: R.timingCapacity, report: &report)
    }
    written = ScheduleEncoding.withoutStandInStart(written, effectiveDate: e.effectiveDate, zone: e.timezone)
    guard let first = written.first else { return }
    let quantity = first.targetValues.first.flatMap(TargetValueMapping.write)
    let hasQuantity = R.writeSchedule(first.timing, quantity: quantity, path: path, to: &r.activity, report: &report)
    for _ in written.dropFirst() { report.unrepresentable(R.paths.scheduled.basePath) }
    if first.targetValues.count > (hasQuantity ? 1 : 0) { report.unrepresentable(R.paths.quantity) }
  }

  static func careVersionFields(_ r: Resource, _ e: inout TaskEntity) {
    e.effectiveDate = FHIRDates.point(dateTime: r.start, zone: FHIRDates.utc)?.date ?? FHIRDates.epoch
    e.timezone = FHIRDates.utc
    // The zone of the timing's clock times, when it names one (IANA).
    if let id = R.timing(r.activity)?.timeZone, let zone = TimeZone(identifier: id) { e.timezone = zone }
    CareExtensions.readVersionFields(R.extensions(r.activity), into: &e)
  }

  static func careImpactsAdherence(_ r: Resource) -> Bool {
    CareExtensions.strings(R.extensions(r.activity), "impactsAdherence").first != "false"
  }

  static func setImpactsAdherence(_ e: TaskEntity, _ r: inout Resource) {
    if !e.impactsAdherence { R.append([CareExtensions.string("impactsAdherence", "false")], to: &r.activity) }
  }

  /// The Task of an activity, through `coder`'s closures.
  static func decode(_ resource: Resource, from source: ResourceSource?, with coder: CarePlanActivityCoder<R.Activity>)
    -> Converted<TaskEntity>
  {
    var report = ConversionReport()
    var entity = TaskEntity(
      id: coder.getCareID(resource, &report), schedule: Schedule(elements: []),
      uuid: StableUUID.forActivity(
        resource.activity, release: R.release, planID: resource.planID, planUUID: resource.planUUID,
        activityID: R.id(resource.activity), index: resource.index),
      effectiveDate: FHIRDates.epoch, timezone: FHIRDates.utc)
    coder.getCareVersionFields(resource, &entity, &report)
    // A patient's or organization's zone given by the caller, when the activity names none.
    if let zone = coder.timeZone, ScheduleCalendar.isFixedOffset(entity.timezone) { entity.timezone = zone }
    (entity.title, entity.instructions) = coder.getCareText(resource, &report)
    entity.schedule = coder.getCareSchedule(resource, entity.timezone, &report)
    entity.impactsAdherence = coder.getCareImpactsAdherence(resource, &report)
    entity.carePlanUUID = coder.getCareCarePlanUUID(resource, &report)
    if coder.accountsForEveryElement {
      ElementAccounting.account(resource.activity, source ?? resource.source, root: ActivityPaths.root, in: &report)
    }
    report.locateIssues(resourceType: "CarePlan", id: resource.planID)
    return Converted(entity, report: report)
  }

  /// The activity of a Task whose order is written as its own resource: a reference to it
  /// (`MedicationRequest/<id>`), with the Task's id, care fields and adherence flag, and no
  /// `detail` — the order carries the title, instructions and schedule (all its timings).
  static func encode(_ entity: TaskEntity, referencing reference: String, with coder: CarePlanActivityCoder<R.Activity>)
    -> Converted<Resource>
  {
    var report = ConversionReport()
    var r = Resource(activity: R.empty())
    coder.setFHIRID(entity, &r, &report)
    coder.setFHIRVersionFields(entity, &r, &report)
    coder.setFHIRImpactsAdherence(entity, &r, &report)
    coder.setFHIRCarePlanUUID(entity, &r, &report)
    R.setReference(reference, in: &r.activity)
    return Converted(r, report: report)
  }

  /// The activity of a Task, through `coder`'s closures.
  static func encode(_ entity: TaskEntity, with coder: CarePlanActivityCoder<R.Activity>) -> Converted<Resource> {
    var report = ConversionReport()
    var r = Resource(activity: R.empty())
    coder.setFHIRID(entity, &r, &report)
    coder.setFHIRVersionFields(entity, &r, &report)
    coder.setFHIRText(entity, &r, &report)
    coder.setFHIRSchedule(entity, &r, &report)
    coder.setFHIRImpactsAdherence(entity, &r, &report)
    coder.setFHIRCarePlanUUID(entity, &r, &report)
    return Converted(r, report: report)
  }
}

public import CareModel
public import FHIRCore
public import FHIRDSTU2
public import Foundation

/// DSTU2 `CarePlan.activity` ⇄ care `Task`. The resource is a ``PlanActivity`` (the activity with its
/// plan's id, uuid and start). Each mapped field has a `get…` and a `set…` closure.
public struct DSTU2CarePlanActivityCoder: ResourceCoder {
  public typealias Resource = PlanActivity<FHIRDSTU2.CarePlan.Activity>
  public typealias Entity = CareModel.Task

  static let detail = "CarePlan.activity.detail"

  /// The activity's element `id`, else `<plan id>-activity-<index>` (defaulted) → `id`.
  public var getCareID: @Sendable (Resource, inout ConversionReport) -> String = { r, report in
    if let id = r.activity.id { report.mapped("CarePlan.activity.id"); return id }
    report.defaulted("CarePlan.activity.id")
    return (r.planID ?? "careplan") + "-activity-" + String(r.index)
  }
  /// `id` → the activity's element `id`.
  public var setFHIRID: @Sendable (Entity, inout Resource, inout ConversionReport) -> Void = { e, r, _ in
    r.activity.id = e.id
  }
  /// `detail.code` text (else first coding display) → `title`, `detail.description` → `instructions`;
  /// with no code the description (else `reference.display`) is the title (see ``ActivityText``).
  public var getCareText: @Sendable (Resource, inout ConversionReport) -> (title: String?, instructions: String?) = { r, report in
    let d = r.activity.detail
    return ActivityText.read(
      codeText: d?.code?.text?.string, codeDisplay: d?.code?.coding.lazy.compactMap(\.display?.string).first,
      hasCode: d?.code != nil, description: d?.description?.string, referenceDisplay: r.activity.reference?.display?.string,
      titleAbsent: CareExtensions.strings(d?.extension ?? [], "titleAbsent").first == "true", path: detail, report: &report)
  }
  /// `title` → `detail.code.text`, `instructions` → `detail.description`.
  public var setFHIRText: @Sendable (Entity, inout Resource, inout ConversionReport) -> Void = { e, r, _ in
    var d = r.activity.detail ?? FHIRDSTU2.CarePlan.Activity.Detail(prohibited: false)
    if let title = e.title {
      d.code = CodeableConcept(text: Primitive(FHIRString(uncheckedString: title)))
    } else if e.instructions != nil {
      d.extension.append(CareExtensions.string("titleAbsent", "true"))
    }
    d.description = e.instructions.map { Primitive(FHIRString(uncheckedString: $0)) }
    r.activity.detail = d
  }
  /// `detail.scheduled[x]` → `schedule`: a Timing through the Timing mapping; a Period as one daily,
  /// all-day element from its start to its end; a string as the default schedule with that text;
  /// none as the default (daily, all day, from the plan's start), reported defaulted.
  /// `detail.quantity` → each element's target value (``TargetValueMapping``).
  public var getCareSchedule: @Sendable (Resource, TimeZone, inout ConversionReport) -> Schedule = { r, zone, report in
    let anchor = r.anchor ?? Date(timeIntervalSince1970: 0)
    var targets: [OutcomeValue] = []
    if let q = r.activity.detail?.quantity,
      let v = TargetValueMapping.read(value: q.value?.value?.doubleValue, unit: q.unit?.string ?? q.code?.string, extensions: q.extension)
    {
      targets.append(v)
      report.mapped(detail + ".quantity")
    }
    switch r.activity.detail?.scheduled {
    case .timing(let t):
      return Schedule(elements: ScheduleDecoding.elements(
        DSTU2TimingAdapter.pattern(t), path: detail + ".scheduledTiming",
        at: r.detailPath("scheduledTiming"), anchor: anchor, zone: zone, targetValues: targets,
        report: &report))
    case .period(let p):
      return Schedule(elements: [PeriodSchedule.element(
        start: p.start, end: p.end, path: detail + ".scheduledPeriod", at: r.detailPath("scheduledPeriod"),
        anchor: anchor, zone: zone, targets: targets,
        report: &report)])
    case .string(let s):
      report.mapped(detail + ".scheduledString")
      var elements = ScheduleDecoding.elements(nil, path: detail + ".scheduled", anchor: anchor, zone: zone, targetValues: targets, report: &report)
      elements[0].text = s.string
      return Schedule(elements: elements)
    case nil:
      return Schedule(elements: ScheduleDecoding.elements(
        nil, path: detail + ".scheduled", anchor: anchor, zone: zone, targetValues: targets, report: &report))
    }
  }
  /// `schedule` → `detail.scheduledTiming` (one timing: further timings and targets are reported
  /// unrepresentable); the first target → `detail.quantity`.
  public var setFHIRSchedule: @Sendable (Entity, inout Resource, inout ConversionReport) -> Void = { e, r, report in
    let written = ScheduleEncoding.timings(e.schedule.elements, path: detail + ".scheduledTiming", zone: e.timezone, report: &report)
    guard let first = written.first else { return }
    var d = r.activity.detail ?? FHIRDSTU2.CarePlan.Activity.Detail(prohibited: false)
    d.scheduled = .timing(DSTU2TimingAdapter.timing(first.timing, path: detail + ".scheduledTiming", report: &report))
    for _ in written.dropFirst() { report.unrepresentable(detail + ".scheduled") }
    if let target = first.targetValues.first, let parts = TargetValueMapping.write(target) {
      var q = Quantity()
      q.value = parts.value
      q.unit = parts.unit.map { Primitive(FHIRString(uncheckedString: $0)) }
      q.extension = parts.extensions
      d.quantity = q
    }
    if first.targetValues.count > (d.quantity == nil ? 0 : 1) { report.unrepresentable(detail + ".quantity") }
    r.activity.detail = d
  }
  /// The common fields from care extensions on the activity; without them: uuid from the id (or
  /// `CarePlan/<id>/activity/<index>`), effectiveDate the plan's start, timezone UTC.
  public var getCareVersionFields: @Sendable (Resource, inout Entity, inout ConversionReport) -> Void = { r, e, _ in
    e.uuid = StableUUID.derived("CarePlan/" + (r.planID ?? "") + "/activity/" + (r.activity.id ?? String(r.index)))
    e.effectiveDate = r.anchor ?? Date(timeIntervalSince1970: 0)
    e.timezone = FHIRDates.utc
    CareExtensions.readVersionFields(r.activity.extension, into: &e)
  }
  /// The common fields → care extensions on the activity.
  public var setFHIRVersionFields: @Sendable (Entity, inout Resource, inout ConversionReport) -> Void = { e, r, _ in
    r.activity.extension += CareExtensions.versionExtensions(e)
  }
  /// `impactsAdherence` from a care extension on the activity (default true).
  public var getCareImpactsAdherence: @Sendable (Resource, inout ConversionReport) -> Bool = { r, _ in
    CareExtensions.strings(r.activity.extension, "impactsAdherence").first != "false"
  }
  /// `impactsAdherence == false` → a care extension.
  public var setFHIRImpactsAdherence: @Sendable (Entity, inout Resource, inout ConversionReport) -> Void = { e, r, _ in
    if !e.impactsAdherence { r.activity.extension.append(CareExtensions.string("impactsAdherence", "false")) }
  }
  /// The plan's uuid → `carePlanUUID`.
  public var getCareCarePlanUUID: @Sendable (Resource, inout ConversionReport) -> UUID? = { r, _ in r.planUUID }
  /// `carePlanUUID` → the plan uuid of the ``PlanActivity``.
  public var setFHIRCarePlanUUID: @Sendable (Entity, inout Resource, inout ConversionReport) -> Void = { e, r, _ in
    r.planUUID = e.carePlanUUID
  }
  /// Whether decode accounts for every element of the activity (under `CarePlan.activity`).
  public var accountsForEveryElement = true

  public init() {}

  public func decode(_ resource: Resource) throws -> Converted<Entity> {
    var report = ConversionReport()
    // A stable placeholder: getCareVersionFields sets the uuid (UUID() would read /dev/urandom).
    var entity = Entity(id: getCareID(resource, &report), schedule: Schedule(elements: []), uuid: StableUUID.derived("CarePlan.activity"))
    getCareVersionFields(resource, &entity, &report)
    (entity.title, entity.instructions) = getCareText(resource, &report)
    entity.schedule = getCareSchedule(resource, entity.timezone, &report)
    entity.impactsAdherence = getCareImpactsAdherence(resource, &report)
    entity.carePlanUUID = getCareCarePlanUUID(resource, &report)
    if accountsForEveryElement { ElementAccounting.account(resource.activity, root: "CarePlan.activity", in: &report) }
    report.locateIssues(resourceType: "CarePlan", id: resource.planID)
    return Converted(entity, report: report)
  }

  public func encode(_ entity: Entity) throws -> Converted<Resource> {
    var report = ConversionReport()
    var r = Resource(activity: FHIRDSTU2.CarePlan.Activity())
    setFHIRID(entity, &r, &report)
    setFHIRVersionFields(entity, &r, &report)
    setFHIRText(entity, &r, &report)
    setFHIRSchedule(entity, &r, &report)
    setFHIRImpactsAdherence(entity, &r, &report)
    setFHIRCarePlanUUID(entity, &r, &report)
    return Converted(r, report: report)
  }
}

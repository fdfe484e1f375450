import CareModel
import FHIRCore
import FHIRJSON
import Foundation

/// The medication order (R4 MedicationRequest, DSTU2 MedicationOrder) ⇄ Task mapping both
/// releases share; the release-specific parts come from `R` (see ``MedicationTaskRelease``).
/// The coders' default closures call these functions.
enum MedicationTaskMapping<R: MedicationTaskRelease> {
  static var timingPath: String { R.paths.timing }

  static func careID(_ r: R.Resource, _ report: inout ConversionReport) -> String {
    if let id = R.id(r) { report.mapped(R.paths.id); return id }
    report.defaulted(R.paths.id)
    return R.defaultID
  }

  static func setID(_ e: TaskEntity, _ r: inout R.Resource) {
    let id = ResourceIDMapping.fhirID(forCareID: e.id, kind: "task")
    R.setID(id, in: &r)
    R.append(ResourceIDMapping.extensions(forCareID: e.id, fhirID: id), to: &r)
  }

  /// The title from `medication[x]`; a non-contained reference without `display` is looked up
  /// with `resolve` (no Medication: no title).
  static func careTitle(_ r: R.Resource, resolve: (String) -> R.Medication?, _ report: inout ConversionReport) -> String? {
    switch R.medication(r) {
    case .concept(let concept):
      // Only the text is kept: the codes (RxNorm) are reported dropped by the element accounting.
      guard let concept else { return nil }
      concept.report(R.paths.medicationConcept, in: &report)
      return concept.text
    case .reference(let target, let display):
      // The title is kept, not the reference (written back as `medicationCodeableConcept.text`):
      // only the element the title came from is mapped; the reference, and a contained
      // Medication's codes, form and ingredients are reported dropped by the element accounting.
      if let target, target.hasPrefix("#"), let m = R.contained(r, id: target.dropFirst()) {
        guard let name = R.name(m) else { return nil }
        name.report(R.paths.containedMedicationConcept, in: &report)
        return name.text
      }
      // A Medication elsewhere (``MedicationTaskCoder/resolveMedication``): none of its
      // elements are this order's.
      if let name = resolve(target ?? "").flatMap(R.name) { return name.text }
      guard let display else { return nil }
      report.mapped(R.paths.medicationReferenceDisplay)
      return display
    case nil:
      report.defaulted(R.paths.medication)
      return nil
    }
  }

  /// The dosages' texts joined by newlines, then an as-needed line (``asNeededLine(_:)``) when a
  /// dosage is taken only as needed.
  static func careInstructions(_ r: R.Resource, _ report: inout ConversionReport) -> String? {
    var parts: [String] = []
    var conditions: [String] = []
    var asNeeded = false
    for dosage in R.dosages(r) {
      let (text, more) = R.instructions(dosage)
      if let text { parts.append(text); report.mapped(R.paths.dosageText) }
      if let more { parts.append(more); report.mapped(R.paths.moreInstructions) }
      if let needed = R.asNeeded(dosage), needed.isNeeded {
        asNeeded = true
        if let condition = needed.condition?.text, !conditions.contains(condition) { conditions.append(condition) }
      }
    }
    if asNeeded { parts.append(asNeededLine(conditions.joined(separator: ", "))) }
    return parts.isEmpty ? nil : parts.joined(separator: "\n")
  }

  /// `As needed`, or `As needed for <condition>`.
  static func asNeededLine(_ condition: String) -> String {
    condition.isEmpty ? asNeededPrefix : asNeededPrefix + " for " + condition
  }
  static var asNeededPrefix: String { "As needed" }

  /// The condition of an as-needed line ending `instructions` (`""` for none), and the
  /// instructions before it; `nil` when they do not end with one.
  static func asNeededCondition(in instructions: String) -> (condition: String, rest: String?)? {
    let line: Substring
    let rest: String?
    if let newline = instructions.lastIndex(of: "\n") {
      line = instructions[instructions.index(after: newline)...]
      rest = String(instructions[..<newline])
    } else {
      line = instructions[...]
      rest = nil
    }
    if line == asNeededPrefix { return ("", rest) }
    guard line.hasPrefix(asNeededPrefix + " for ") else { return nil }
    return (String(line.dropFirst(asNeededPrefix.count + 5)), rest)
  }

  static func setInstructions(_ e: TaskEntity, _ r: inout R.Resource) {
    guard let text = e.instructions else { return }
    R.setFirstDosageText(Primitive(FHIRString(uncheckedString: text)), in: &r)
  }

  /// The schedule of the dosages' timings, anchored at the validity period's start, else the
  /// date written; `reportsAuthored`: whether that date counts as mapped here (R4) or with the
  /// version fields (DSTU2). Dosages without `sequence` start at the anchor; dosages with one
  /// are phases in increasing order, each starting where the previous one ended
  /// (``SchedulePhase/end(of:zone:)``), those with the same sequence at the same time; a phase
  /// after one without end starts with it. Then the schedule
  /// ends where the order has ended (``ended(_:_:zone:_:)``).
  static func careSchedule(_ r: R.Resource, _ zone: TimeZone, reportsAuthored: Bool, _ report: inout ConversionReport) -> Schedule {
    let validityStart = R.validityStart(r)
    let authored = R.authored(r)
    let validityPoint = FHIRDates.point(dateTime: validityStart.value, zone: zone)
    let anchorPoint = validityPoint ?? FHIRDates.point(dateTime: authored.value, zone: zone)
    let anchorDate = anchorPoint?.date
    let anchor = anchorDate ?? FHIRDates.epoch
    if validityStart.isPresent { report.mapped(R.paths.validityStart) }
    if reportsAuthored, authored.isPresent { report.mapped(R.paths.authored) }
    var elements: [ScheduleElement] = []
    let dosages = R.dosages(r)
    // A schedule that starts at the anchor when the order gives no date to anchor it at starts on
    // 1 January 1970: the date written is reported defaulted, so that no one takes it for the
    // order's (a `boundsDuration` taper without `authoredOn`).
    let startsAtAnchor = dosages.isEmpty || dosages.contains { ScheduleDecoding.startsAtAnchor(R.timing($0)) }
    if anchorDate == nil && startsAtAnchor {
      report.defaulted(R.paths.authored)
    }
    // A year or a month as the anchor (`authoredOn` `2024-03`): such a schedule starts on its
    // first day, which no one wrote; said, as a year or month `event` is.
    if let anchorPoint, anchorPoint.precision < .day, startsAtAnchor {
      report.unrepresentable(validityPoint != nil ? R.paths.validityStart : R.paths.authored)
    }
    guard !dosages.isEmpty else {
      ScheduleDecoding.decodeAbsent(
        paths: R.paths.timingPaths, anchor: anchor, zone: zone, targetValues: [], into: &elements, report: &report)
      return ended(elements, r, zone: zone, &report)
    }
    func decode(_ position: Int, from start: Date) {
      let dosage = dosages[position]
      let targets = R.targets(dosage, position: position, report: &report)
      ScheduleDecoding.decode(
        R.timing(dosage), paths: R.paths.timingPaths,
        at: { JSONPath([.key("dosageInstruction"), .index(position), .key("timing")]) }, anchor: start, zone: zone,
        targetValues: targets, into: &elements, report: &report)
    }
    let sequences = dosages.map(R.sequence)
    for position in dosages.indices where sequences[position] == nil { decode(position, from: anchor) }
    var phaseStart = anchor
    for sequence in Set(sequences.compactMap { $0 }).sorted() {
      let first = elements.count
      for position in dosages.indices where sequences[position] == sequence {
        report.mapped(R.paths.sequence)
        decode(position, from: phaseStart)
      }
      if let end = SchedulePhase.end(of: elements[first...], zone: zone) {
        phaseStart = end
      } else {
        // A phase without end: the next cannot follow it; it starts with it. Producers number
        // concurrent dosages so (HL7's medrx0321: insulin before breakfast and lunch at
        // sequence 2, before dinner at 1, none with an end); read in turn, two of the three
        // daily doses would never be due.
        report.unrepresentable(R.paths.sequence)
      }
    }
    return ended(elements, r, zone: zone, &report)
  }

  /// The schedule of `elements` ended where the order has ended (``ScheduleStop``): a stopped,
  /// completed or cancelled order schedules nothing past the day it ended (`dateEnded`), or past
  /// each pattern's first day when no date says when.
  static func ended(_ elements: [ScheduleElement], _ r: R.Resource, zone: TimeZone, _ report: inout ConversionReport) -> Schedule {
    var elements = elements
    if !ScheduleStop.end(&elements, ending(r, zone: zone, &report), zone: zone) {
      report.issue(
        .invalidValue, "the order ends (dateEnded) before its schedule starts; only the schedule's first day is kept",
        at: R.dateEndedPath(r))
    }
    return Schedule(elements: elements)
  }

  /// How the order has ended: on its `dateEnded` (DSTU2), else without a date when its status
  /// is `stopped`, `completed`, `cancelled` or `on-hold`, or when it is not yet one to act on
  /// (`draft`, R4 intent `proposal` or `option`: ``ScheduleStop/isNotYetDue(status:intent:)``),
  /// reported unrepresentable (a schedule cannot say "ended on a day no one wrote down", nor
  /// "not due until ordered"); else not.
  static func ending(_ r: R.Resource, zone: TimeZone, _ report: inout ConversionReport) -> ScheduleStop.Ending {
    let status = R.status(r), intent = R.intent(r)
    // The values an order is written back with (``MedicationTaskRelease/empty()``) come back as
    // they came: mapped, not dropped.
    if status == "active" { report.mapped(R.paths.status) }
    if intent == "order" { report.mapped(R.paths.intent) }
    let ended = ScheduleStop.hasEnded(status: status)
    let notYetDue = ScheduleStop.isNotYetDue(status: status, intent: intent)
    let path = ended || status == "draft" ? R.paths.status : R.paths.intent
    if ended || notYetDue { report.mapped(path) }
    if let date = ScheduleStop.stopInstant(R.dateEnded(r), zone: zone) {
      // A carried date (R4) is counted mapped after the element accounting (``decode(_:from:with:)``).
      if R.carriedDateEndedLeaves.isEmpty { report.mapped(R.paths.dateEnded) }
      return .on(date)
    }
    guard ended || notYetDue else { return .open }
    report.unrepresentable(path)
    return .undated
  }

  static func setSchedule(_ e: TaskEntity, _ r: inout R.Resource, _ report: inout ConversionReport) {
    let written = ScheduleEncoding.withoutStandInStart(
      ScheduleEncoding.timings(
        e.schedule.elements, path: timingPath, zone: e.timezone, capacity: R.timingCapacity, report: &report),
      effectiveDate: e.effectiveDate, zone: e.timezone)
    let instructions = R.firstDosageText(r)
    R.setDosages(written, path: timingPath, in: &r, report: &report)
    if let instructions { R.setFirstDosageText(instructions, in: &r) }
  }

  /// effectiveDate and timezone from the date written (else 1970 UTC), then the care extensions;
  /// `reportsAuthored`: whether that date counts as mapped here (DSTU2) or with the schedule (R4).
  static func careVersionFields(
    _ r: R.Resource, _ e: inout TaskEntity, reportsAuthored: Bool, _ report: inout ConversionReport
  ) {
    let point = FHIRDates.point(dateTime: R.authored(r).value, zone: FHIRDates.utc)
    if reportsAuthored, point != nil { report.mapped(R.paths.authored) }
    e.effectiveDate = point?.date ?? FHIRDates.epoch
    e.timezone = point?.zone ?? FHIRDates.utc
    // The zone of the timings' clock times, when a Timing names one (IANA).
    for dosage in R.dosages(r) {
      if let id = R.timingZone(dosage), let zone = TimeZone(identifier: id) {
        e.timezone = zone
        break
      }
    }
    CareExtensions.readVersionFields(R.extensions(r), into: &e)
  }

  /// The care extensions, and the date written (R4 `authoredOn`, DSTU2 `dateWritten`): the
  /// task's `effectiveDate`, which decoding takes from it — unless it is the 1970 stand-in of an
  /// order that had none.
  static func setVersionFields(_ e: TaskEntity, _ r: inout R.Resource) {
    if e.effectiveDate != FHIRDates.epoch { R.setAuthored(FHIRDates.dateTime(e.effectiveDate, zone: e.timezone), in: &r) }
    R.append(CareExtensions.versionExtensions(e), to: &r)
  }

  /// False when the care extension says so, or when a dosage is taken only as needed
  /// (`asNeeded[x]`): an as-needed dose does not count towards adherence.
  static func careImpactsAdherence(_ r: R.Resource, _ report: inout ConversionReport) -> Bool {
    var impacts = true
    for dosage in R.dosages(r) {
      guard let needed = R.asNeeded(dosage) else { continue }
      // Of a condition, only the element its text came from: its codes are reported dropped.
      if needed.isBoolean {
        report.mapped(R.paths.asNeededBoolean)
      } else if let condition = needed.condition {
        condition.report(R.paths.asNeededConcept, in: &report)
      }
      if needed.isNeeded { impacts = false }
    }
    if let flag = CareExtensions.strings(R.extensions(r), "impactsAdherence").first { return flag != "false" }
    return impacts
  }

  /// A task that does not count towards adherence and whose instructions end with an as-needed
  /// line is written as-needed (`asNeeded[x]` on every dosage, the line taken out of the text);
  /// any other such task keeps a care extension.
  static func setImpactsAdherence(_ e: TaskEntity, _ r: inout R.Resource) {
    guard !e.impactsAdherence else { return }
    if let instructions = e.instructions, let (condition, rest) = asNeededCondition(in: instructions),
      !R.dosages(r).isEmpty, R.firstDosageText(r)?.string == instructions
    {
      R.setAsNeeded(condition, in: &r)
      R.setFirstDosageText(rest.map { Primitive(FHIRString(uncheckedString: $0)) }, in: &r)
      return
    }
    R.append([CareExtensions.string("impactsAdherence", "false")], to: &r)
  }

  static func careCarePlanUUID(_ r: R.Resource, _ report: inout ConversionReport) -> UUID? {
    if let s = CareExtensions.strings(R.extensions(r), "carePlanUUID").first { return UUID(uuidString: s) }
    guard let reference = R.carePlanReference(r) else { return nil }
    report.mapped(R.paths.basedOn)
    return StableUUID.forReference(reference)
  }

  static func setCarePlanUUID(_ e: TaskEntity, _ r: inout R.Resource) {
    if let u = e.carePlanUUID { R.append([CareExtensions.string("carePlanUUID", u.uuidString)], to: &r) }
  }

  /// The Task of an order, through `coder`'s closures.
  static func decode(_ resource: R.Resource, from source: ResourceSource?, with coder: MedicationTaskCoder<R.Resource, R.Medication>)
    -> Converted<TaskEntity>
  {
    var report = ConversionReport()
    let id = R.id(resource)
    let uuid = StableUUID.forDecoded(resource, type: R.resourceType, release: R.release, id: id, versionID: R.versionID(resource))
    var entity = TaskEntity(
      id: coder.getCareID(resource, &report), schedule: Schedule(elements: []), uuid: uuid,
      effectiveDate: FHIRDates.epoch, timezone: FHIRDates.utc)
    coder.getCareVersionFields(resource, &entity, &report)
    // A patient's or organization's zone given by the caller, when the resource names none.
    if let zone = coder.timeZone, ScheduleCalendar.isFixedOffset(entity.timezone) { entity.timezone = zone }
    entity.title = coder.getCareTitle(resource, &report)
    entity.instructions = coder.getCareInstructions(resource, &report)
    entity.schedule = coder.getCareSchedule(resource, entity.timezone, &report)
    entity.impactsAdherence = coder.getCareImpactsAdherence(resource, &report)
    entity.carePlanUUID = coder.getCareCarePlanUUID(resource, &report)
    if coder.accountsForEveryElement {
      ElementAccounting.account(resource, source, root: R.paths.root, in: &report)
      // The extension carrying the date the order ended, which the schedule ends at: one
      // occurrence of its leaves, counted dropped by path like any other extension's, is mapped.
      if !R.carriedDateEndedLeaves.isEmpty, ScheduleStop.stopInstant(R.dateEnded(resource), zone: entity.timezone) != nil {
        for leaf in R.carriedDateEndedLeaves { report.kept(leaf) }
      }
    }
    report.locateIssues(resourceType: R.resourceType, id: id)
    return Converted(entity, report: report)
  }

  /// The order of a Task, through `coder`'s closures.
  static func encode(_ entity: TaskEntity, with coder: MedicationTaskCoder<R.Resource, R.Medication>) -> Converted<R.Resource> {
    var report = ConversionReport()
    var r = R.empty()
    coder.setFHIRID(entity, &r, &report)
    coder.setFHIRVersionFields(entity, &r, &report)
    coder.setFHIRTitle(entity, &r, &report)
    coder.setFHIRInstructions(entity, &r, &report)
    coder.setFHIRSchedule(entity, &r, &report)
    coder.setFHIRImpactsAdherence(entity, &r, &report)
    coder.setFHIRCarePlanUUID(entity, &r, &report)
    return Converted(r, report: report)
  }
}

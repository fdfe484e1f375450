import CareModel
import FHIRCore
import FHIRJSON
import Foundation

/// The medication order (R4 MedicationRequest, DSTU2 MedicationOrder) ⇄ Task mapping both
/// releases share; the release-specific parts come from `R` (see ``MedicationTaskRelease``).
/// The coders' default closures call these functions.
enum MedicationTaskMapping<R: MedicationTaskRelease> {
  static var timingPath: String { R.paths.timing }

  static func careID(_ r: R.Order, _ report: inout ConversionReport) -> String {
    if let id = R.id(r) { report.mapped(R.paths.id); return id }
    report.defaulted(R.paths.id)
    return R.defaultID
  }

  static func setID(_ e: CareModel.Task, _ r: inout R.Order) {
    let id = ResourceIDMapping.fhirID(forCareID: e.id, kind: "task")
    R.setID(id, in: &r)
    R.append(ResourceIDMapping.extensions(forCareID: e.id, fhirID: id), to: &r)
  }

  /// The title from `medication[x]`; a non-contained reference without `display` is looked up
  /// with `resolve` (none: no title).
  static func careTitle(_ r: R.Order, resolve: ((String) -> R.Medication?)?, _ report: inout ConversionReport) -> String? {
    switch R.medication(r) {
    case .concept(let text):
      report.mapped(R.paths.medicationCodeableConcept)
      return text
    case .reference(let target, let display):
      report.mapped(R.paths.medicationReference)
      if let target, target.hasPrefix("#"), let m = R.contained(r, id: target.dropFirst()) {
        report.mapped(R.paths.contained)
        return R.name(m)
      }
      if let display { return display }
      guard let resolve else { return nil }
      return target.flatMap(resolve).flatMap(R.name)
    case nil:
      report.defaulted(R.paths.medication)
      return nil
    }
  }

  static func careInstructions(_ r: R.Order, _ report: inout ConversionReport) -> String? {
    // The texts joined by newlines, built as they come (no array of parts).
    var joined: String?
    func append(_ part: String) {
      if joined == nil { joined = part } else { joined! += "\n" + part }
    }
    R.dosages(r).withUnsafeBufferPointer { dosages in
      for index in dosages.indices {
        let (text, more) = R.instructions(dosages.baseAddress! + index)
        if let text { append(text); report.mapped(R.paths.dosageText) }
        if let more {
          append(more)
          report.mapped(R.paths.moreInstructions)
        }
      }
    }
    return joined
  }

  static func setInstructions(_ e: CareModel.Task, _ r: inout R.Order) {
    guard let text = e.instructions else { return }
    R.setFirstDosageText(Primitive(FHIRString(uncheckedString: text)), in: &r)
  }

  /// The schedule of the dosages' timings, anchored at the validity period's start, else the
  /// date written; `reportsAuthored`: whether that date counts as mapped here (R4) or with the
  /// version fields (DSTU2).
  static func careSchedule(_ r: R.Order, _ zone: TimeZone, reportsAuthored: Bool, _ report: inout ConversionReport) -> Schedule {
    let validityStart = R.validityStart(r)
    let authored = R.authored(r)
    let anchor = FHIRDates.point(dateTime: validityStart.value, zone: zone)?.date
      ?? FHIRDates.point(dateTime: authored.value, zone: zone)?.date ?? FHIRDates.epoch
    if validityStart.isPresent { report.mapped(R.paths.validityStart) }
    if reportsAuthored, authored.isPresent { report.mapped(R.paths.authored) }
    var elements: [ScheduleElement] = []
    let dosages = R.dosages(r)
    guard !dosages.isEmpty else {
      ScheduleDecoding.decodeAbsent(paths: R.paths.timingPaths, anchor: anchor, targetValues: [], into: &elements, report: &report)
      return Schedule(elements: elements)
    }
    dosages.withUnsafeBufferPointer { dosages in
      for position in dosages.indices {
        // The dosage's targets, then its timing's elements, each read in place; the timing's
        // JSON path is made only for an issue.
        let dosage = dosages.baseAddress! + position
        let targets = R.targets(dosage, at: position, report: &report)
        ScheduleDecoding.decode(
          R.timing(dosage), paths: R.paths.timingPaths,
          at: { JSONPath([.key("dosageInstruction"), .index(position), .key("timing")]) }, anchor: anchor, zone: zone,
          targetValues: targets, into: &elements, report: &report)
      }
    }
    return Schedule(elements: elements)
  }

  static func setSchedule(_ e: CareModel.Task, _ r: inout R.Order, _ report: inout ConversionReport) {
    let written = ScheduleEncoding.timings(e.schedule.elements, path: timingPath, zone: e.timezone, report: &report)
    let instructions = R.firstDosageText(r)
    R.setDosages(written, path: timingPath, in: &r, report: &report)
    if let instructions { R.setFirstDosageText(instructions, in: &r) }
  }

  /// effectiveDate and timezone from the date written (else 1970 UTC), then the care extensions;
  /// `reportsAuthored`: whether that date counts as mapped here (DSTU2) or with the schedule (R4).
  static func careVersionFields(
    _ r: R.Order, _ e: inout CareModel.Task, reportsAuthored: Bool, _ report: inout ConversionReport
  ) {
    let point = FHIRDates.point(dateTime: R.authored(r).value, zone: FHIRDates.utc)
    if reportsAuthored, point != nil { report.mapped(R.paths.authored) }
    e.effectiveDate = point?.date ?? FHIRDates.epoch
    e.timezone = point?.zone ?? FHIRDates.utc
    CareExtensions.readVersionFields(R.extensions(r), into: &e)
  }

  static func setVersionFields(_ e: CareModel.Task, _ r: inout R.Order) {
    R.append(CareExtensions.versionExtensions(e), to: &r)
  }

  static func careImpactsAdherence(_ r: R.Order) -> Bool {
    CareExtensions.strings(R.extensions(r), "impactsAdherence").first != "false"
  }

  static func setImpactsAdherence(_ e: CareModel.Task, _ r: inout R.Order) {
    if !e.impactsAdherence { R.append([CareExtensions.string("impactsAdherence", "false")], to: &r) }
  }

  static func careCarePlanUUID(_ r: R.Order, _ report: inout ConversionReport) -> UUID? {
    if let s = CareExtensions.strings(R.extensions(r), "carePlanUUID").first { return UUID(uuidString: s) }
    guard let reference = R.carePlanReference(r) else { return nil }
    report.mapped(R.paths.basedOn)
    return StableUUID.forReference(reference)
  }

  static func setCarePlanUUID(_ e: CareModel.Task, _ r: inout R.Order) {
    if let u = e.carePlanUUID { R.append([CareExtensions.string("carePlanUUID", u.uuidString)], to: &r) }
  }

  /// The Task of an order, through `coder`'s closures.
  static func decode<C: MedicationTaskCoding>(_ resource: R.Order, from source: ResourceSource?, with coder: C)
    -> Converted<CareModel.Task>
  where C.Release == R {
    var report = ConversionReport()
    let id = R.id(resource)
    let uuid = StableUUID.forDecoded(resource, type: R.resourceType, release: R.release, id: id, versionID: R.versionID(resource))
    // Optional, so that `take()` moves it into the result (a plain `var` passed `inout` is copied).
    var entity: CareModel.Task! = CareModel.Task(
      id: coder.getCareID(resource, &report), schedule: Schedule(elements: []), uuid: uuid,
      effectiveDate: FHIRDates.epoch, timezone: FHIRDates.utc)
    coder.getCareVersionFields(resource, &entity, &report)
    entity.title = coder.getCareTitle(resource, &report)
    entity.instructions = coder.getCareInstructions(resource, &report)
    entity.schedule = coder.getCareSchedule(resource, entity.timezone, &report)
    entity.impactsAdherence = coder.getCareImpactsAdherence(resource, &report)
    entity.carePlanUUID = coder.getCareCarePlanUUID(resource, &report)
    if coder.accountsForEveryElement { ElementAccounting.account(resource, source, root: R.paths.root, in: &report) }
    report.locateIssues(resourceType: R.resourceType, id: id)
    return Converted(entity.take()!, report: report)
  }

  /// The order of a Task, through `coder`'s closures.
  static func encode<C: MedicationTaskCoding>(_ entity: CareModel.Task, with coder: C) -> Converted<R.Order>
  where C.Release == R {
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

public import CareModel
public import FHIRCore
import FHIRJSON
public import FHIRR4
public import Foundation

/// R4 `MedicationRequest` ⇄ care `Task`. Each mapped field has a `get…` and a `set…` closure.
public struct R4MedicationRequestCoder: ResourceCoder {
  public typealias Resource = MedicationRequest
  public typealias Entity = CareModel.Task

  /// `id` → `id` (defaulted to `"medication-request"` when absent).
  public var getCareID: @Sendable (Resource, inout ConversionReport) -> String = { r, report in
    if let id = r.id?.string { report.mapped("MedicationRequest.id"); return id }
    report.defaulted("MedicationRequest.id")
    return "medication-request"
  }
  /// `id` → `MedicationRequest.id` (through ``ResourceIDMapping``, like the other coders).
  public var setFHIRID: @Sendable (Entity, inout Resource, inout ConversionReport) -> Void = { e, r, _ in
    ResourceIDMapping.assign(e.id, kind: "task", id: &r.id, extensions: &r.extension)
  }
  /// `medicationCodeableConcept.text`, else its first `coding.display`, else the referenced
  /// (contained or `display`) Medication's code → `title`.
  public var getCareTitle: @Sendable (Resource, inout ConversionReport) -> String? = { r, report in
    switch r.medication {
    case .codeableConcept(let c):
      report.mapped("MedicationRequest.medicationCodeableConcept")
      return c.text?.string ?? c.coding.lazy.compactMap({ $0.display?.string }).first
    case .reference(let ref):
      report.mapped("MedicationRequest.medicationReference")
      if let target = ref.reference?.string, target.hasPrefix("#") {
        for case .medication(let m) in r.contained where m.id?.string == String(target.dropFirst()) {
          report.mapped("MedicationRequest.contained")
          return m.code?.text?.string ?? m.code?.coding.lazy.compactMap({ $0.display?.string }).first
        }
      }
      return ref.display?.string
    case nil:
      report.defaulted("MedicationRequest.medication")
      return nil
    }
  }
  /// `title` → `medicationCodeableConcept.text`.
  public var setFHIRTitle: @Sendable (Entity, inout Resource, inout ConversionReport) -> Void = { e, r, _ in
    guard let title = e.title else { return }
    var c = CodeableConcept()
    c.text = Primitive(FHIRString(uncheckedString: title))
    r.medication = .codeableConcept(c)
  }
  /// `dosageInstruction.text` and `.patientInstruction` (newline-joined) → `instructions`.
  public var getCareInstructions: @Sendable (Resource, inout ConversionReport) -> String? = { r, report in
    var parts: [String] = []
    for d in r.dosageInstruction {
      if let t = d.text?.string { parts.append(t); report.mapped("MedicationRequest.dosageInstruction.text") }
      if let t = d.patientInstruction?.string {
        parts.append(t)
        report.mapped("MedicationRequest.dosageInstruction.patientInstruction")
      }
    }
    return parts.isEmpty ? nil : parts.joined(separator: "\n")
  }
  /// `instructions` → the first dosage's `text`.
  public var setFHIRInstructions: @Sendable (Entity, inout Resource, inout ConversionReport) -> Void = { e, r, _ in
    guard let text = e.instructions else { return }
    if r.dosageInstruction.isEmpty { r.dosageInstruction = [Dosage()] }
    r.dosageInstruction[0].text = Primitive(FHIRString(uncheckedString: text))
  }
  /// Dosage timings → `schedule`; `doseAndRate.doseQuantity` → each element's targetValues (see
  /// ``TargetValueMapping``).
  /// Without timing: the documented default (daily, all day, from the bounds / validity period /
  /// authored date), reported defaulted.
  public var getCareSchedule: @Sendable (Resource, TimeZone, inout ConversionReport) -> Schedule = { r, zone, report in
    let anchor = FHIRDates.point(r.dispenseRequest?.validityPeriod?.start, zone: zone)?.date
      ?? FHIRDates.point(r.authoredOn, zone: zone)?.date ?? Date(timeIntervalSince1970: 0)
    if r.dispenseRequest?.validityPeriod?.start != nil { report.mapped("MedicationRequest.dispenseRequest.validityPeriod.start") }
    if r.authoredOn != nil { report.mapped("MedicationRequest.authoredOn") }
    let path = "MedicationRequest.dosageInstruction.timing"
    guard !r.dosageInstruction.isEmpty else {
      return Schedule(elements: ScheduleDecoding.elements(nil, path: path, anchor: anchor, zone: zone, report: &report))
    }
    var elements: [ScheduleElement] = []
    for (position, d) in r.dosageInstruction.enumerated() {
      var targets: [OutcomeValue] = []
      for dr in d.doseAndRate {
        if case .quantity(let q) = dr.dose,
          let v = TargetValueMapping.read(
            value: q.value?.value?.doubleValue, unit: q.unit?.string ?? q.code?.string, extensions: q.extension)
        {
          targets.append(v)
          report.mapped("MedicationRequest.dosageInstruction.doseAndRate.doseQuantity")
        }
      }
      elements += ScheduleDecoding.elements(
        d.timing.map(R4TimingAdapter.pattern), path: path,
        at: JSONPath([.key("dosageInstruction"), .index(position), .key("timing")]), anchor: anchor, zone: zone, targetValues: targets,
        report: &report)
    }
    return Schedule(elements: elements)
  }
  /// `schedule` → one Dosage per written timing, with the targets as `doseQuantity`.
  public var setFHIRSchedule: @Sendable (Entity, inout Resource, inout ConversionReport) -> Void = { e, r, report in
    let written = ScheduleEncoding.timings(
      e.schedule.elements, path: "MedicationRequest.dosageInstruction.timing", zone: e.timezone, report: &report)
    let instructions = r.dosageInstruction.first?.text
    r.dosageInstruction = written.map { w in
      var d = Dosage()
      d.timing = R4TimingAdapter.timing(w.timing)
      d.doseAndRate = w.targetValues.compactMap { v in
        guard let parts = TargetValueMapping.write(v) else {
          report.unrepresentable("MedicationRequest.dosageInstruction.doseAndRate")
          return nil
        }
        var q = Quantity()
        q.value = parts.value
        q.unit = parts.unit.map { Primitive(FHIRString(uncheckedString: $0)) }
        q.extension = parts.extensions
        var dr = Dosage.DoseAndRate()
        dr.dose = .quantity(q)
        return dr
      }
      return d
    }
    if let instructions {
      if r.dosageInstruction.isEmpty { r.dosageInstruction = [Dosage()] }
      r.dosageInstruction[0].text = instructions
    }
  }
  /// The common fields; `authoredOn` → effectiveDate and timezone when there are no care extensions
  /// (the uuid stays the one the entity starts with, ``StableUUID/forDecoded(_:type:release:id:versionID:)``).
  public var getCareVersionFields: @Sendable (Resource, inout Entity, inout ConversionReport) -> Void = { r, e, _ in
    let point = FHIRDates.point(r.authoredOn, zone: FHIRDates.utc)
    e.effectiveDate = point?.date ?? Date(timeIntervalSince1970: 0)
    e.timezone = point?.zone ?? FHIRDates.utc
    CareExtensions.readVersionFields(r.extension, into: &e)
  }
  public var setFHIRVersionFields: @Sendable (Entity, inout Resource, inout ConversionReport) -> Void = { e, r, _ in
    r.extension += CareExtensions.versionExtensions(e)
  }
  /// `impactsAdherence` from a care extension (default true).
  public var getCareImpactsAdherence: @Sendable (Resource, inout ConversionReport) -> Bool = { r, _ in
    CareExtensions.strings(r.extension, "impactsAdherence").first != "false"
  }
  public var setFHIRImpactsAdherence: @Sendable (Entity, inout Resource, inout ConversionReport) -> Void = { e, r, _ in
    if !e.impactsAdherence { r.extension.append(CareExtensions.string("impactsAdherence", "false")) }
  }
  /// A care `carePlan` extension (the uuid) → `carePlanUUID`; `basedOn` a CarePlan otherwise.
  public var getCareCarePlanUUID: @Sendable (Resource, inout ConversionReport) -> UUID? = { r, report in
    if let s = CareExtensions.strings(r.extension, "carePlanUUID").first { return UUID(uuidString: s) }
    for ref in r.basedOn where ref.reference?.string?.contains("CarePlan/") == true {
      report.mapped("MedicationRequest.basedOn")
      return StableUUID.forReference(ref.reference?.string)
    }
    return nil
  }
  public var setFHIRCarePlanUUID: @Sendable (Entity, inout Resource, inout ConversionReport) -> Void = { e, r, _ in
    if let u = e.carePlanUUID { r.extension.append(CareExtensions.string("carePlanUUID", u.uuidString)) }
  }
  /// Whether decode accounts for every input element.
  public var accountsForEveryElement = true

  public init() {}

  /// The uuid the entity starts with: see ``StableUUID/forDecoded(_:type:release:id:versionID:)``.
  static func uuid(of resource: Resource) -> UUID {
    StableUUID.forDecoded(
      resource, type: "MedicationRequest", release: "R4", id: resource.id?.string, versionID: resource.meta?.versionId?.string)
  }

  public func decode(_ resource: Resource) throws -> Converted<Entity> {
    try decode(resource, from: nil)
  }

  /// ``decode(_:)``, accounting for the elements from `source` (the tokens `resource` was
  /// decoded from, see ``ResourceSource``) instead of writing `resource` again; same report.
  public func decode(_ resource: Resource, from source: ResourceSource?) throws -> Converted<Entity> {
    var report = ConversionReport()
    var entity = Entity(id: getCareID(resource, &report), schedule: Schedule(elements: []), uuid: Self.uuid(of: resource),
      effectiveDate: FHIRDates.epoch, timezone: FHIRDates.utc)
    getCareVersionFields(resource, &entity, &report)
    entity.title = getCareTitle(resource, &report)
    entity.instructions = getCareInstructions(resource, &report)
    entity.schedule = getCareSchedule(resource, entity.timezone, &report)
    entity.impactsAdherence = getCareImpactsAdherence(resource, &report)
    entity.carePlanUUID = getCareCarePlanUUID(resource, &report)
    if accountsForEveryElement { ElementAccounting.account(resource, source, root: "MedicationRequest", in: &report) }
    report.locateIssues(resourceType: "MedicationRequest", id: resource.id?.string)
    return Converted(entity, report: report)
  }

  public func encode(_ entity: Entity) throws -> Converted<Resource> {
    var report = ConversionReport()
    var r = Resource()
    r.status = "active"
    r.intent = "order"
    setFHIRID(entity, &r, &report)
    setFHIRVersionFields(entity, &r, &report)
    setFHIRTitle(entity, &r, &report)
    setFHIRInstructions(entity, &r, &report)
    setFHIRSchedule(entity, &r, &report)
    setFHIRImpactsAdherence(entity, &r, &report)
    setFHIRCarePlanUUID(entity, &r, &report)
    return Converted(r, report: report)
  }
}

public import CareModel
public import FHIRCore
import FHIRJSON
public import FHIRDSTU2
public import Foundation

/// DSTU2 `MedicationOrder` ⇄ care `Task`. Each mapped field has a `get…` (FHIR → entity) and a
/// `set…` (entity → FHIR) closure; replace one to change only that field.
public struct DSTU2MedicationOrderCoder: ResourceCoder {
  public typealias Resource = MedicationOrder
  public typealias Entity = CareModel.Task

  /// `id` → `id` (defaulted to `"medication-order"` when absent).
  public var getCareID: @Sendable (Resource, inout ConversionReport) -> String = { r, report in
    if let id = r.id?.string { report.mapped("MedicationOrder.id"); return id }
    report.defaulted("MedicationOrder.id")
    return "medication-order"
  }
  /// `id` → `MedicationOrder.id`.
  public var setFHIRID: @Sendable (Entity, inout Resource, inout ConversionReport) -> Void = { e, r, _ in
    ResourceIDMapping.assign(e.id, kind: "task", id: &r.id, extensions: &r.extension)
  }
  /// The Medication a non-contained `medicationReference` points at. Default: none (a coder that
  /// sees a whole Bundle can set this to look entries up).
  public var resolveMedication: @Sendable (String) -> Medication? = { _ in nil }
  /// `medicationCodeableConcept.text`, else its first `coding.display`; for `medicationReference`
  /// the contained (`#id`) or resolved (``resolveMedication``) Medication's code text or display,
  /// else the reference's `display` → `title`. An unresolved reference without display gives no title.
  public var getCareTitle: @Sendable (Resource, inout ConversionReport) -> String? {
    get { _getCareTitle ?? { [resolveMedication] r, report in Self.title(r, resolve: resolveMedication, report: &report) } }
    set { _getCareTitle = newValue }
  }
  private var _getCareTitle: (@Sendable (Resource, inout ConversionReport) -> String?)?

  static func title(_ r: Resource, resolve: (String) -> Medication?, report: inout ConversionReport) -> String? {
    func name(_ m: Medication) -> String? { m.code?.text?.string ?? m.code?.coding.lazy.compactMap({ $0.display?.string }).first }
    switch r.medication {
    case .codeableConcept(let c):
      report.mapped("MedicationOrder.medicationCodeableConcept")
      return c.text?.string ?? c.coding.lazy.compactMap({ $0.display?.string }).first
    case .reference(let ref):
      report.mapped("MedicationOrder.medicationReference")
      if let target = ref.reference?.string, target.hasPrefix("#") {
        for case .medication(let m) in r.contained where m.id?.string == String(target.dropFirst()) {
          report.mapped("MedicationOrder.contained")
          return name(m)
        }
      }
      if let display = ref.display?.string { return display }
      return ref.reference?.string.flatMap(resolve).flatMap(name)
    case nil:
      report.defaulted("MedicationOrder.medication")
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
  /// `dosageInstruction.text` and `.additionalInstructions` (its text, else first coding display),
  /// newline-joined → `instructions`.
  public var getCareInstructions: @Sendable (Resource, inout ConversionReport) -> String? = { r, report in
    var parts: [String] = []
    for d in r.dosageInstruction {
      if let t = d.text?.string { parts.append(t); report.mapped("MedicationOrder.dosageInstruction.text") }
      if let a = d.additionalInstructions, let t = a.text?.string ?? a.coding.lazy.compactMap({ $0.display?.string }).first {
        parts.append(t)
        report.mapped("MedicationOrder.dosageInstruction.additionalInstructions")
      }
    }
    return parts.isEmpty ? nil : parts.joined(separator: "\n")
  }
  /// `instructions` → the first dosage instruction's `text`.
  public var setFHIRInstructions: @Sendable (Entity, inout Resource, inout ConversionReport) -> Void = { e, r, _ in
    guard let text = e.instructions else { return }
    if r.dosageInstruction.isEmpty { r.dosageInstruction = [Resource.DosageInstruction()] }
    r.dosageInstruction[0].text = Primitive(FHIRString(uncheckedString: text))
  }
  /// Dosage instruction timings → `schedule` (the Timing mapping); `doseQuantity` → each element's
  /// targetValues (``TargetValueMapping``); `doseRange` → two targets of kind `dose.low` and
  /// `dose.high`. Without timing: the documented default (daily, all day, from the validity period /
  /// `dateWritten`), reported defaulted.
  public var getCareSchedule: @Sendable (Resource, TimeZone, inout ConversionReport) -> Schedule = { r, zone, report in
    let anchor = FHIRDates.point(r.dispenseRequest?.validityPeriod?.start, zone: zone)?.date
      ?? FHIRDates.point(r.dateWritten, zone: zone)?.date ?? Date(timeIntervalSince1970: 0)
    if r.dispenseRequest?.validityPeriod?.start != nil { report.mapped("MedicationOrder.dispenseRequest.validityPeriod.start") }
    let path = "MedicationOrder.dosageInstruction.timing"
    guard !r.dosageInstruction.isEmpty else {
      return Schedule(elements: ScheduleDecoding.elements(nil, path: path, anchor: anchor, zone: zone, report: &report))
    }
    var elements: [ScheduleElement] = []
    for (position, d) in r.dosageInstruction.enumerated() {
      var targets: [OutcomeValue] = []
      switch d.dose {
      case .quantity(let q):
        if let v = TargetValueMapping.read(
          value: q.value?.value?.doubleValue, unit: q.unit?.string ?? q.code?.string, extensions: q.extension)
        {
          targets.append(v)
          report.mapped("MedicationOrder.dosageInstruction.doseQuantity")
        }
      case .range(let range):
        for (bound, kind) in [(range.low, "dose.low"), (range.high, "dose.high")] {
          guard let q = bound, let x = q.value?.value?.doubleValue else { continue }
          targets.append(OutcomeValue(.double(x), units: q.unit?.string ?? q.code?.string, kind: kind))
          report.mapped("MedicationOrder.dosageInstruction.doseRange")
        }
      case nil: break
      }
      elements += ScheduleDecoding.elements(
        d.timing.map(DSTU2TimingAdapter.pattern), path: path,
        at: JSONPath([.key("dosageInstruction"), .index(position), .key("timing")]), anchor: anchor, zone: zone, targetValues: targets,
        report: &report)
    }
    return Schedule(elements: elements)
  }
  /// `schedule` → one dosage instruction per written timing, with its first target as
  /// `doseQuantity` (DSTU2 has one dose per instruction; further targets are reported unrepresentable).
  public var setFHIRSchedule: @Sendable (Entity, inout Resource, inout ConversionReport) -> Void = { e, r, report in
    let path = "MedicationOrder.dosageInstruction.timing"
    let written = ScheduleEncoding.timings(e.schedule.elements, path: path, zone: e.timezone, report: &report)
    let instructions = r.dosageInstruction.first?.text
    r.dosageInstruction = written.map { w in
      var d = Resource.DosageInstruction()
      d.timing = DSTU2TimingAdapter.timing(w.timing, path: path, report: &report)
      for (index, v) in w.targetValues.enumerated() {
        guard index == 0, let parts = TargetValueMapping.write(v) else {
          report.unrepresentable("MedicationOrder.dosageInstruction.dose")
          continue
        }
        var q = Quantity()
        q.value = parts.value
        q.unit = parts.unit.map { Primitive(FHIRString(uncheckedString: $0)) }
        q.extension = parts.extensions
        d.dose = .quantity(q)
      }
      return d
    }
    if let instructions {
      if r.dosageInstruction.isEmpty { r.dosageInstruction = [Resource.DosageInstruction()] }
      r.dosageInstruction[0].text = instructions
    }
  }
  /// The common fields from care extensions; without them: the uuid stays the one the entity
  /// starts with (``StableUUID/forDecoded(_:type:release:id:versionID:)``), effectiveDate and
  /// timezone from `dateWritten` (else 1970 UTC).
  public var getCareVersionFields: @Sendable (Resource, inout Entity, inout ConversionReport) -> Void = { r, e, report in
    let point = FHIRDates.point(r.dateWritten, zone: FHIRDates.utc)
    if point != nil { report.mapped("MedicationOrder.dateWritten") }
    e.effectiveDate = point?.date ?? Date(timeIntervalSince1970: 0)
    e.timezone = point?.zone ?? FHIRDates.utc
    CareExtensions.readVersionFields(r.extension, into: &e)
  }
  /// The common fields → care extensions.
  public var setFHIRVersionFields: @Sendable (Entity, inout Resource, inout ConversionReport) -> Void = { e, r, _ in
    r.extension += CareExtensions.versionExtensions(e)
  }
  /// `impactsAdherence` from a care extension (default true).
  public var getCareImpactsAdherence: @Sendable (Resource, inout ConversionReport) -> Bool = { r, _ in
    CareExtensions.strings(r.extension, "impactsAdherence").first != "false"
  }
  /// `impactsAdherence == false` → a care extension.
  public var setFHIRImpactsAdherence: @Sendable (Entity, inout Resource, inout ConversionReport) -> Void = { e, r, _ in
    if !e.impactsAdherence { r.extension.append(CareExtensions.string("impactsAdherence", "false")) }
  }
  /// A care `carePlanUUID` extension → `carePlanUUID` (DSTU2 MedicationOrder has no `basedOn`).
  public var getCareCarePlanUUID: @Sendable (Resource, inout ConversionReport) -> UUID? = { r, _ in
    CareExtensions.strings(r.extension, "carePlanUUID").first.flatMap(UUID.init(uuidString:))
  }
  /// `carePlanUUID` → a care extension.
  public var setFHIRCarePlanUUID: @Sendable (Entity, inout Resource, inout ConversionReport) -> Void = { e, r, _ in
    if let u = e.carePlanUUID { r.extension.append(CareExtensions.string("carePlanUUID", u.uuidString)) }
  }
  /// Whether decode accounts for every input element (unmapped ones are reported dropped).
  public var accountsForEveryElement = true

  public init() {}

  /// The uuid the entity starts with: see ``StableUUID/forDecoded(_:type:release:id:versionID:)``.
  static func uuid(of resource: Resource) -> UUID {
    StableUUID.forDecoded(
      resource, type: "MedicationOrder", release: "DSTU2", id: resource.id?.string, versionID: resource.meta?.versionId?.string)
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
    if accountsForEveryElement { ElementAccounting.account(resource, source, root: "MedicationOrder", in: &report) }
    report.locateIssues(resourceType: "MedicationOrder", id: resource.id?.string)
    return Converted(entity, report: report)
  }

  public func encode(_ entity: Entity) throws -> Converted<Resource> {
    var report = ConversionReport()
    var r = Resource()
    r.status = "active"
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

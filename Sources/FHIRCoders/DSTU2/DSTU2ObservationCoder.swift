public import CareModel
public import FHIRCore
public import FHIRDSTU2
public import Foundation

/// DSTU2 `Observation` ⇄ care `Outcome`: `value[x]` and each component become outcome values (see
/// ``ObservedValue``), with `kind` from the code. Each mapped field has a `get…` and a `set…` closure.
public struct DSTU2ObservationCoder: ResourceCoder {
  public typealias Resource = FHIRDSTU2.Observation
  public typealias Entity = CareModel.Outcome

  /// `id` → `id` (defaulted to `"observation"` when absent).
  public var getCareID: @Sendable (Resource, inout ConversionReport) -> String = { r, report in
    if let id = r.id?.string { report.mapped("Observation.id"); return id }
    report.defaulted("Observation.id")
    return "observation"
  }
  /// `id` → `Observation.id`.
  public var setFHIRID: @Sendable (Entity, inout Resource, inout ConversionReport) -> Void = { e, r, report in
    r.id = Primitive(FHIRID(uncheckedString: e.id))
    if FHIRID.problem(with: e.id) != nil { report.unrepresentable("Observation.id") }
  }
  /// `value[x]` (kind from `code`) and each `component` (kind from its code) → `values`, in that order.
  public var getCareValues: @Sendable (Resource, TimeZone, inout ConversionReport) -> [OutcomeValue] = { r, zone, report in
    var values: [OutcomeValue] = []
    if let v = r.value {
      report.mapped("Observation.code")
      values += Self.observed(v).read(kind: Self.kind(r.code), path: "Observation.value" + v.typeSuffix, zone: zone, report: &report)
    }
    for c in r.component {
      guard let v = c.value else { continue }
      report.mapped("Observation.component.code")
      var read = Self.observed(v).read(kind: Self.kind(c.code), path: "Observation.component.value" + v.typeSuffix, zone: zone, report: &report)
      for i in read.indices { OutcomeValueExtensions.apply(c.extension, to: &read[i]) }
      values += read
    }
    return values
  }
  /// `values` → one component each (code text = `kind`), `code.text` `"Care outcome"`.
  public var setFHIRValues: @Sendable (Entity, inout Resource, inout ConversionReport) -> Void = { e, r, _ in
    r.code = CodeableConcept(text: "Care outcome")
    r.component = e.values.map { v in
      var c = FHIRDSTU2.Observation.Component(code: CodeableConcept(text: Primitive(FHIRString(uncheckedString: v.kind ?? "value"))))
      switch v.value {
      case .double(let x): c.value = .quantity(Quantity(value: decimal(x), unit: v.units.map { Primitive(FHIRString(uncheckedString: $0)) }))
      case .integer(let i): c.value = .quantity(Quantity(value: decimal(Double(i))))
      case .boolean(let b): c.value = .string(Primitive(FHIRString(uncheckedString: b ? "true" : "false")))
      case .text(let s): c.value = .string(Primitive(FHIRString(uncheckedString: s)))
      case .date(let d): c.value = .dateTime(FHIRDates.dateTime(d, zone: e.timezone))
      }
      // DSTU2 has no valueInteger or valueBoolean: they travel as a quantity and a string, tagged.
      let tag: String? = switch v.value {
      case .integer: "integer"
      case .boolean: "boolean"
      default: nil
      }
      c.extension = OutcomeValueExtensions.write(v, typeTag: tag)
      return c
    }
  }
  /// `effectiveDateTime` / `effectivePeriod.start`, else `issued` →
  /// effectiveDate (and timezone); `effectivePeriod.end` → `endDate`; the care extensions win.
  public var getCareVersionFields: @Sendable (Resource, inout Entity, inout ConversionReport) -> Void = { r, e, report in
    e.uuid = r.id?.string.map { StableUUID.forResource(type: "Observation", id: $0) } ?? StableUUID.derived("Observation")
    var point: FHIRDates.Point?
    switch r.effective {
    case .dateTime(let d): point = FHIRDates.point(d, zone: FHIRDates.utc); report.mapped("Observation.effectiveDateTime")
    case .period(let p):
      point = FHIRDates.point(p.start, zone: FHIRDates.utc)
      if point != nil { report.mapped("Observation.effectivePeriod.start") }
      if let end = FHIRDates.point(p.end, zone: FHIRDates.utc) { e.endDate = end.date; report.mapped("Observation.effectivePeriod.end") }
    case nil: break
    }
    if point == nil, let issued = r.issued?.value.flatMap({ FHIRDates.point($0.components, zone: FHIRDates.utc) }) {
      point = issued
      report.mapped("Observation.issued")
    }
    if point == nil { report.defaulted("Observation.effective") }
    e.effectiveDate = point?.date ?? Date(timeIntervalSince1970: 0)
    e.timezone = point?.zone ?? FHIRDates.utc
    CareExtensions.readVersionFields(r.extension, into: &e)
  }
  /// The common fields → care extensions; effectiveDate (and `endDate`) → `effectiveDateTime` or `effectivePeriod`.
  public var setFHIRVersionFields: @Sendable (Entity, inout Resource, inout ConversionReport) -> Void = { e, r, _ in
    r.extension += CareExtensions.versionExtensions(e)
    let start = FHIRDates.dateTime(e.effectiveDate, zone: e.timezone)
    r.effective = e.endDate.map { .period(FHIRDSTU2.Period(start: start, end: FHIRDates.dateTime($0, zone: e.timezone))) } ?? .dateTime(start)
  }
  /// A care `taskUUID` extension → `taskUUID` (DSTU2 Observation has no `basedOn`); a care
  /// `taskOccurrenceIndex` extension → `taskOccurrenceIndex` (default 0).
  public var getCareTask: @Sendable (Resource, inout ConversionReport) -> (UUID?, Int) = { r, _ in
    let index = CareExtensions.strings(r.extension, "taskOccurrenceIndex").first.flatMap { Int($0) } ?? 0
    return (CareExtensions.strings(r.extension, "taskUUID").first.flatMap(UUID.init(uuidString:)), index)
  }
  /// `taskUUID`, `taskOccurrenceIndex` → care extensions.
  public var setFHIRTask: @Sendable (Entity, inout Resource, inout ConversionReport) -> Void = { e, r, _ in
    if let u = e.taskUUID { r.extension.append(CareExtensions.string("taskUUID", u.uuidString)) }
    if e.taskOccurrenceIndex != 0 { r.extension.append(CareExtensions.string("taskOccurrenceIndex", String(e.taskOccurrenceIndex))) }
  }
  /// Whether decode accounts for every input element (unmapped ones are reported dropped).
  public var accountsForEveryElement = true

  public init() {}

  static func kind(_ code: CodeableConcept?) -> String? {
    guard let code else { return nil }
    return ObservedValue.kind(codings: code.coding.map { ($0.system?.string, $0.code?.string) }, text: code.text?.string)
  }

  static func amount(_ q: Quantity?) -> (Double, String?)? {
    guard let q, let x = q.value?.value?.doubleValue, x.isFinite else { return nil }
    return (x, q.unit?.string ?? q.code?.string)
  }

  static func observed(_ v: FHIRDSTU2.Observation.Value) -> ObservedValue {
    switch v {
    case .quantity(let q):
      .quantity(value: q.value?.value?.doubleValue, unit: q.unit?.string ?? q.code?.string, hasComparator: q.comparator != nil, extensions: q.extension)
    case .codeableConcept(let c): .concept(c.text?.string ?? c.coding.lazy.compactMap { $0.display?.string ?? $0.code?.string }.first)
    case .string(let s): .string(s.string)
    case .range(let r): .range(low: amount(r.low), high: amount(r.high))
    case .ratio(let r): .ratio(numerator: amount(r.numerator), denominator: amount(r.denominator))
    case .sampledData(let s):
      .sampled(origin: s.origin?.value?.value?.doubleValue, unit: s.origin?.unit?.string ?? s.origin?.code?.string,
        factor: s.factor?.value?.doubleValue, data: s.data?.string)
    case .time(let t): .time(t.string)
    case .dateTime(let d): .dateTime(d)
    case .period(let p): .period(start: p.start, end: p.end)
    case .attachment: .unsupported
    }
  }

  /// - Throws: ``CoderError`` `missingElement` at `Observation.value[x]` when the observation has
  ///   neither a value nor a component with a value (a panel, or a `dataAbsentReason`).
  public func decode(_ resource: Resource) throws -> Converted<Entity> {
    guard resource.value != nil || resource.component.contains(where: { $0.value != nil }) else {
      throw CoderError(
        .missingElement, path: "Observation.value[x]", resourceType: "Observation", resourceID: resource.id?.string,
        message: "neither a value nor a component value to become an outcome value")
    }
    var report = ConversionReport()
    // A stable placeholder: getCareVersionFields sets the uuid (UUID() would read /dev/urandom).
    var entity = Entity(id: getCareID(resource, &report), uuid: StableUUID.derived("Observation"))
    getCareVersionFields(resource, &entity, &report)
    entity.values = getCareValues(resource, entity.timezone, &report)
    (entity.taskUUID, entity.taskOccurrenceIndex) = getCareTask(resource, &report)
    if accountsForEveryElement { ElementAccounting.account(resource, root: "Observation", in: &report) }
    return Converted(entity, report: report)
  }

  public func encode(_ entity: Entity) throws -> Converted<Resource> {
    var report = ConversionReport()
    var r = Resource()
    r.status = "final"
    setFHIRID(entity, &r, &report)
    setFHIRVersionFields(entity, &r, &report)
    setFHIRValues(entity, &r, &report)
    setFHIRTask(entity, &r, &report)
    return Converted(r, report: report)
  }
}

import CareModel
import FHIRCore
import FHIRJSON
import Foundation

/// The Observation ⇄ Outcome mapping both releases share; the release-specific parts come from
/// `R` (see ``ObservationRelease``). The coders' default closures call these functions.
enum ObservationMapping<R: ObservationRelease> {
  static func careID(_ r: R.Resource, _ report: inout ConversionReport) -> String {
    if let id = R.id(r) { report.mapped(ObservationPaths.id); return id }
    report.defaulted(ObservationPaths.id)
    return "observation"
  }

  static func setID(_ e: OutcomeEntity, _ r: inout R.Resource, _ report: inout ConversionReport) {
    let id = ResourceIDMapping.fhirID(forCareID: e.id, kind: "outcome")
    R.setID(id, in: &r)
    R.append(ResourceIDMapping.extensions(forCareID: e.id, fhirID: id), to: &r)
  }

  static func careValues(_ r: R.Resource, _ zone: TimeZone, _ report: inout ConversionReport) -> [OutcomeValue] {
    values(r, R.value(r), R.components(r), zone, &report)
  }

  /// ``careValues(_:_:_:)`` from the observation's value and components, each read once (decode
  /// reads them first, to check that there is a value).
  static func values(
    _ r: R.Resource, _ value: R.Value?, _ components: [R.Component], _ zone: TimeZone, _ report: inout ConversionReport
  ) -> [OutcomeValue] {
    var values: [OutcomeValue] = []
    values.reserveCapacity((value == nil ? 0 : 1) + components.count)
    var unfit: [UnfitNumber] = []
    // The value is handed on as it is (binding it with `if let` would copy it).
    if let observed = R.observed(value, unfit: &unfit) {
      let observedKind = R.kind(r)
      observedKind?.report(ObservationPaths.codeParts, in: &report)
      let kind = observedKind?.kind
      let paths = ObservationPaths.values[observed.pathIndex(inComponent: false)]
      let location = { JSONPath.root.appending(key: observed.valueKey) }
      observed.append(kind: kind, paths: paths, at: location, zone: zone, report: &report, to: &values)
      if !unfit.isEmpty { keep(unfit, kind: kind, paths: paths, at: location(), report: &report, in: &values) }
    }
    guard !components.isEmpty else { return values }
    // The components are read by position (none is copied out of the list).
    for index in components.indices {
      unfit.removeAll(keepingCapacity: true)
      guard let observed = R.observedValue(components, at: index, unfit: &unfit) else { continue }
      let observedKind = R.componentKind(components, at: index)
      observedKind?.report(ObservationPaths.componentCodeParts, in: &report)
      let kind = observedKind?.kind
      let start = values.count
      let paths = ObservationPaths.values[observed.pathIndex(inComponent: true)]
      let location = { JSONPath([.key("component"), .index(index), .key(observed.valueKey)]) }
      observed.append(kind: kind, paths: paths, at: location, zone: zone, report: &report, to: &values)
      if !unfit.isEmpty { keep(unfit, kind: kind, paths: paths, at: location(), report: &report, in: &values) }
      guard values.count > start else { continue }
      let extensions = R.componentExtensions(components, at: index)
      if !extensions.isEmpty {
        for i in start..<values.count { OutcomeValueExtensions.apply(extensions, to: &values[i]) }
      }
    }
    return values
  }

  /// Reports the numbers of one value that no `Double` holds (`value`, the JSON path of the value
  /// element) and keeps those that are themselves a value (a quantity's value, a Range bound)
  /// as text outcome values, exactly as written; operands (Ratio parts, SampledData origin and
  /// factor) are skipped. A number a `Double` holds only rounded (``UnfitNumber/rounded``) is in
  /// the values already, as that `Double`: it is reported unrepresentable at its path in `paths`.
  static func keep(
    _ unfit: [UnfitNumber], kind: String?, paths: ObservedValuePaths, at value: JSONPath, report: inout ConversionReport,
    in values: inout [OutcomeValue]
  ) {
    for number in unfit {
      if number.rounded {
        switch number.use {
        case .value: report.unrepresentable(paths.number)
        case .bound(let side): report.unrepresentable(side == "low" ? paths.low : paths.high)
        case .operand: break
        }
        continue
      }
      switch number.use {
      case .value:
        values.append(OutcomeValue(.text(number.text), units: number.unit, kind: kind))
      case .bound(let suffix):
        values.append(OutcomeValue(.text(number.text), units: number.unit, kind: kind.map { $0 + "." + suffix } ?? suffix))
      case .operand:
        report.numberDoesNotFit(at: number.path(below: value), keptAsText: false)
        continue
      }
      report.numberDoesNotFit(at: number.path(below: value), keptAsText: true, integer: number.integer)
    }
  }

  static func careVersionFields(_ r: R.Resource, _ e: inout OutcomeEntity, _ report: inout ConversionReport) {
    var point: FHIRDates.Point?
    switch R.effective(r) {
    case .dateTime(let d): point = FHIRDates.point(dateTime: d, zone: FHIRDates.utc); report.mapped(ObservationPaths.effectiveDateTime)
    case .instant(let i):
      point = i.flatMap(FHIRDates.point(instant:))
      report.mapped(ObservationPaths.effectiveInstant)
    case .period(let start, let end):
      point = FHIRDates.point(dateTime: start, zone: FHIRDates.utc)
      if point != nil { report.mapped(ObservationPaths.effectivePeriodStart) }
      if let end = FHIRDates.point(dateTime: end, zone: FHIRDates.utc) {
        e.endDate = end.date
        report.mapped(ObservationPaths.effectivePeriodEnd)
      }
    case .timing: report.unrepresentable(ObservationPaths.effectiveTiming)
    case nil: break
    }
    if point == nil, let issued = R.issued(r)?.value.flatMap(FHIRDates.point(instant:)) {
      point = issued
      report.mapped(ObservationPaths.issued)
    }
    if point == nil { report.defaulted(ObservationPaths.effective) }
    e.effectiveDate = point?.date ?? FHIRDates.epoch
    e.timezone = point?.zone ?? FHIRDates.utc
    CareExtensions.readVersionFields(R.extensions(r), into: &e)
  }

  static func setVersionFields(_ e: OutcomeEntity, _ r: inout R.Resource) {
    R.append(CareExtensions.versionExtensions(e), to: &r)
    R.writeEffective(
      start: FHIRDates.dateTime(e.effectiveDate, zone: e.timezone),
      end: e.endDate.map { FHIRDates.dateTime($0, zone: e.timezone) }, to: &r)
  }

  static func careTask(_ r: R.Resource, _ report: inout ConversionReport) -> (UUID?, Int) {
    let extensions = R.extensions(r)
    let index = CareExtensions.strings(extensions, "taskOccurrenceIndex").first.flatMap { Int($0) } ?? 0
    if let s = CareExtensions.strings(extensions, "taskUUID").first { return (UUID(uuidString: s), index) }
    guard let u = R.basedOnUUID(r) else { return (nil, index) }
    report.mapped(ObservationPaths.basedOnReference)
    return (u, index)
  }

  static func setTask(_ e: OutcomeEntity, _ r: inout R.Resource) {
    var extensions: [Extension] = []
    if let u = e.taskUUID { extensions.append(CareExtensions.string("taskUUID", u.uuidString)) }
    if e.taskOccurrenceIndex != 0 { extensions.append(CareExtensions.string("taskOccurrenceIndex", String(e.taskOccurrenceIndex))) }
    R.append(extensions, to: &r)
  }

  /// The Outcome of an Observation, through `coder`'s closures.
  /// - Throws: ``CoderError`` `missingElement` at `Observation.value[x]` when the observation has
  ///   neither a value nor a component with a value.
  static func decode(_ resource: R.Resource, from source: ResourceSource?, with coder: ObservationCoder<R.Resource>) throws
    -> Converted<OutcomeEntity>
  {
    let id = R.id(resource)
    // The value and components are read once, here, and (with the default `getCareValues`) become the values.
    let value = R.value(resource)
    let components = R.components(resource)
    let hasValue =
      value != nil || components.indices.contains { R.hasValue(components, at: $0) }
    guard hasValue else {
      throw CoderError(
        .missingElement, path: "Observation.value[x]", resourceType: "Observation", resourceID: id,
        message: "neither a value nor a component value to become an outcome value")
    }
    var report = ConversionReport()
    // `meta.versionId` is read only for a resource without id (``StableUUID/forDecoded(_:type:release:id:versionID:)``).
    let uuid =
      if let id { StableUUID.forResource(type: "Observation", id: id) } else {
        StableUUID.forDecoded(resource, type: "Observation", release: R.release, id: nil, versionID: R.versionID(resource))
      }
    var entity = OutcomeEntity(
      id: coder.getCareID(resource, &report), uuid: uuid, effectiveDate: FHIRDates.epoch, timezone: FHIRDates.utc)
    coder.getCareVersionFields(resource, &entity, &report)
    entity.values =
      coder.readsDefaultValues
      ? values(resource, value, components, entity.timezone, &report)
      : coder.getCareValues(resource, entity.timezone, &report)
    (entity.taskUUID, entity.taskOccurrenceIndex) = coder.getCareTask(resource, &report)
    // `final`, what an Observation is written with, comes back as it came: mapped, not dropped.
    if resource.status?.string == "final" { report.mapped(ObservationPaths.status) }
    if coder.accountsForEveryElement { ElementAccounting.account(resource, source, root: ObservationPaths.root, in: &report) }
    report.locateIssues(resourceType: "Observation", id: id)
    return Converted(entity, report: report)
  }

  /// The Observation of an Outcome, through `coder`'s closures.
  static func encode(_ entity: OutcomeEntity, with coder: ObservationCoder<R.Resource>) -> Converted<R.Resource> {
    var report = ConversionReport()
    var r = R.empty()
    coder.setFHIRID(entity, &r, &report)
    coder.setFHIRVersionFields(entity, &r, &report)
    coder.setFHIRValues(entity, &r, &report)
    coder.setFHIRTask(entity, &r, &report)
    return Converted(r, report: report)
  }
}

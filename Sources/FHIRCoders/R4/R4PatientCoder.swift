public import CareModel
public import FHIRCore
public import FHIRR4
public import Foundation

/// R4 `Patient` ⇄ care `Patient`. Each mapped field has a `get…` (FHIR → entity) and a `set…`
/// (entity → FHIR) closure; replace one to change only that field.
public struct R4PatientCoder: ResourceCoder {
  public typealias Resource = FHIRR4.Patient
  public typealias Entity = CareModel.Patient

  /// `Patient.id` → `id`. Default: the id, or `"patient"` (reported defaulted) when absent.
  public var getCareID: @Sendable (Resource, inout ConversionReport) -> String = { p, report in
    if let id = p.id?.string { report.mapped("Patient.id"); return id }
    report.defaulted("Patient.id")
    return "patient"
  }
  /// `id` → `Patient.id`; an id that is no valid FHIR id goes out as a uuid derived from it, with
  /// the care id in a `care-id` extension (``ResourceIDMapping``).
  public var setFHIRID: @Sendable (Entity, inout Resource, inout ConversionReport) -> Void = { e, p, _ in
    ResourceIDMapping.assign(e.id, kind: "patient", id: &p.id, extensions: &p.extension)
  }
  /// `Patient.name` → `name`. Default: the first `official` (else `usual`, else first) name:
  /// `given[0]` → givenName, later `given` → middleName (space-joined), `family`, `prefix`,
  /// `suffix`; the first `given` of a `nickname` name → nickname. Other names are reported dropped.
  public var getCareName: @Sendable (Resource, inout ConversionReport) -> NameComponents = { p, report in
    NameMapping.read(p.name.map(NameMapping.Parts.init), path: "Patient.name", report: &report)
  }
  /// `name` → `Patient.name`: one `official` name, and a `nickname` name when there is a nickname.
  public var setFHIRName: @Sendable (Entity, inout Resource, inout ConversionReport) -> Void = { e, p, report in
    p.name = NameMapping.write(e.name, path: "Patient.name", report: &report).map { $0.r4 }
  }
  /// `Patient.gender` → `sex`: `male`, `female`, else `.other(code)`; a care `sex` extension wins.
  public var getCareSex: @Sendable (Resource, inout ConversionReport) -> BiologicalSex? = { p, report in
    SexMapping.read(gender: p.gender?.string, extensions: p.extension, report: &report)
  }
  /// `sex` → `Patient.gender` (`other` plus a care extension for other texts).
  public var setFHIRSex: @Sendable (Entity, inout Resource, inout ConversionReport) -> Void = { e, p, _ in
    let (gender, ext) = SexMapping.write(e.sex)
    p.gender = gender.map { Primitive(FHIRCode(uncheckedString: $0)) }
    if let ext { p.extension.append(ext) }
  }
  /// `Patient.birthDate` → `birthday`, keeping its precision (year, month, day).
  public var getCareBirthday: @Sendable (Resource, inout ConversionReport) -> DateComponents? = { p, report in
    guard p.birthDate != nil else { return nil }
    report.mapped("Patient.birthDate")
    return FHIRDates.components(p.birthDate)
  }
  /// `birthday` → `Patient.birthDate`.
  public var setFHIRBirthday: @Sendable (Entity, inout Resource, inout ConversionReport) -> Void = { e, p, report in
    guard let b = e.birthday else { return }
    p.birthDate = FHIRDates.date(b)
    if p.birthDate == nil { report.unrepresentable("Patient.birthDate") }
  }
  /// Care `allergy` extensions → `allergies` (FHIR keeps allergies in AllergyIntolerance resources,
  /// which this coder does not read).
  public var getCareAllergies: @Sendable (Resource, inout ConversionReport) -> [String]? = { p, _ in
    let list = CareExtensions.strings(p.extension, "allergy")
    return list.isEmpty ? nil : list
  }
  /// `allergies` → care `allergy` extensions.
  public var setFHIRAllergies: @Sendable (Entity, inout Resource, inout ConversionReport) -> Void = { e, p, _ in
    p.extension += (e.allergies ?? []).map { CareExtensions.string("allergy", $0) }
  }
  /// The common fields (uuid, dates, tags, …) from care extensions; without them: the uuid stays
  /// the one the entity starts with (``StableUUID/forDecoded(_:type:release:id:versionID:)``), effectiveDate from `meta.lastUpdated` (else 1970, defaulted), timezone UTC (defaulted).
  public var getCareVersionFields: @Sendable (Resource, inout Entity, inout ConversionReport) -> Void = { p, e, report in
    if let updated = p.meta?.lastUpdated?.value, let point = FHIRDates.point(updated.components, zone: FHIRDates.utc) {
      e.effectiveDate = point.date
      e.timezone = point.zone ?? FHIRDates.utc
      report.mapped("Patient.meta.lastUpdated")
    } else {
      e.effectiveDate = Date(timeIntervalSince1970: 0)
      e.timezone = FHIRDates.utc
    }
    CareExtensions.readVersionFields(p.extension, into: &e)
  }
  /// The common fields → care extensions.
  public var setFHIRVersionFields: @Sendable (Entity, inout Resource, inout ConversionReport) -> Void = { e, p, _ in
    p.extension += CareExtensions.versionExtensions(e)
  }
  /// Whether decode accounts for every input element (unmapped ones are reported dropped).
  public var accountsForEveryElement = true

  public init() {}

  /// The uuid the entity starts with: see ``StableUUID/forDecoded(_:type:release:id:versionID:)``.
  static func uuid(of resource: Resource) -> UUID {
    StableUUID.forDecoded(
      resource, type: "Patient", release: "R4", id: resource.id?.string, versionID: resource.meta?.versionId?.string)
  }

  public func decode(_ resource: Resource) throws -> Converted<Entity> {
    try decode(resource, from: nil)
  }

  /// ``decode(_:)``, accounting for the elements from `source` (the tokens `resource` was
  /// decoded from, see ``ResourceSource``) instead of writing `resource` again; same report.
  public func decode(_ resource: Resource, from source: ResourceSource?) throws -> Converted<Entity> {
    var report = ConversionReport()
    var entity = Entity(id: getCareID(resource, &report), uuid: Self.uuid(of: resource),
      effectiveDate: FHIRDates.epoch, timezone: FHIRDates.utc)
    getCareVersionFields(resource, &entity, &report)
    entity.name = getCareName(resource, &report)
    entity.sex = getCareSex(resource, &report)
    entity.birthday = getCareBirthday(resource, &report)
    entity.allergies = getCareAllergies(resource, &report)
    if accountsForEveryElement { ElementAccounting.account(resource, source, root: "Patient", in: &report) }
    return Converted(entity, report: report)
  }

  public func encode(_ entity: Entity) throws -> Converted<Resource> {
    var report = ConversionReport()
    var resource = Resource()
    setFHIRID(entity, &resource, &report)
    setFHIRVersionFields(entity, &resource, &report)
    setFHIRName(entity, &resource, &report)
    setFHIRSex(entity, &resource, &report)
    setFHIRBirthday(entity, &resource, &report)
    setFHIRAllergies(entity, &resource, &report)
    return Converted(resource, report: report)
  }
}

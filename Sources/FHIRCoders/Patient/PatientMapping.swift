import CareModel
import FHIRCore
import Foundation

/// The Patient ⇄ Patient mapping both releases share; the release-specific parts come from `R`
/// (see ``PatientRelease``). The coders' default closures call these functions.
enum PatientMapping<R: PatientRelease> {
  static func careID(_ p: R.Resource, _ report: inout ConversionReport) -> String {
    if let id = R.id(p) { report.mapped(PatientPaths.id); return id }
    report.defaulted(PatientPaths.id)
    return "patient"
  }

  static func setID(_ e: PatientEntity, _ p: inout R.Resource) {
    let id = ResourceIDMapping.fhirID(forCareID: e.id, kind: "patient")
    R.setID(id, in: &p)
    R.append(ResourceIDMapping.extensions(forCareID: e.id, fhirID: id), to: &p)
  }

  static func careName(_ p: R.Resource, _ report: inout ConversionReport) -> NameComponents {
    NameMapping.readNames(R.names(p), path: PatientPaths.name, report: &report)
  }

  static func setName(_ e: PatientEntity, _ p: inout R.Resource, _ report: inout ConversionReport) {
    R.setNames(NameMapping.write(e.name, path: "Patient.name", report: &report), in: &p)
  }

  static func careSex(_ p: R.Resource, _ report: inout ConversionReport) -> BiologicalSex? {
    SexMapping.read(gender: R.gender(p), extensions: R.extensions(p), report: &report)
  }

  static func setSex(_ e: PatientEntity, _ p: inout R.Resource) {
    let (gender, ext) = SexMapping.write(e.sex)
    R.setGender(gender, in: &p)
    if let ext { R.append([ext], to: &p) }
  }

  static func careBirthday(_ p: R.Resource, _ report: inout ConversionReport) -> DateComponents? {
    let birthDate = R.birthDate(p)
    guard birthDate.present else { return nil }
    report.mapped(PatientPaths.birthDate)
    return FHIRDates.components(date: birthDate.value)
  }

  static func setBirthday(_ e: PatientEntity, _ p: inout R.Resource, _ report: inout ConversionReport) {
    guard let b = e.birthday else { return }
    let date = FHIRDates.date(b)
    R.setBirthDate(date, in: &p)
    if date == nil { report.unrepresentable(PatientPaths.birthDate) }
  }

  static func careAllergies(_ p: R.Resource) -> [String]? {
    let list = CareExtensions.strings(R.extensions(p), "allergy")
    return list.isEmpty ? nil : list
  }

  static func setAllergies(_ e: PatientEntity, _ p: inout R.Resource) {
    R.append((e.allergies ?? []).map { CareExtensions.string("allergy", $0) }, to: &p)
  }

  static func careVersionFields(_ p: R.Resource, _ e: inout PatientEntity, _ report: inout ConversionReport) {
    if let updated = R.lastUpdated(p), let point = FHIRDates.point(instant: updated) {
      e.effectiveDate = point.date
      e.timezone = point.zone ?? FHIRDates.utc
      report.mapped(PatientPaths.metaLastUpdated)
    } else {
      e.effectiveDate = FHIRDates.epoch
      e.timezone = FHIRDates.utc
    }
    CareExtensions.readVersionFields(R.extensions(p), into: &e)
  }

  static func setVersionFields(_ e: PatientEntity, _ p: inout R.Resource) {
    R.append(CareExtensions.versionExtensions(e), to: &p)
  }

  /// The Patient entity of a Patient, through `coder`'s closures.
  static func decode(_ resource: R.Resource, from source: ResourceSource?, with coder: PatientCoder<R.Resource>)
    -> Converted<PatientEntity>
  {
    var report = ConversionReport()
    // `meta.versionId` is read only for a resource without id (``StableUUID/forDecoded(_:type:release:id:versionID:)``).
    let uuid =
      if let id = R.id(resource) { StableUUID.forResource(type: "Patient", id: id) } else {
        StableUUID.forDecoded(resource, type: "Patient", release: R.release, id: nil, versionID: R.versionID(resource))
      }
    var entity = PatientEntity(
      id: coder.getCareID(resource, &report), uuid: uuid, effectiveDate: FHIRDates.epoch, timezone: FHIRDates.utc)
    coder.getCareVersionFields(resource, &entity, &report)
    entity.name = coder.getCareName(resource, &report)
    entity.sex = coder.getCareSex(resource, &report)
    entity.birthday = coder.getCareBirthday(resource, &report)
    entity.allergies = coder.getCareAllergies(resource, &report)
    if coder.accountsForEveryElement { ElementAccounting.account(resource, source, root: PatientPaths.root, in: &report) }
    return Converted(entity, report: report)
  }

  /// The Patient of a Patient entity, through `coder`'s closures.
  static func encode(_ entity: PatientEntity, with coder: PatientCoder<R.Resource>) -> Converted<R.Resource> {
    var report = ConversionReport()
    var p = R.empty()
    coder.setFHIRID(entity, &p, &report)
    coder.setFHIRVersionFields(entity, &p, &report)
    coder.setFHIRName(entity, &p, &report)
    coder.setFHIRSex(entity, &p, &report)
    coder.setFHIRBirthday(entity, &p, &report)
    coder.setFHIRAllergies(entity, &p, &report)
    return Converted(p, report: report)
  }
}

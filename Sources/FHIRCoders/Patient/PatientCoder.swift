public import CareModel
public import FHIRCore
public import Foundation

/// A FHIR `Patient` ⇄ care `Patient`, for either release: ``R4PatientCoder`` (`PatientCoder<FHIRR4.Patient>`)
/// and ``DSTU2PatientCoder`` (`PatientCoder<FHIRDSTU2.Patient>`). Each mapped field has a `get…`
/// (FHIR → entity) and a `set…` (entity → FHIR) closure; replace one to change only that field.
/// The mapping is one for both releases; what differs between them (the model types, R4's one
/// `family` against DSTU2's list) is in each release's adapter.
public struct PatientCoder<Resource: FHIREncodable & Sendable>: MappedResourceCoder {
  public typealias Entity = PatientEntity

  /// `Patient.id` → `id`. Default: the id, or `"patient"` (reported defaulted) when absent.
  public var getCareID: @Sendable (Resource, inout ConversionReport) -> String
  /// `id` → `Patient.id`; an id that is no valid FHIR id goes out as a uuid derived from it, with
  /// the care id in a `care-id` extension (``ResourceIDMapping``).
  public var setFHIRID: @Sendable (Entity, inout Resource, inout ConversionReport) -> Void
  /// `Patient.name` → `name`. Default: the first `official` (else `usual`, else first) name:
  /// `given[0]` → givenName, later `given` → middleName (space-joined), `family`, `prefix`,
  /// `suffix`; the first `given` of a `nickname` name → nickname. Other names are reported dropped.
  public var getCareName: @Sendable (Resource, inout ConversionReport) -> NameComponents
  /// `name` → `Patient.name`: one `official` name, and a `nickname` name when there is a nickname.
  public var setFHIRName: @Sendable (Entity, inout Resource, inout ConversionReport) -> Void
  /// `Patient.gender` → `sex`: `male`, `female`, else `.other(code)`; a care `sex` extension wins.
  public var getCareSex: @Sendable (Resource, inout ConversionReport) -> BiologicalSex?
  /// `sex` → `Patient.gender` (`other` plus a care extension for other texts).
  public var setFHIRSex: @Sendable (Entity, inout Resource, inout ConversionReport) -> Void
  /// `Patient.birthDate` → `birthday`, keeping its precision (year, month, day).
  public var getCareBirthday: @Sendable (Resource, inout ConversionReport) -> DateComponents?
  /// `birthday` → `Patient.birthDate`.
  public var setFHIRBirthday: @Sendable (Entity, inout Resource, inout ConversionReport) -> Void
  /// Care `allergy` extensions → `allergies` (FHIR keeps allergies in AllergyIntolerance resources,
  /// which this coder does not read).
  public var getCareAllergies: @Sendable (Resource, inout ConversionReport) -> [String]?
  /// `allergies` → care `allergy` extensions.
  public var setFHIRAllergies: @Sendable (Entity, inout Resource, inout ConversionReport) -> Void
  /// The common fields (uuid, dates, tags, …) from care extensions; without them: the uuid stays
  /// the one the entity starts with (``StableUUID/forDecoded(_:type:release:id:versionID:)``),
  /// effectiveDate from `meta.lastUpdated` (else 1970, defaulted), timezone UTC (defaulted).
  public var getCareVersionFields: @Sendable (Resource, inout Entity, inout ConversionReport) -> Void
  /// The common fields → care extensions.
  public var setFHIRVersionFields: @Sendable (Entity, inout Resource, inout ConversionReport) -> Void
  /// Whether decode accounts for every input element (unmapped ones are reported dropped).
  public var accountsForEveryElement = true

  /// The shared mapping of the coder's release, run with this coder's closures.
  public let mapping: ReleaseMapping<PatientCoder>

  /// The coder of release `R` with the default closures (the public `init()` of each release).
  init<R: PatientRelease>(_: R.Type) where R.Resource == Resource {
    typealias Mapping = PatientMapping<R>
    getCareID = { p, report in Mapping.careID(p, &report) }
    setFHIRID = { e, p, _ in Mapping.setID(e, &p) }
    getCareName = { p, report in Mapping.careName(p, &report) }
    setFHIRName = { e, p, report in Mapping.setName(e, &p, &report) }
    getCareSex = { p, report in Mapping.careSex(p, &report) }
    setFHIRSex = { e, p, _ in Mapping.setSex(e, &p) }
    getCareBirthday = { p, report in Mapping.careBirthday(p, &report) }
    setFHIRBirthday = { e, p, report in Mapping.setBirthday(e, &p, &report) }
    getCareAllergies = { p, _ in Mapping.careAllergies(p) }
    setFHIRAllergies = { e, p, _ in Mapping.setAllergies(e, &p) }
    getCareVersionFields = { p, e, report in Mapping.careVersionFields(p, &e, &report) }
    setFHIRVersionFields = { e, p, _ in Mapping.setVersionFields(e, &p) }
    mapping = ReleaseMapping(
      decode: { coder, resource, source in Mapping.decode(resource, from: source, with: coder) },
      encode: { coder, entity in Mapping.encode(entity, with: coder) })
  }
}

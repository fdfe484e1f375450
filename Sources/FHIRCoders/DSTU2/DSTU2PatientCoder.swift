public import CareModel
import FHIRCore
public import FHIRDSTU2
public import Foundation

/// DSTU2 `Patient` ⇄ care `Patient`. Each mapped field has a `get…` (FHIR → entity) and a `set…`
/// (entity → FHIR) closure; replace one to change only that field. The mapping is shared with
/// the other release (``PatientMapping``), what differs is in ``DSTU2Patients``.
public struct DSTU2PatientCoder: ResourceCoder, PatientCoding {
  public typealias Resource = FHIRDSTU2.Patient
  public typealias Entity = CareModel.Patient
  typealias Release = DSTU2Patients
  typealias Mapping = PatientMapping<DSTU2Patients>

  /// `Patient.id` → `id`. Default: the id, or `"patient"` (reported defaulted) when absent.
  public var getCareID: @Sendable (Resource, inout ConversionReport) -> String = { p, report in
    Mapping.careID(p, &report)
  }
  /// `id` → `Patient.id`; an id that is no valid FHIR id goes out as a uuid derived from it, with
  /// the care id in a `care-id` extension (``ResourceIDMapping``).
  public var setFHIRID: @Sendable (Entity, inout Resource, inout ConversionReport) -> Void = { e, p, _ in
    Mapping.setID(e, &p)
  }
  /// `Patient.name` → `name`. Default: the first `official` (else `usual`, else first) name:
  /// `given[0]` → givenName, later `given` → middleName (space-joined), `family`, `prefix`,
  /// `suffix`; the first `given` of a `nickname` name → nickname. Other names are reported dropped.
  public var getCareName: @Sendable (Resource, inout ConversionReport) -> NameComponents = { p, report in
    Mapping.careName(p, &report)
  }
  /// `name` → `Patient.name`: one `official` name, and a `nickname` name when there is a nickname.
  public var setFHIRName: @Sendable (Entity, inout Resource, inout ConversionReport) -> Void = { e, p, report in
    Mapping.setName(e, &p, &report)
  }
  /// `Patient.gender` → `sex`: `male`, `female`, else `.other(code)`; a care `sex` extension wins.
  public var getCareSex: @Sendable (Resource, inout ConversionReport) -> BiologicalSex? = { p, report in
    Mapping.careSex(p, &report)
  }
  /// `sex` → `Patient.gender` (`other` plus a care extension for other texts).
  public var setFHIRSex: @Sendable (Entity, inout Resource, inout ConversionReport) -> Void = { e, p, _ in
    Mapping.setSex(e, &p)
  }
  /// `Patient.birthDate` → `birthday`, keeping its precision (year, month, day).
  public var getCareBirthday: @Sendable (Resource, inout ConversionReport) -> DateComponents? = { p, report in
    Mapping.careBirthday(p, &report)
  }
  /// `birthday` → `Patient.birthDate`.
  public var setFHIRBirthday: @Sendable (Entity, inout Resource, inout ConversionReport) -> Void = { e, p, report in
    Mapping.setBirthday(e, &p, &report)
  }
  /// Care `allergy` extensions → `allergies` (FHIR keeps allergies in AllergyIntolerance resources,
  /// which this coder does not read).
  public var getCareAllergies: @Sendable (Resource, inout ConversionReport) -> [String]? = { p, _ in
    Mapping.careAllergies(p)
  }
  /// `allergies` → care `allergy` extensions.
  public var setFHIRAllergies: @Sendable (Entity, inout Resource, inout ConversionReport) -> Void = { e, p, _ in
    Mapping.setAllergies(e, &p)
  }
  /// The common fields (uuid, dates, tags, …) from care extensions; without them: the uuid stays
  /// the one the entity starts with (``StableUUID/forDecoded(_:type:release:id:versionID:)``), effectiveDate from `meta.lastUpdated` (else 1970, defaulted), timezone UTC (defaulted).
  public var getCareVersionFields: @Sendable (Resource, inout Entity, inout ConversionReport) -> Void = { p, e, report in
    Mapping.careVersionFields(p, &e, &report)
  }
  /// The common fields → care extensions.
  public var setFHIRVersionFields: @Sendable (Entity, inout Resource, inout ConversionReport) -> Void = { e, p, _ in
    Mapping.setVersionFields(e, &p)
  }
  /// Whether decode accounts for every input element (unmapped ones are reported dropped).
  public var accountsForEveryElement = true

  public init() {}

  public func decode(_ resource: Resource) throws -> Converted<Entity> {
    Mapping.decode(resource, from: nil, with: self)
  }

  /// ``decode(_:)``, accounting for the elements from `source` (the tokens `resource` was
  /// decoded from, see ``ResourceSource``) instead of writing `resource` again; same report.
  public func decode(_ resource: Resource, from source: ResourceSource?) throws -> Converted<Entity> {
    Mapping.decode(resource, from: source, with: self)
  }

  public func encode(_ entity: Entity) throws -> Converted<Resource> {
    Mapping.encode(entity, with: self)
  }
}

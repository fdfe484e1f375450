import FHIRCore
public import FHIRDSTU2

/// The DSTU2 side of the Patient coder (see ``PatientRelease``).
enum DSTU2Patients: PatientRelease {
  typealias Patient = FHIRDSTU2.Patient

  static var release: String { "DSTU2" }
  static func empty() -> Patient { Patient() }
  static func id(_ p: Patient) -> String? { p.id?.string }
  static func setID(_ id: String, in p: inout Patient) { p.id = Primitive(FHIRID(uncheckedString: id)) }
  static func versionID(_ p: Patient) -> String? { p.meta?.versionId?.string }
  static func lastUpdated(_ p: Patient) -> FHIRInstant? {
    lastUpdatedText(p.meta).map(FHIRInstant.init(uncheckedString:))
  }

  /// The text of `meta.lastUpdated`, read where it is in the getter's value (handed over
  /// borrowed): binding that value (`if let meta`) copied the whole `Meta` once more.
  @inline(never)
  private static func lastUpdatedText(_ meta: Meta?) -> String? { meta?.lastUpdated?.string }
  static func extensions(_ p: Patient) -> [Extension] { p.extension }
  static func append(_ extensions: [Extension], to p: inout Patient) { p.extension += extensions }
  static func names(_ p: Patient) -> [HumanName] { p.name }
  static func setNames(_ names: [NameMapping.Parts], in p: inout Patient) { p.name = names.map { $0.dstu2 } }
  static func gender(_ p: Patient) -> String? { p.gender?.string }
  static func setGender(_ code: String?, in p: inout Patient) {
    p.gender = code.map { Primitive(FHIRCode(uncheckedString: $0)) }
  }
  static func birthDate(_ p: Patient) -> (present: Bool, value: FHIRDate?) {
    // One read of the element (a getter call copies it out).
    guard let birthDate = p.birthDate else { return (false, nil) }
    return (true, birthDate.value)
  }
  static func setBirthDate(_ date: Primitive<FHIRDate>?, in p: inout Patient) { p.birthDate = date }
}

/// The DSTU2 `Patient` coder: ``PatientCoder`` over the DSTU2 model.
public typealias DSTU2PatientCoder = PatientCoder<FHIRDSTU2.Patient>

extension PatientCoder where Resource == FHIRDSTU2.Patient {
  /// The DSTU2 coder with the default closures.
  public init() { self.init(DSTU2Patients.self) }
}

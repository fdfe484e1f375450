import FHIRCore
public import FHIRR4

/// The R4 side of the Patient coder (see ``PatientRelease``).
enum R4Patients: PatientRelease {
  typealias Patient = FHIRR4.Patient

  static var release: String { "R4" }
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
  static func setNames(_ names: [NameMapping.Parts], in p: inout Patient) { p.name = names.map { $0.r4 } }
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

/// The R4 `Patient` coder: ``PatientCoder`` over the R4 model.
public typealias R4PatientCoder = PatientCoder<FHIRR4.Patient>

extension PatientCoder where Resource == FHIRR4.Patient {
  /// The R4 coder with the default closures.
  public init() { self.init(R4Patients.self) }
}

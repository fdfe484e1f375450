import FHIRCore
public import FHIRDSTU2

/// The DSTU2 side of the Patient coder (see ``PatientRelease``).
enum DSTU2Patients: PatientRelease {
  typealias Resource = FHIRDSTU2.Patient

  static var release: String { "DSTU2" }
  static func setNames(_ names: [NameMapping.Parts], in p: inout Resource) { p.name = names.map { $0.dstu2 } }
}

/// The DSTU2 `Patient` coder: ``PatientCoder`` over the DSTU2 model.
public typealias DSTU2PatientCoder = PatientCoder<FHIRDSTU2.Patient>

extension PatientCoder where Resource == FHIRDSTU2.Patient {
  /// The DSTU2 coder with the default closures.
  public init() { self.init(DSTU2Patients.self) }
}

import FHIRCore
public import FHIRR4

/// The R4 side of the Patient coder (see ``PatientRelease``).
enum R4Patients: PatientRelease {
  typealias Resource = FHIRR4.Patient

  static var release: String { "R4" }
  static func setNames(_ names: [NameMapping.Parts], in p: inout Resource) { p.name = names.map { $0.r4 } }
}

/// The R4 `Patient` coder: ``PatientCoder`` over the R4 model.
public typealias R4PatientCoder = PatientCoder<FHIRR4.Patient>

extension PatientCoder where Resource == FHIRR4.Patient {
  /// The R4 coder with the default closures.
  public init() { self.init(R4Patients.self) }
}

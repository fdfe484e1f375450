/// The report paths the Patient mapping records (both releases), each interned once
/// (``ReportPath``), so that recording one hashes nothing.
enum PatientPaths {
  static let root = ReportPath("Patient")
  static let id = ReportPath("Patient.id")
  static let name = ReportPath("Patient.name")
  static let gender = ReportPath("Patient.gender")
  static let birthDate = ReportPath("Patient.birthDate")
  static let metaLastUpdated = ReportPath("Patient.meta.lastUpdated")
}

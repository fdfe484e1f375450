/// The report paths the Patient mapping records (both releases), each built once
/// (``ReportPath``).
enum PatientPaths {
  static let root = ReportPath("Patient")
  static let id = ReportPath("Patient.id")
  static let name = ReportPath("Patient.name")
  static let gender = ReportPath("Patient.gender")
  static let birthDate = ReportPath("Patient.birthDate")
  static let metaLastUpdated = ReportPath("Patient.meta.lastUpdated")
}

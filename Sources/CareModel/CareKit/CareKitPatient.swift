import Foundation

/// CareKitStore 3's `OCKPatient` as its synthesized `Codable` writes it.
struct CareKitPatient: CareKitVersionedObject, Hashable, Sendable {
  var id: String
  var name: NameComponents
  var sex: BiologicalSex?
  var birthday: Date?
  var allergies: [String]?
  var uuid: UUID?
  var nextVersionUUIDs: [UUID]?
  var previousVersionUUIDs: [UUID]?
  var createdDate: Date?
  var updatedDate: Date?
  var deletedDate: Date?
  var effectiveDate: Date
  var groupIdentifier: String?
  var tags: [String]?
  var remoteID: String?
  var userInfo: [String: String]?
  var source: String?
  var asset: String?
  var notes: [CareKitNote]?
  var schemaVersion: CareKitSemanticVersion?
  var timezone: TimeZone?

  /// The patient's fields; a birthday without a day is written as its first day (midnight in the
  /// patient's time zone) with its precision in `userInfo`.
  init(_ patient: PatientEntity) {
    id = patient.id
    name = patient.name
    sex = patient.sex
    allergies = patient.allergies
    effectiveDate = patient.effectiveDate
    var extra: [String: String] = [:]
    if let birthday = patient.birthday, let year = birthday.year {
      var day = DateComponents(year: year, month: birthday.month ?? 1, day: birthday.day ?? 1)
      day.hour = 0
      self.birthday = CareKitJSON.calendar(in: patient.timezone).date(from: day)
      if birthday.month == nil {
        extra[CareKitJSON.UserInfoKey.birthdayPrecision] = "year"
      } else if birthday.day == nil {
        extra[CareKitJSON.UserInfoKey.birthdayPrecision] = "month"
      }
    }
    copyCommon(from: patient, extra: extra)
  }

  /// The patient; the birthday becomes its year, month and day in the patient's time zone (a
  /// time of day is dropped).
  var entity: PatientEntity {
    var patient = PatientEntity(id: id, name: name, sex: sex, allergies: allergies)
    let precision = fullUserInfo?[CareKitJSON.UserInfoKey.birthdayPrecision]
    applyCommon(to: &patient, type: "patient", id: id, consumed: [CareKitJSON.UserInfoKey.birthdayPrecision])
    if let birthday {
      let parts = CareKitJSON.calendar(in: zone).dateComponents([.year, .month, .day], from: birthday)
      switch precision {
      case "year": patient.birthday = DateComponents(year: parts.year)
      case "month": patient.birthday = DateComponents(year: parts.year, month: parts.month)
      default: patient.birthday = DateComponents(year: parts.year, month: parts.month, day: parts.day)
      }
    }
    return patient
  }
}

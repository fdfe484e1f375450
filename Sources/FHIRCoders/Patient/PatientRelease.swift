import CareModel
import FHIRCore
import Foundation

/// What differs between the releases for the Patient coders: the model type and how a name is
/// written (the releases' `HumanName` differ: R4 has one `family`, DSTU2 a list). Everything
/// else is shared: the elements both models have alike are read here, the mapping is
/// ``PatientMapping``.
protocol PatientRelease: ResourceRelease where Resource: PatientModel {
  /// Sets `name` to `names`.
  static func setNames(_ names: [NameMapping.Parts], in p: inout Resource)
}

extension PatientRelease {
  typealias PatientEntity = Resource
  /// A patient with nothing in it.
  static func empty() -> PatientEntity { PatientEntity() }
  /// Each `name` (``NameMapping`` reads them in place).
  static func names(_ p: PatientEntity) -> [PatientEntity.Name] { p.name }
  static func gender(_ p: PatientEntity) -> String? { p.gender?.string }
  /// Sets `gender` (`nil` removes it).
  static func setGender(_ code: String?, in p: inout PatientEntity) {
    p.gender = code.map { Primitive(FHIRCode(uncheckedString: $0)) }
  }
  /// Whether `birthDate` is present (with a value or only an id or extensions), and its value.
  static func birthDate(_ p: PatientEntity) -> (present: Bool, value: FHIRDate?) {
    guard let birthDate = p.birthDate else { return (false, nil) }
    return (true, birthDate.value)
  }
  static func setBirthDate(_ date: Primitive<FHIRDate>?, in p: inout PatientEntity) { p.birthDate = date }
}

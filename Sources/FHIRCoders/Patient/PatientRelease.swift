import CareModel
import FHIRCore
import Foundation

/// What differs between the releases for the Patient coders: the model type and how its
/// elements are read and written (the releases' `HumanName` differ: R4 has one `family`,
/// DSTU2 a list). Everything else is shared (``PatientMapping``).
protocol PatientRelease: SendableMetatype {
  associatedtype Patient: FHIREncodable & Sendable
  /// `"R4"` or `"DSTU2"`.
  static var release: String { get }
  /// A patient with nothing in it.
  static func empty() -> Patient
  static func id(_ p: Patient) -> String?
  static func setID(_ id: String, in p: inout Patient)
  static func versionID(_ p: Patient) -> String?
  static func lastUpdated(_ p: Patient) -> FHIRInstant?
  static func extensions(_ p: Patient) -> [Extension]
  static func append(_ extensions: [Extension], to p: inout Patient)
  /// The release's `HumanName`.
  associatedtype Name: NameReading
  /// Each `name` (``NameMapping`` reads them in place).
  static func names(_ p: Patient) -> [Name]
  static func setNames(_ names: [NameMapping.Parts], in p: inout Patient)
  static func gender(_ p: Patient) -> String?
  /// Sets `gender` (`nil` removes it).
  static func setGender(_ code: String?, in p: inout Patient)
  /// Whether `birthDate` is present (with a value or only an id or extensions), and its value:
  /// the date is read without copying the element out.
  static func birthDate(_ p: Patient) -> (present: Bool, value: FHIRDate?)
  static func setBirthDate(_ date: Primitive<FHIRDate>?, in p: inout Patient)
}

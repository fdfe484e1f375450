import CareModel
import FHIRCore
import Foundation

/// What differs between the releases for the Patient coders: the model type and how its
/// elements are read and written (the releases' `HumanName` differ: R4 has one `family`,
/// DSTU2 a list). Everything else is shared (``PatientMapping``).
protocol PatientRelease {
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

/// The closures a Patient coder holds, for the shared ``PatientMapping``.
protocol PatientCoding {
  associatedtype Release: PatientRelease
  var getCareID: @Sendable (Release.Patient, inout ConversionReport) -> String { get }
  var setFHIRID: @Sendable (CareModel.Patient, inout Release.Patient, inout ConversionReport) -> Void { get }
  var getCareName: @Sendable (Release.Patient, inout ConversionReport) -> NameComponents { get }
  var setFHIRName: @Sendable (CareModel.Patient, inout Release.Patient, inout ConversionReport) -> Void { get }
  var getCareSex: @Sendable (Release.Patient, inout ConversionReport) -> BiologicalSex? { get }
  var setFHIRSex: @Sendable (CareModel.Patient, inout Release.Patient, inout ConversionReport) -> Void { get }
  var getCareBirthday: @Sendable (Release.Patient, inout ConversionReport) -> DateComponents? { get }
  var setFHIRBirthday: @Sendable (CareModel.Patient, inout Release.Patient, inout ConversionReport) -> Void { get }
  var getCareAllergies: @Sendable (Release.Patient, inout ConversionReport) -> [String]? { get }
  var setFHIRAllergies: @Sendable (CareModel.Patient, inout Release.Patient, inout ConversionReport) -> Void { get }
  var getCareVersionFields: @Sendable (Release.Patient, inout CareModel.Patient, inout ConversionReport) -> Void { get }
  var setFHIRVersionFields: @Sendable (CareModel.Patient, inout Release.Patient, inout ConversionReport) -> Void { get }
  var accountsForEveryElement: Bool { get }
}

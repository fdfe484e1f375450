import CareModel
import FHIRCore
import Foundation

/// What differs between the releases for the Observation coders: the model types and how their
/// elements are read and written. Everything else is shared (``ObservationMapping``).
protocol ObservationRelease {
  associatedtype Observation: FHIREncodable & Sendable
  associatedtype Component
  /// `"R4"` or `"DSTU2"`.
  static var release: String { get }
  /// A `final` observation with nothing else in it.
  static func empty() -> Observation
  static func id(_ r: Observation) -> String?
  static func setID(_ id: String, in r: inout Observation)
  static func versionID(_ r: Observation) -> String?
  static func extensions(_ r: Observation) -> [Extension]
  static func append(_ extensions: [Extension], to r: inout Observation)
  /// `value[x]` (its path comes from the value's case, ``ObservedValue/path(inComponent:)``).
  static func value(_ r: Observation) -> ObservedValue?
  /// The `kind` of the observation's code.
  static func kind(_ r: Observation) -> String?
  /// The number of components. The components are read in place, by position, so that none is
  /// copied out of the observation.
  static func componentCount(_ r: Observation) -> Int
  /// Whether `value[x]` or a component's `value[x]` is present (without reading them).
  static func hasValue(_ r: Observation) -> Bool
  /// The `value[x]` of the component at `index`.
  static func value(_ r: Observation, component index: Int) -> ObservedValue?
  /// The `kind` of the code of the component at `index`.
  static func kind(_ r: Observation, component index: Int) -> String?
  /// The extensions of the component at `index`.
  static func extensions(_ r: Observation, component index: Int) -> [Extension]
  /// Sets `code.text` `"Care outcome"` and one component per value (code text = `kind`).
  static func writeValues(_ values: [OutcomeValue], zone: TimeZone, to r: inout Observation)
  static func effective(_ r: Observation) -> ObservedEffective?
  static func issued(_ r: Observation) -> Primitive<FHIRInstant>?
  /// Sets `effectiveDateTime`, or `effectivePeriod` when there is an end.
  static func writeEffective(start: Primitive<FHIRDateTime>, end: Primitive<FHIRDateTime>?, to r: inout Observation)
  /// The `basedOn` reference strings (none in DSTU2).
  static func basedOn(_ r: Observation) -> [String?]
}

/// An Observation's `effective[x]`, release-neutral.
/// The texts only, without the elements' ids and extensions (which the coder does not read).
enum ObservedEffective {
  case dateTime(FHIRDateTime?)
  case instant(FHIRInstant?)
  case period(start: FHIRDateTime?, end: FHIRDateTime?)
  case timing
}

/// The closures an Observation coder holds, for the shared ``ObservationMapping``.
protocol ObservationCoding {
  associatedtype Release: ObservationRelease
  var getCareID: @Sendable (Release.Observation, inout ConversionReport) -> String { get }
  var setFHIRID: @Sendable (CareModel.Outcome, inout Release.Observation, inout ConversionReport) -> Void { get }
  var getCareValues: @Sendable (Release.Observation, TimeZone, inout ConversionReport) -> [OutcomeValue] { get }
  var setFHIRValues: @Sendable (CareModel.Outcome, inout Release.Observation, inout ConversionReport) -> Void { get }
  var getCareVersionFields: @Sendable (Release.Observation, inout CareModel.Outcome, inout ConversionReport) -> Void { get }
  var setFHIRVersionFields: @Sendable (CareModel.Outcome, inout Release.Observation, inout ConversionReport) -> Void { get }
  var getCareTask: @Sendable (Release.Observation, inout ConversionReport) -> (UUID?, Int) { get }
  var setFHIRTask: @Sendable (CareModel.Outcome, inout Release.Observation, inout ConversionReport) -> Void { get }
  var accountsForEveryElement: Bool { get }
}

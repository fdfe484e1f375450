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
  /// The release's `Observation.Value` (`value[x]`).
  associatedtype Value
  /// `value[x]`, read once per observation (a model getter copies the whole value out).
  static func value(_ r: Observation) -> Value?
  /// The components, read once per observation; each is read in place (``componentValue(_:at:)``),
  /// never copied out of the list.
  static func components(_ r: Observation) -> [Component]
  /// The release-neutral form of a value (its path comes from the case, ``ObservedValue/path(inComponent:)``).
  /// Numbers no `Double` holds are left out and added to `unfit`.
  static func observed(_ v: Value?, unfit: inout [UnfitNumber]) -> ObservedValue?
  /// The `kind` of the observation's code.
  static func kind(_ r: Observation) -> String?
  /// Whether the component at `index` has a `value[x]` (without copying it out).
  static func hasValue(_ components: UnsafeBufferPointer<Component>, at index: Int) -> Bool
  /// The release-neutral form of the `value[x]` of the component at `index` (read where it is).
  static func observedValue(
    _ components: UnsafeBufferPointer<Component>, at index: Int, unfit: inout [UnfitNumber]
  ) -> ObservedValue?
  /// The `kind` of the code of the component at `index`.
  static func componentKind(_ components: UnsafeBufferPointer<Component>, at index: Int) -> String?
  /// The extensions of the component at `index`.
  static func componentExtensions(_ components: UnsafeBufferPointer<Component>, at index: Int) -> [Extension]
  /// Sets `code.text` `"Care outcome"` and one component per value (code text = `kind`).
  static func writeValues(_ values: [OutcomeValue], zone: TimeZone, to r: inout Observation)
  static func effective(_ r: Observation) -> ObservedEffective?
  static func issued(_ r: Observation) -> Primitive<FHIRInstant>?
  /// Sets `effectiveDateTime`, or `effectivePeriod` when there is an end.
  static func writeEffective(start: Primitive<FHIRDateTime>, end: Primitive<FHIRDateTime>?, to r: inout Observation)
  /// The UUID of the first `basedOn` reference that has one (``StableUUID/forReference(_:)``;
  /// DSTU2 has no `basedOn`).
  static func basedOnUUID(_ r: Observation) -> UUID?
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
  /// Whether ``getCareValues`` is still the default closure: then decode reads the values from
  /// the value and components it has already read to check that there is one.
  var readsDefaultValues: Bool { get }
  var setFHIRValues: @Sendable (CareModel.Outcome, inout Release.Observation, inout ConversionReport) -> Void { get }
  var getCareVersionFields: @Sendable (Release.Observation, inout CareModel.Outcome, inout ConversionReport) -> Void { get }
  var setFHIRVersionFields: @Sendable (CareModel.Outcome, inout Release.Observation, inout ConversionReport) -> Void { get }
  var getCareTask: @Sendable (Release.Observation, inout ConversionReport) -> (UUID?, Int) { get }
  var setFHIRTask: @Sendable (CareModel.Outcome, inout Release.Observation, inout ConversionReport) -> Void { get }
  var accountsForEveryElement: Bool { get }
}

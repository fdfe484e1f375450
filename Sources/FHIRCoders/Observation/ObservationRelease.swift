import CareModel
import FHIRCore
import Foundation

/// What differs between the releases for the Observation coders: the model types and how their
/// elements are read and written. Everything else is shared (``ObservationMapping``).
protocol ObservationRelease: SendableMetatype {
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
  static func hasValue(_ components: [Component], at index: Int) -> Bool
  /// The release-neutral form of the `value[x]` of the component at `index` (read where it is).
  static func observedValue(
    _ components: [Component], at index: Int, unfit: inout [UnfitNumber]
  ) -> ObservedValue?
  /// The `kind` of the code of the component at `index`.
  static func componentKind(_ components: [Component], at index: Int) -> String?
  /// The extensions of the component at `index`.
  static func componentExtensions(_ components: [Component], at index: Int) -> [Extension]
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

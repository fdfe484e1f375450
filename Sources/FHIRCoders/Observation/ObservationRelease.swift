import CareModel
import FHIRCore
import Foundation

/// What differs between the releases for the Observation coders: the model types, the value
/// choices, how values are written, `effective[x]` and `basedOn`. What both models have alike
/// is read below, once; the mapping is ``ObservationMapping``.
protocol ObservationRelease: ResourceRelease where Resource: ObservationModel {
  /// The release-neutral form of a value (its path comes from the case, ``ObservedValue/path(inComponent:)``).
  /// Numbers no `Double` holds are left out and added to `unfit`.
  static func observed(_ v: Resource.Value?, unfit: inout [UnfitNumber]) -> ObservedValue?
  /// One value with a kind and no care extension: `code` from the kind (a LOINC coding when it is
  /// shaped like one, else text) and `value[x]`. Otherwise `code.text` `"Care outcome"` and one
  /// component per value (code text = `kind`).
  static func writeValues(_ values: [OutcomeValue], zone: TimeZone, to r: inout Resource)
  static func effective(_ r: Resource) -> ObservedEffective?
  /// Sets `effectiveDateTime`, or `effectivePeriod` when there is an end.
  static func writeEffective(start: Primitive<FHIRDateTime>, end: Primitive<FHIRDateTime>?, to r: inout Resource)
  /// The UUID of the first `basedOn` reference that has one (``StableUUID/forReference(_:)``;
  /// DSTU2 has no `basedOn`).
  static func basedOnUUID(_ r: Resource) -> UUID?
}

extension ObservationRelease {
  typealias Value = Resource.Value
  typealias Component = Resource.Component

  /// A `final` observation with nothing else in it.
  static func empty() -> Resource { Resource.final() }
  static func issued(_ r: Resource) -> Primitive<FHIRInstant>? { r.issued }
  /// `value[x]`, read once per observation.
  static func value(_ r: Resource) -> Value? { r.value }
  /// The components, read once per observation; each is then read by position, never copied
  /// out of the list.
  static func components(_ r: Resource) -> [Component] { r.component }
  /// The `kind` of the observation's code, and the element it came from.
  static func kind(_ r: Resource) -> ObservedKind? {
    let code = r.code
    return ObservedKind.of(code?.coding) { code?.text?.string }
  }

  /// Whether the component at `index` has a `value[x]`.
  static func hasValue(_ components: [Component], at index: Int) -> Bool { components[index].value.isPresent }
  /// The release-neutral form of the `value[x]` of the component at `index`.
  static func observedValue(_ components: [Component], at index: Int, unfit: inout [UnfitNumber]) -> ObservedValue? {
    observed(components[index].value, unfit: &unfit)
  }
  /// The `kind` of the code of the component at `index`, and the element it came from.
  static func componentKind(_ components: [Component], at index: Int) -> ObservedKind? {
    ObservedKind.of(components[index].code?.coding) { components[index].code?.text?.string }
  }
  /// The extensions of the component at `index`.
  static func componentExtensions(_ components: [Component], at index: Int) -> [Extension] {
    components[index].extension
  }

  /// A quantity's number and unit (``UnfitNumber/amount(_:unit:_:_:unfit:)``).
  static func amount(_ q: (some QuantityModel)?, _ keys: [String], _ use: UnfitNumber.Use, unfit: inout [UnfitNumber])
    -> (Double, String?)?
  {
    guard let q else { return nil }
    return UnfitNumber.amount(q.value, unit: q.unitText, keys, use, unfit: &unfit)
  }
}

/// An Observation's `effective[x]`, release-neutral.
/// The texts only, without the elements' ids and extensions (which the coder does not read).
enum ObservedEffective {
  case dateTime(FHIRDateTime?)
  case instant(FHIRInstant?)
  case period(start: FHIRDateTime?, end: FHIRDateTime?)
  case timing
}

public import CareModel
public import FHIRCore
import Foundation

/// What an outcome value needs beyond its FHIR `value[x]` to come back exactly: care extensions on
/// the Observation component for `units` on non-quantities, `createdDate`, the value type when the
/// release has no matching `value[x]` (DSTU2 integer and boolean), and an absent `kind`.
public enum OutcomeValueExtensions {
  /// The care extensions for `value`; `typeTag` names a value type written in another type's form.
  public static func write(_ value: OutcomeValue, typeTag: String?) -> [Extension] {
    var list: [Extension] = []
    if let units = value.units, !unitsInQuantity(value) { list.append(CareExtensions.string("units", units)) }
    if let created = value.createdDate { list.append(CareExtensions.date("createdDate", created)) }
    if let typeTag { list.append(CareExtensions.string("valueType", typeTag)) }
    if value.kind == nil { list.append(CareExtensions.string("kindAbsent", "true")) }
    return list
  }

  /// Whether `value`'s units travel in the quantity it is written as: a double's, and a bound's
  /// (``QuantityBound``: text such as `<5` with units, written as a quantity with a comparator).
  static func unitsInQuantity(_ value: OutcomeValue) -> Bool {
    switch value.value {
    case .double: true
    case .text(let s): value.units != nil && QuantityBound.parse(s) != nil
    default: false
    }
  }

  /// The value and kind of `values` when they are one value that an Observation's own `code`
  /// and `value[x]` hold as it reads back: it has a kind, and nothing only a care extension holds
  /// (``write(_:typeTag:)`` gives none).
  static func ownValue(_ values: [OutcomeValue]) -> (value: OutcomeValue, kind: String)? {
    guard values.count == 1, let value = values.first, let kind = value.kind, write(value, typeTag: nil).isEmpty else { return nil }
    return (value, kind)
  }

  /// Applies the care extensions of a component to the value read from it.
  public static func apply(_ extensions: [Extension], to value: inout OutcomeValue) {
    guard CareExtensions.containsCare(extensions) else { return }
    if let units = CareExtensions.strings(extensions, "units").first { value.units = units }
    if let created = CareExtensions.strings(extensions, "createdDate").first { value.createdDate = CareExtensions.parseDate(created) }
    if CareExtensions.strings(extensions, "kindAbsent").first == "true" { value.kind = nil }
    switch (CareExtensions.strings(extensions, "valueType").first, value.value) {
    case ("integer", .double(let x)): if let i = Int(exactly: x) { value.value = .integer(i) }
    case ("boolean", .text(let s)): value.value = .boolean(s == "true")
    default: break
    }
  }
}

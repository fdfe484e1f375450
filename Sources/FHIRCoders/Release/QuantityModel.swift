import FHIRCore
import FHIRDSTU2
import FHIRR4

/// A `Quantity` of either release (the same elements by the same names).
protocol QuantityModel {
  var value: Primitive<FHIRDecimal>? { get set }
  var comparator: Primitive<FHIRCode>? { get set }
  var unit: Primitive<FHIRString>? { get set }
  var code: Primitive<FHIRCode>? { get }
  var `extension`: [Extension] { get }
}

extension QuantityModel {
  /// The quantity's unit: `unit`, else `code`.
  var unitText: String? { unit?.string ?? code?.string }
  /// Whether ``unitText`` is the `code` (there is no `unit`).
  var unitIsCode: Bool { unit?.string == nil && code?.string != nil }
}

extension QuantityBound {
  /// The bound's text of a quantity with a comparator (`<5`); `nil` without one.
  static func text(of q: some QuantityModel) -> String? {
    guard let comparator = q.comparator?.string, let number = q.value?.value?.text else { return nil }
    return text(comparator: comparator, number: number)
  }

  /// `empty` (a release's empty quantity) holding the bound `text` (``parse(_:)``) with `unit`
  /// (none for `""`); `nil` when `text` is no bound.
  static func quantity<Q: QuantityModel>(_ text: String, unit: String, in empty: Q) -> Q? {
    guard let bound = parse(text) else { return nil }
    var q = empty
    q.value = bound.value
    q.comparator = bound.comparator
    q.unit = Self.unit(unit)
    return q
  }

  /// A quantity's `unit` for an outcome value's `units`: none for `nil` or `""` (FHIR has no
  /// empty strings; `""` marks a bound read from a quantity without a unit).
  static func unit(_ units: String?) -> Primitive<FHIRString>? {
    guard let units, !units.isEmpty else { return nil }
    return Primitive(FHIRString(uncheckedString: units))
  }
}

extension FHIRR4.Quantity: QuantityModel {}
extension FHIRDSTU2.Quantity: QuantityModel {}

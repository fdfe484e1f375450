import FHIRCore
import FHIRDSTU2
import FHIRR4

/// A `Quantity` of either release (the same elements by the same names).
protocol QuantityModel {
  var value: Primitive<FHIRDecimal>? { get }
  var comparator: Primitive<FHIRCode>? { get }
  var unit: Primitive<FHIRString>? { get }
  var code: Primitive<FHIRCode>? { get }
  var `extension`: [Extension] { get }
}

extension QuantityModel {
  /// The quantity's unit: `unit`, else `code`.
  var unitText: String? { unit?.string ?? code?.string }
}

extension QuantityBound {
  /// The bound's text of a quantity with a comparator (`<5`); `nil` without one.
  static func text(of q: some QuantityModel) -> String? {
    guard let comparator = q.comparator?.string, let number = q.value?.value?.text else { return nil }
    return text(comparator: comparator, number: number)
  }
}

extension FHIRR4.Quantity: QuantityModel {}
extension FHIRDSTU2.Quantity: QuantityModel {}

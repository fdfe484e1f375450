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

extension FHIRR4.Quantity: QuantityModel {}
extension FHIRDSTU2.Quantity: QuantityModel {}

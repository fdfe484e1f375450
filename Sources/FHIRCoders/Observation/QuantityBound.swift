public import FHIRCore

/// A Quantity with a `comparator` (`<5 mmol/L`: the true value is below 5, not 5), as the text
/// of an outcome value: the comparator and the number as written (`<5`), the unit in the value's
/// `units`. A double of 5 would tell a reader the result was 5; the text keeps the bound, and an
/// outcome value with units whose text is such a bound is written back as the same Quantity.
public enum QuantityBound {
  /// FHIR's comparators (R4 and DSTU2), longest first so that `<=` is not read as `<`.
  static let comparators = ["<=", ">=", "<", ">"]

  /// The outcome text of a quantity with `comparator` and the number written `number`.
  public static func text(comparator: String, number: String) -> String { comparator + number }

  /// The comparator and the decimal of a bound's text (`<5`), or `nil` when `text` is no
  /// comparator followed by a FHIR decimal.
  public static func parse(_ text: String) -> (comparator: Primitive<FHIRCode>, value: Primitive<FHIRDecimal>)? {
    guard let comparator = comparators.first(where: { text.hasPrefix($0) }),
      let number = FHIRDecimal(String(text.dropFirst(comparator.count)))
    else { return nil }
    return (Primitive(FHIRCode(uncheckedString: comparator)), Primitive(number))
  }
}

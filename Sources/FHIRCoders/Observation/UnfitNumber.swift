import FHIRCore
import FHIRJSON

/// A number of an Observation's `value[x]` that no `Double` holds (``DecimalFit``), or an integer
/// too large for 32 bits, found by the release's `observed` while it reads the value, and
/// reported by ``ObservationMapping``; or one that a `Double` holds only rounded or without the
/// trailing zeros of its precision (``rounded``).
struct UnfitNumber {
  /// What the number is to the outcome, which decides whether it can be kept as text.
  enum Use {
    /// The value itself (`valueQuantity.value`): kept as a text outcome value of the same kind.
    case value
    /// A Range bound: kept as text, of kind `<kind>.low` / `<kind>.high`.
    case bound(String)
    /// An operand the outcome value is computed from (Ratio parts, SampledData origin and
    /// factor): no value can be computed, so it is skipped.
    case operand
  }

  /// The keys below the value element (`["low", "value"]` for `valueRange.low.value`).
  var keys: [String]
  /// The number as written.
  var text: String
  /// The quantity's unit (else code), for a number kept as text.
  var unit: String?
  var use: Use
  /// Whether it is an integer too large for 32 bits (rather than a decimal no `Double` holds).
  var integer = false
  /// Whether a `Double` holds it, but not as written (``DecimalFit/keepsPrecision(_:as:)``): the
  /// value keeps that `Double`, and the number is reported unrepresentable.
  var rounded = false

  /// The JSON path of the number below `value`, the path of the value element.
  func path(below value: JSONPath) -> JSONPath {
    keys.reduce(value) { $0.appending(key: $1) }
  }
}

extension UnfitNumber {
  /// A quantity's number and unit; a number no `Double` holds is added to `unfit` with `keys`
  /// (below the value element, `value` appended) and `use`, and gives `nil`. A value or bound
  /// that a `Double` holds only rounded is added too, ``rounded``, and gives that `Double`.
  static func amount(
    _ value: Primitive<FHIRDecimal>?, unit: String?, _ keys: [String], _ use: Use, unfit: inout [UnfitNumber]
  ) -> (Double, String?)? {
    switch DecimalFit.of(value) {
    case .fits(let x):
      if let number = value?.value?.number, !DecimalFit.keepsPrecision(number, as: x) {
        if case .operand = use {} else {
          unfit.append(UnfitNumber(keys: keys + ["value"], text: number.text, unit: unit, use: use, rounded: true))
        }
      }
      return (x, unit)
    case .doesNotFit(let text):
      unfit.append(UnfitNumber(keys: keys + ["value"], text: text, unit: unit, use: use))
      return nil
    case .absent: return nil
    }
  }

  /// An integer value (`valueInteger`); a number the model kept as given because it is too
  /// large for a 32-bit integer (``FHIRCore/IntegerPrimitiveValue/isTooLarge(_:)``) is added to
  /// `unfit` as the value (kept as text) and gives `nil`.
  static func integer<V: IntegerPrimitiveValue>(_ value: Primitive<V>, unfit: inout [UnfitNumber]) -> Int? {
    if let x = value.value { return Int(x.int) }
    if case .number(let number)? = value.invalidJSON, V.isTooLarge(number.text) {
      unfit.append(UnfitNumber(keys: [], text: number.text, unit: nil, use: .value, integer: true))
    }
    return nil
  }

  /// A SampledData `origin` or `factor`; one that does not fit is added to `unfit`.
  static func operand(_ fit: DecimalFit, _ keys: [String], unfit: inout [UnfitNumber]) -> Double? {
    if let text = fit.unfitText { unfit.append(UnfitNumber(keys: keys, text: text, unit: nil, use: .operand)) }
    return fit.double
  }

  /// A SampledData value; no data points when its origin or factor does not fit (`unfit` holds
  /// an operand: each point would be computed from it).
  static func sampled(origin: Double?, unit: String?, factor: Double?, data: String?, unfit: [UnfitNumber]) -> ObservedValue {
    let operandsFit = !unfit.contains { if case .operand = $0.use { true } else { false } }
    return .sampled(origin: origin, unit: unit, factor: factor, data: operandsFit ? data : nil)
  }
}

import FHIRJSON

/// A number of an Observation's `value[x]` that no `Double` holds (``DecimalFit``), found by the
/// release's `observed` while it reads the value, and reported by ``ObservationMapping``.
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

  /// The JSON path of the number below `value`, the path of the value element.
  func path(below value: JSONPath) -> JSONPath {
    keys.reduce(value) { $0.appending(key: $1) }
  }
}

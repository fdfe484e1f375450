import FHIRCore
import FHIRJSON

extension TimingPattern {
  /// A repeat decimal as a `Double`; one that no `Double` holds (``DecimalFit``) is noted in
  /// ``unfitNumbers`` under `key` and gives `nil`, one it holds only rounded in ``roundedNumbers``.
  mutating func number(_ decimal: Primitive<FHIRDecimal>?, _ key: TimingPaths.Key) -> Double? {
    switch DecimalFit.of(decimal) {
    case .fits(let x):
      if !DecimalFit.keepsPrecision(decimal, as: x) { roundedNumbers.append(key) }
      return x
    case .doesNotFit:
      unfitNumbers.append(key)
      return nil
    case .absent: return nil
    }
  }

  /// A repeat integer as an `Int`; a number the model kept as given because it is too large for
  /// a 32-bit integer (``FHIRCore/IntegerPrimitiveValue/isTooLarge(_:)``) is noted in
  /// ``unfitNumbers`` under `key` and gives `nil`.
  mutating func number<V: IntegerPrimitiveValue>(_ integer: Primitive<V>?, _ key: TimingPaths.Key) -> Int? {
    if let value = integer?.value { return Int(value.int) }
    if case .number(let text)? = integer?.invalidJSON, V.isTooLarge(text.text) { unfitNumbers.append(key) }
    return nil
  }

  /// A bound's quantity of time; a value no `Double` holds is noted under `key` and left out
  /// (the amount keeps its unit).
  mutating func amount(_ value: Primitive<FHIRDecimal>?, unit: String?, _ key: TimingPaths.Key) -> Amount {
    Amount(value: number(value, key), unit: unit)
  }
}

extension TimingPaths.Key {
  /// The JSON path of this element's number below the timing at `timing`
  /// (`dosageInstruction[0].timing` → `….repeat.boundsRange.high.value`), in the release whose
  /// units end in `unitNameSuffix`.
  func numberPath(below timing: JSONPath, unitNameSuffix: String) -> JSONPath {
    var path = timing
    for key in suffix(unitNameSuffix: unitNameSuffix).split(separator: ".") { path = path.appending(key: String(key)) }
    switch self {
    case .boundsDuration, .boundsRangeLow, .boundsRangeHigh: return path.appending(key: "value")
    default: return path
    }
  }
}

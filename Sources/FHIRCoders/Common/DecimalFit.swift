public import FHIRCore
public import FHIRJSON

/// A FHIR number read as a `Double`, when a `Double` holds it.
///
/// FHIR sets no range on `decimal`: `1e400`, `-1e400`, a 400-digit integer and `1e-400` are
/// valid FHIR, but the first three are infinite as a `Double` and the last is zero. A care
/// model value must be finite (care JSON has no infinity), and a zero that stands for a
/// number that is not zero would change the data, so both kinds are "does not fit": the
/// coders keep the number as text where the care model can hold text, or skip it, and say
/// so in the ``ConversionReport``'s `issues` (see docs/mapping.md, "Numbers that do not fit").
public enum DecimalFit: Sendable, Hashable {
  /// There is no number.
  case absent
  /// The number as a finite `Double` (rounded to the nearest, as `Double(text)` reads it).
  case fits(Double)
  /// The number as written, which no finite `Double` holds (or which reads as zero though it is not).
  case doesNotFit(String)

  /// The fit of a FHIR decimal.
  public static func of(_ decimal: Primitive<FHIRDecimal>?) -> DecimalFit {
    guard let number = decimal?.value?.number else { return .absent }
    return of(number)
  }

  /// The fit of a JSON number.
  public static func of(_ number: JSONNumber) -> DecimalFit {
    let text = number.text
    guard let x = number.doubleValue else { return .doesNotFit(text) }
    return check(x, text.utf8)
  }

  /// The fit of number text (a SampledData point), read as `Double(_:)` reads it; `nil` when
  /// it is not a number at all.
  public static func of(text: some StringProtocol) -> DecimalFit? {
    guard let x = Double(text) else { return nil }
    return check(x, text.utf8)
  }

  /// `.fits(x)` unless `x` is not finite, or is zero while the text's digits before any
  /// exponent are not all zeros (an underflow such as `1e-400`).
  private static func check(_ x: Double, _ utf8: some Collection<UInt8>) -> DecimalFit {
    if x.isFinite && (x != 0 || !hasNonzeroDigit(utf8)) { return .fits(x) }
    return .doesNotFit(String(decoding: Array(utf8), as: UTF8.self))
  }

  /// Whether a digit 1–9 comes before any exponent mark.
  private static func hasNonzeroDigit(_ utf8: some Collection<UInt8>) -> Bool {
    for byte in utf8 {
      if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") { return false }
      if byte >= UInt8(ascii: "1") && byte <= UInt8(ascii: "9") { return true }
    }
    return false
  }

  /// The `Double`, when the number fits.
  public var double: Double? {
    if case .fits(let x) = self { x } else { nil }
  }

  /// The text of a number that does not fit.
  public var unfitText: String? {
    if case .doesNotFit(let text) = self { text } else { nil }
  }
}

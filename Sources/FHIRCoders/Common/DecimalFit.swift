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

  /// Whether `x`, the `Double` a FHIR decimal fits as, gives the decimal back as the coders
  /// write it (``text(of:)``): the same digits to the same last place. Not so for a number a
  /// `Double` holds only rounded (`12345678901234567890`, `0.1234567890123456789`), nor for one
  /// whose trailing zeros say how precisely it was measured (`1.10`, `7.0`: FHIR keeps a
  /// decimal's precision, a `Double` has none). `0.000001` written back as `1e-06` is the same
  /// decimal; so is `-0` as `0`. The coders keep such a number as its `Double` and report it
  /// unrepresentable (docs/mapping.md, "Numbers a Double rounds").
  public static func keepsPrecision(_ number: JSONNumber, as x: Double) -> Bool {
    let text = number.text.utf8
    // Up to 15 significant digits and no exponent read back from a `Double` digit for digit:
    // only trailing zeros after a decimal point are lost then.
    var digits = 0
    var point = false
    for byte in text {
      switch byte {
      case UInt8(ascii: "."): point = true
      case UInt8(ascii: "e"), UInt8(ascii: "E"): digits = 16
      case UInt8(ascii: "0")...UInt8(ascii: "9"): if digits > 0 || byte != UInt8(ascii: "0") { digits += 1 }
      default: break
      }
      if digits > 15 { break }
    }
    if digits <= 15 { return !(point && text.last == UInt8(ascii: "0")) }
    return DecimalDigits(text) == DecimalDigits(Self.text(of: x).utf8)
  }

  /// Whether a FHIR decimal's number keeps its precision as `x` (see the `JSONNumber` form
  /// above); `true` when it has no number.
  public static func keepsPrecision(_ decimal: Primitive<FHIRDecimal>?, as x: Double) -> Bool {
    guard let number = decimal?.value?.number else { return true }
    return keepsPrecision(number, as: x)
  }

  /// A `Double` as the coders write it into a FHIR decimal: a whole number below 10^15 as an
  /// integer (`7`), any other as the shortest text that reads back as the same `Double` (`0.1`,
  /// `1e-06`, `1.2345678901234568e+16`).
  public static func text(of x: Double) -> String {
    x == x.rounded() && abs(x) < 1e15 ? String(Int64(x)) : String(x)
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

/// A decimal's digits and the power of ten of its last one (`1.10`: `110`, −2; `1e-06`: `1`, −6),
/// leading zeros left out, trailing ones kept: two texts of one decimal to the same precision
/// are equal.
private struct DecimalDigits: Equatable {
  var negative = false
  var digits: [UInt8] = []
  var exponent = 0

  init(_ utf8: some Collection<UInt8>) {
    var places = 0
    var point = false
    var inExponent = false
    var exponentSign = 1
    var exponentValue = 0
    for byte in utf8 {
      switch byte {
      case UInt8(ascii: "-"): if inExponent { exponentSign = -1 } else { negative = true }
      case UInt8(ascii: "."): point = true
      case UInt8(ascii: "e"), UInt8(ascii: "E"): inExponent = true
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        if inExponent {
          // A number a `Double` holds has no exponent near this bound.
          exponentValue = min(exponentValue * 10 + Int(byte - UInt8(ascii: "0")), 1 << 20)
        } else {
          if !digits.isEmpty || byte != UInt8(ascii: "0") { digits.append(byte) }
          if point { places += 1 }
        }
      default: break
      }
    }
    exponent = exponentSign * exponentValue - places
    // Zero's sign says nothing.
    if digits.isEmpty { negative = false }
  }
}

/// Reading number text as a `Double` without the C library's `strtod` for the plain decimals
/// health data is made of, with the result `Double(text)` gives, to the bit.
///
/// A text of at most 19 digits with at most one point between them (`-12.50`; no exponent)
/// whose digits make an integer `m` ≤ 2⁵³, with `k` ≤ 22 digits after the point, is `m ÷ 10ᵏ`:
/// both operands are exact `Double`s and one IEEE division rounds the exact quotient to the
/// nearest `Double`, which is what `strtod` returns (Clinger's fast path). Any other text goes
/// to `Double(_:)`.
extension JSONNumber {
  /// The `Double` of number text as `Double(String(decoding: utf8, as: UTF8.self))` reads it.
  /// - Parameter utf8: The text, e.g. `-0.50` or `1e3`; any text `Double(_:)` accepts works.
  /// - Returns: `nil` when `Double(_:)` does not read the text.
  public static func doubleValue(of utf8: UnsafeBufferPointer<UInt8>) -> Double? {
    plainDecimal(utf8, fractionOnly: false) ?? Double(String(decoding: utf8, as: UTF8.self))
  }

  /// The `Double` of `0.` followed by `digits`, as `Double("0." + digits)` reads it: the
  /// fraction of a second of a FHIR time (`"250"` → 0.25).
  /// - Returns: `nil` when the digits are not all ASCII digits (or there are none).
  public static func fractionValue(ofDigits digits: UnsafeBufferPointer<UInt8>) -> Double? {
    plainDecimal(digits, fractionOnly: true) ?? Double("0." + String(decoding: digits, as: UTF8.self))
  }

  /// `Double(text)` for a `String` (the fast path when its UTF-8 is contiguous, as native
  /// strings' is).
  static func doubleValue(ofText text: String) -> Double? {
    let fast: Double?? = text.utf8.withContiguousStorageIfAvailable { plainDecimal($0, fractionOnly: false) }
    if let fast, let value = fast { return value }
    return Double(text)
  }

  /// Powers of ten a `Double` holds exactly (10⁰ … 10²²).
  private static let exactPowersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19,
    1e20, 1e21, 1e22,
  ]

  /// The fast path: the value of a plain decimal text (`fractionOnly`: of `0.` + the text), or
  /// `nil` when the text is not one or is outside the exact range.
  private static func plainDecimal(_ bytes: UnsafeBufferPointer<UInt8>, fractionOnly: Bool) -> Double? {
    var i = 0
    let negative = !fractionOnly && !bytes.isEmpty && bytes[0] == UInt8(ascii: "-")
    if negative { i = 1 }
    var mantissa: UInt64 = 0
    var digits = 0
    var fractionDigits = 0
    var point = fractionOnly
    while i < bytes.count {
      let byte = bytes[i]
      if byte == UInt8(ascii: "."), !point, digits > 0, i + 1 < bytes.count {
        point = true
      } else {
        let digit = byte &- UInt8(ascii: "0")
        guard digit < 10, digits < 19 else { return nil }
        mantissa = mantissa &* 10 &+ UInt64(digit)
        digits += 1
        if point { fractionDigits += 1 }
      }
      i += 1
    }
    guard digits > 0, mantissa <= 1 << 53, fractionDigits < exactPowersOfTen.count else { return nil }
    let value = Double(mantissa) / exactPowersOfTen[fractionDigits]
    return negative ? -value : value
  }
}

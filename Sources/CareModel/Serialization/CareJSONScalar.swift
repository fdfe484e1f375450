import FHIRJSON

/// A JSON scalar as `JSONEncoder` writes it: numbers as their final text, the non-finite doubles
/// `JSONEncoder` refuses as the strings ``CareJSON/makeDecoder()`` reads back.
enum CareJSONScalar {
  case null
  case bool(Bool)
  case number(JSONNumber)
  case string(String)

  /// Writes the value.
  func write(to writer: inout JSONWriter) {
    switch self {
    case .null: writer.null()
    case .bool(let b): writer.bool(b)
    case .number(let number): writer.number(number)
    case .string(let s): writer.string(s)
    }
  }

  /// An integer's text.
  static func integer(_ x: some BinaryInteger) -> CareJSONScalar {
    if let x = Int(exactly: x) { return .number(JSONNumber(x)) }
    return .number(JSONNumber(String(x)) ?? JSONNumber(0))  // a UInt64 above Int.max: digits are valid JSON
  }

  /// A double's text as `JSONEncoder` writes it (`description` without a trailing `.0`), or the
  /// non-conforming string for infinities and NaN.
  static func double(_ x: Double) -> CareJSONScalar {
    guard x.isFinite else { return .string(x.isNaN ? "NaN" : x < 0 ? "-Infinity" : "Infinity") }
    return number(x.description)
  }

  /// A float's text as `JSONEncoder` writes it.
  static func float(_ x: Float) -> CareJSONScalar {
    guard x.isFinite else { return .string(x.isNaN ? "NaN" : x < 0 ? "-Infinity" : "Infinity") }
    return number(x.description)
  }

  /// A finite floating-point number's `description` as `JSONEncoder` writes it (no trailing `.0`).
  private static func number(_ description: String) -> CareJSONScalar {
    var text = description
    if text.hasSuffix(".0") { text.removeLast(2) }
    return .number(JSONNumber(text) ?? JSONNumber(0))
  }
}

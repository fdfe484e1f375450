/// A JSON number kept as its exact source text, so `1.50` stays `1.50` and
/// `12345678901234567890` loses nothing.
public struct JSONNumber: Hashable, Sendable, CustomStringConvertible {
  /// The number as written, e.g. `-0.50`, `1e3`.
  public let text: String

  /// Creates a number from text that the caller vouches is a valid JSON number.
  init(unchecked text: String) {
    self.text = text
  }

  /// Creates a number from JSON number text, or `nil` if `text` is not one
  /// (RFC 8259 grammar: no leading zeros, no `+`, no `NaN`).
  public init?(_ text: String) {
    guard Self.isValid(text.utf8) else { return nil }
    self.text = text
  }

  /// A number from an integer.
  public init(_ value: Int) {
    text = String(value)
  }

  /// The value as a `Double` (may round), as `Double(text)` reads it; plain decimals are read
  /// without `strtod` (see ``doubleValue(of:)``).
  public var doubleValue: Double? { Self.doubleValue(ofText: text) }

  /// The value as an `Int`, if it is an integer in range written without fraction or exponent.
  public var intValue: Int? { Int(text) }

  public var description: String { text }

  /// Whether `utf8` matches the JSON number grammar.
  static func isValid(_ utf8: some Collection<UInt8>) -> Bool {
    var bytes = utf8.makeIterator()
    var c = bytes.next()
    func isDigit(_ b: UInt8?) -> Bool { b.map { $0 >= 0x30 && $0 <= 0x39 } ?? false }
    if c == UInt8(ascii: "-") { c = bytes.next() }
    if c == UInt8(ascii: "0") {
      c = bytes.next()
    } else if isDigit(c) {
      while isDigit(c) { c = bytes.next() }
    } else {
      return false
    }
    if c == UInt8(ascii: ".") {
      c = bytes.next()
      guard isDigit(c) else { return false }
      while isDigit(c) { c = bytes.next() }
    }
    if c == UInt8(ascii: "e") || c == UInt8(ascii: "E") {
      c = bytes.next()
      if c == UInt8(ascii: "+") || c == UInt8(ascii: "-") { c = bytes.next() }
      guard isDigit(c) else { return false }
      while isDigit(c) { c = bytes.next() }
    }
    return c == nil
  }
}

import FHIRJSON
import FHIRTestSupport
import Foundation
import Testing

/// `JSONNumber` reads plain decimals without `strtod`: every result must be the one
/// `Double(text)` gives, to the bit.
@Suite struct JSONNumberDoubleTests {
  static func same(_ a: Double?, _ b: Double?) -> Bool {
    switch (a, b) {
    case (nil, nil): true
    case (let a?, let b?): a.bitPattern == b.bitPattern || (a.isNaN && b.isNaN)
    default: false
    }
  }

  static func double(_ text: String) -> Double? {
    var text = text
    return text.withUTF8 { JSONNumber.doubleValue(of: $0) }
  }

  static func fraction(_ digits: String) -> Double? {
    var digits = digits
    return digits.withUTF8 { JSONNumber.fractionValue(ofDigits: $0) }
  }

  @Test(arguments: [
    "0", "-0", "0.0", "-0.0", "1", "-1", "12.50", "0.1", "0.3", "98.6", "120", "1.0000000000000002", "9007199254740992",
    "9007199254740993", "9007199254740991.5", "0.0000000000000000000001", "0.00000000000000000000001", "123456789012345678",
    "1234567890123456789", "12345678901234567890", "1e3", "1E-3", "-2.5e+10", "1.", ".5", "-", "", "+1", "1.2.3", "00012",
    "1 ", "NaN", "inf", "0x10", "١", "4.35", "-273.15", "3.14159265358979323846", "0.000001", "179.999999999999",
  ])
  func readsAsDoubleDoes(text: String) {
    #expect(Self.same(Self.double(text), Double(text)), "\(text)")
    if let number = JSONNumber(text) {
      #expect(Self.same(number.doubleValue, Double(text)), "\(text)")
    }
  }

  @Test(arguments: ["", "0", "5", "250", "000", "123456789", "1234567890123456789012", "12345678901234567890123", "12a", "-1", "1.5"])
  func fractionsReadAsDoubleDoes(digits: String) {
    #expect(Self.same(Self.fraction(digits), Double("0." + digits)), "0.\(digits)")
  }

  /// Random plain decimals of 1 to 20 digits with the point anywhere, and random fractions.
  @Test func randomDecimalsReadAsDoubleDoes() {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<50_000 {
      let count = Int.random(in: 1...20, using: &generator)
      var digits = String((0..<count).map { _ in Character(String(Int.random(in: 0...9, using: &generator))) })
      let fraction = digits
      let point = Int.random(in: 0...count, using: &generator)
      if point > 0 && point < count { digits.insert(".", at: digits.index(digits.startIndex, offsetBy: point)) }
      if Bool.random(using: &generator) { digits = "-" + digits }
      #expect(Self.same(Self.double(digits), Double(digits)), "\(digits)")
      #expect(Self.same(Self.fraction(fraction), Double("0." + fraction)), "0.\(fraction)")
    }
  }

  /// Every number-like run of bytes in the fixtures.
  @Test func fixtureNumbersReadAsDoubleDoes() throws {
    var numbers = 0
    for file in Fixtures.files(extensions: ["json", "ndjson"]) {
      // Runs of number characters (inside strings too: more cases, same rule).
      let bytes = Fixtures.bytes(file)
      var start = -1
      for (index, byte) in bytes.enumerated() {
        let isNumber = (byte >= 0x30 && byte <= 0x39) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
          || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") || byte == UInt8(ascii: "+")
        if isNumber {
          if start < 0 { start = index }
        } else if start >= 0 {
          let text = String(decoding: bytes[start..<index], as: UTF8.self)
          // Located by file and offset: a run of digits may come from a name, date or identifier.
          #expect(Self.same(Self.double(text), Double(text)), "\(file) at byte \(start)")
          numbers += 1
          start = -1
        }
      }
    }
    #expect(numbers > 10_000)
  }
}

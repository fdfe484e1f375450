import FHIRCore
import FHIRJSON
import Testing

/// The `Double` views of FHIR values (`FHIRDecimal.doubleValue`, a time's fraction of a second)
/// read as Foundation's `Double(text)` does, to the bit.
@Suite struct NumericValueTests {
  static func same(_ a: Double?, _ b: Double?) -> Bool {
    switch (a, b) {
    case (nil, nil): true
    case (let a?, let b?): a.bitPattern == b.bitPattern || (a.isNaN && b.isNaN)
    default: false
    }
  }

  @Test(arguments: ["0", "-0.0", "12.50", "0.1", "98.6", "9007199254740993", "1e3", "-2.5E-7", "3.14159265358979323846", "-273.15"])
  func decimalsReadAsDoubleDoes(text: String) throws {
    let decimal = try #require(FHIRDecimal(text))
    #expect(Self.same(decimal.doubleValue, Double(text)), "\(text)")
  }

  @Test(arguments: [
    ("2015-02-07T13:28:17.250Z", 0.25), ("2015-02-07T13:28:17.1-05:00", 0.1), ("2015-02-07T13:28:17.000001+01:00", 0.000001),
    ("2015-02-07T13:28:17Z", nil),
  ] as [(String, Double?)])
  func fractionOfSecond(text: String, expected: Double?) throws {
    let components = try #require(FHIRDateTime(validating: text)?.components)
    #expect(Self.same(components.fractionOfSecond, expected), "\(text)")
    if let fraction = components.fraction { #expect(Self.same(components.fractionOfSecond, Double("0." + fraction))) }
  }
}

@testable import FHIRCoders
import Testing

/// A kind shaped like a LOINC code (1–7 ASCII digits, a dash, one ASCII check digit) is written
/// back as a LOINC coding; the shape is read from the kind's UTF-8 bytes.
@Suite struct LOINCShapeTests {
  /// The shape as first written, on `Character`s: the reference the byte reading must agree with.
  static func reference(_ kind: String) -> Bool {
    let parts = kind.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 2, (1...7).contains(parts[0].count), parts[1].count == 1 else { return false }
    return parts.allSatisfy { $0.allSatisfy { $0.isASCII && $0.isNumber } }
  }

  @Test func shapes() {
    for kind in ["8867-4", "1-0", "1234567-8"] { #expect(ObservedValue.looksLikeLOINC(kind), "\(kind)") }
    for kind in [
      "", "-", "8867", "8867-", "-4", "12345678-9", "8867-45", "8867-4-1", "88a7-4", "8867--4", "８８６７-４",
      "8867‐4", "8867-4\u{301}", "8\u{301}867-4", " 8867-4", "8867-4 ", "heart-rate",
    ] {
      #expect(!ObservedValue.looksLikeLOINC(kind), "\(kind)")
    }
  }

  /// Every string of up to five symbols from digits, dashes and look-alikes: the byte reading
  /// gives what the `Character` reading gave.
  @Test func agreesWithTheCharacterReading() {
    let symbols = ["1", "9", "-", "a", "\u{301}", "８", "‐"]
    var kinds = [""]
    for _ in 1...5 { kinds = kinds.flatMap { kind in symbols.map { kind + $0 } } + kinds }
    var disagreeing: [String] = []
    for kind in Set(kinds) where ObservedValue.looksLikeLOINC(kind) != Self.reference(kind) {
      disagreeing.append(kind)
    }
    #expect(disagreeing.isEmpty, "\(disagreeing.prefix(5))")
  }
}

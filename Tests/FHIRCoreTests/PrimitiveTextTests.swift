import FHIRCore
import FHIRJSON
import Testing

/// The decoder checks primitive text as bytes and shares repeated text between strings;
/// both must give exactly what checking and making each `String` on its own gives.
@Suite struct PrimitiveTextTests {
  static let samples = [
    "", "a", "final", " final", "final ", "fi  nal", "fi nal", "A-Z.09", "abc_def", "abc def", "@", "[", "`", "{",
    "Zz", "é", "ok\t", String(repeating: "x", count: 64), String(repeating: "x", count: 65), "aGVsbG8=", "aGV sbG8=\n",
    "http://loinc.org", "http://loinc.org ", "urn:uuid:4f0c5c4e-8c1d-4a07-9a7b-2d6f3c1e2f10", "2020", "2020-13",
    "2020-02-29", "2021-02-29", "2015-02-07T13:28:17-05:00", "2015-02-07T13:28:17.250Z", "2015-02-07T25:00:00Z",
    "13:28:17", "13:28", "2015-02-07T13:28:17",
  ]

  @Test func bytesAndStringsGiveTheSameProblem() {
    for sample in Self.samples {
      var text = sample
      text.withUTF8 { bytes in
        let raw = UnsafeRawBufferPointer(bytes)
        #expect(FHIRString.problem(utf8: raw) == FHIRString.problem(with: sample), "\(sample)")
        #expect(FHIRMarkdown.problem(utf8: raw) == FHIRMarkdown.problem(with: sample), "\(sample)")
        #expect(FHIRCode.problem(utf8: raw) == FHIRCode.problem(with: sample), "\(sample)")
        #expect(FHIRID.problem(utf8: raw) == FHIRID.problem(with: sample), "\(sample)")
        #expect(FHIRURI.problem(utf8: raw) == FHIRURI.problem(with: sample), "\(sample)")
        #expect(FHIRBase64Binary.problem(utf8: raw) == FHIRBase64Binary.problem(with: sample), "\(sample)")
        #expect(FHIRDate.problem(utf8: raw) == FHIRDate.problem(with: sample), "\(sample)")
        #expect(FHIRDateTime.problem(utf8: raw) == FHIRDateTime.problem(with: sample), "\(sample)")
        #expect(FHIRInstant.problem(utf8: raw) == FHIRInstant.problem(with: sample), "\(sample)")
        #expect(FHIRTime.problem(utf8: raw) == FHIRTime.problem(with: sample), "\(sample)")
      }
    }
    // The rules themselves, on a few bytes the byte checks treat specially.
    #expect(FHIRID.problem(with: "A-Z.az09") == nil)
    #expect(FHIRID.problem(with: "a@b") != nil)
    #expect(FHIRID.problem(with: "a[b") != nil)
    #expect(FHIRID.problem(with: "a{b") != nil)
    #expect(FHIRBase64Binary.problem(with: "ab+/=") == nil)
    #expect(FHIRBase64Binary.problem(with: "ab-") != nil)
    #expect(FHIRCode.problem(with: "a b") == nil)
    #expect(FHIRCode.problem(with: "a  b") != nil)
  }

  /// Texts of one length whose first and last eight bytes agree (so they share a slot of
  /// the decoder's string table) decode to their own text, over and over, in any order.
  @Test func repeatedAndLookalikeTextDecodesToItself() throws {
    let texts = [
      "2015-02-07T13:28:17-05:00", "2015-02-08T13:28:17-05:00", "2015-02-07T13:28:17-05:00", "2015-03-07T13:28:17-05:00",
      "http://terminology.hl7.org/CodeSystem/observation-category",
      "http://terminology.hl7.org/CodeSystem/xbservation-category", "final", "finaL", "fin", "http://loinc.org",
      "http://loinc.org", String(repeating: "y", count: 200), "2015-02-08T13:28:17-05:00",
    ]
    let json = "[" + (texts + texts.reversed() + texts).map { "\"\($0)\"" }.joined(separator: ",") + "]"
    let tokens = try Array(json.utf8).withUnsafeBytes { try JSONTokens(parsing: $0) }
    var decoder = FHIRDecoder(tokens: tokens)
    let decoded = try decoder.array(at: 0) { decoder, index in try FHIRString.decode(from: &decoder, at: index) }
    #expect(decoded.map(\.string) == texts + texts.reversed() + texts)
    let dates = try decoder.array(at: 0) { decoder, index in try FHIRDateTime.decode(from: &decoder, at: index) }
    #expect(dates.map(\.string) == texts + texts.reversed() + texts)
  }
}

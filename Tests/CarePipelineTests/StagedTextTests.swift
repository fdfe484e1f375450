@testable import CarePipeline
import Testing

/// Staged identifiers survive their line whatever they hold: tabs, line breaks of every kind
/// (a "\r\n" pair is one Swift `Character`), percent signs, and text that needs no escaping.
@Suite struct StagedTextTests {
  @Test func identifiersRoundTripThroughTheirLine() {
    let texts = ["", "plain", "a\tb", "line\nbreak", "windows\r\nline", "cr\ronly", "50%", "%09 literal", "é\r\n漢字\t%"]
    for system in texts {
      for value in texts {
        let fields = StagedText.identifierFields(LogicalIdentifier(system: system, value: value))
        #expect(!fields.utf8.contains(UInt8(ascii: "\n")) && !fields.utf8.contains(UInt8(ascii: "\r")))
        #expect(fields.utf8.filter { $0 == UInt8(ascii: "\t") }.count == 1)
        #expect(StagedText.identifier(fields) == LogicalIdentifier(system: system, value: value))
      }
    }
  }

  @Test func referencesThatWouldBreakALineAreNotStaged() {
    let site = { (reference: String) in ResourceFacts.Site(reference: reference, path: "subject") }
    #expect(StagedText.site(site("Patient/1")) == "Patient/1")
    #expect(StagedText.site(site("#contained")) == "")
    #expect(StagedText.site(site("Patient/1\r\n")) == "")
    #expect(StagedText.site(site("Patient/\t1")) == "")
  }
}

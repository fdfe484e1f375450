import FHIRJSON
import Testing

@Suite struct JSONWriterTests {
  @Test func escapesWhatJSONRequires() throws {
    let value: JSONValue = ["k\"ey": "a\"b\\c\n\t\u{1}\u{1F}/é😀\u{0}"]
    let text = JSONWriter.string(of: value)
    #expect(text == #"{"k\"ey":"a\"b\\c\n\t\u0001\u001f/é😀\u0000"}"#)
    #expect(try JSONValue(parsing: text) == value)
  }

  @Test func prettyLayout() {
    let value: JSONValue = ["resourceType": "Patient", "name": [["given": ["A", "B"]]], "empty": [], "obj": [:], "n": .null]
    let text = JSONWriter.string(of: value, style: .pretty)
    #expect(
      text == """
        {
          "resourceType": "Patient",
          "name": [
            {
              "given": [
                "A",
                "B"
              ]
            }
          ],
          "empty": [],
          "obj": {},
          "n": null
        }
        """)
  }

  @Test func streamingOutputCanBeTakenInPieces() throws {
    var writer = JSONWriter()
    var collected: [UInt8] = []
    writer.beginArray()
    for i in 0..<1000 {
      writer.value(["i": .number(JSONNumber(i)), "d": .number(JSONNumber("1.50")!)])
      if writer.output.count > 256 { collected += writer.takeOutput() }
    }
    writer.endArray()
    collected += writer.takeOutput()
    #expect(writer.isComplete)
    let value = try collected.withUnsafeBytes { try JSONValue(parsing: $0) }
    #expect(value.arrayValue?.count == 1000)
    #expect(value.arrayValue?.last == ["i": 999, "d": .number(JSONNumber("1.50")!)])
  }

  @Test func deepNestingBeyondSixtyFourLevels() throws {
    // Containers alternate between arrays and objects, deeper than the writer's 64-level bit stack.
    var value: JSONValue = ["leaf": "x", "n": 1]
    for depth in 0..<150 {
      value = depth % 3 == 0 ? .array([value, .null]) : ["d\(depth)": value, "e": []]
    }
    for style in [JSONWriter.Style.compact, .pretty] {
      let text = JSONWriter.string(of: value, style: style)
      #expect(try JSONValue(parsing: text) == value)
    }
  }

  @Test func numberTextIsValidated() {
    #expect(JSONNumber("1.50")?.text == "1.50")
    #expect(JSONNumber("-0") != nil)
    #expect(JSONNumber("01") == nil)
    #expect(JSONNumber("1.") == nil)
    #expect(JSONNumber("NaN") == nil)
    #expect(JSONNumber("+1") == nil)
    #expect(JSONNumber("1e") == nil)
  }
}

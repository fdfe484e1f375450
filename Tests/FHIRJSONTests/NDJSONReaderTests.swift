import FHIRJSON
import FHIRTestSupport
import Testing

@Suite struct NDJSONReaderTests {
  /// Bad lines in the middle are reported with their line numbers and skipped; the
  /// good lines before and after all come through.
  @Test(arguments: [1, 2, 7, 64, 1 << 16])
  func badLinesAreReportedAndSkipped(chunkSize: Int) throws {
    var bytes = Array(#"{"resourceType":"Patient","id":"1"}"#.utf8) + [0x0A]
    bytes += Array(#"{"resourceType":"Patient","name":[{"family":"Chalm"#.utf8) + [0x0A]  // 2: truncated
    bytes += Array(#"{"resourceType":"Patient","id":"3"}"#.utf8) + [0x0D, 0x0A]  // 3: CRLF
    bytes += [0x20, 0x0A]  // 4: blank
    bytes += [0x7B, 0x22, 0x61, 0x22, 0x3A, 0x22, 0xFF, 0x22, 0x7D, 0x0A]  // 5: invalid UTF-8
    bytes += Array(#"{"a":1}{"b":2}"#.utf8) + [0x0A]  // 6: two values
    bytes += Array(#"{"resourceType":"Patient","id":"7"}"#.utf8) + [0x0A]
    bytes += [0x0A]  // 8: empty
    bytes += Array("[1,".utf8) + [0x0A]  // 9: truncated array
    bytes += Array("42".utf8)  // 10: number without a final newline

    let events = try Chunked.ndjsonEvents(bytes, chunkSize: chunkSize)
    var recordLines: [Int] = []
    var bad: [(Int, JSONError.Kind)] = []
    for event in events {
      switch event {
      case .record(_, let line): recordLines.append(line)
      case .badLine(let error): bad.append((error.line, error.kind))
      }
    }
    #expect(recordLines == [1, 3, 7, 10])
    #expect(bad.map(\.0) == [2, 5, 6, 9])
    #expect(bad.map(\.1) == [.unexpectedEnd, .invalidUTF8, .trailingData, .unexpectedEnd])
    // Byte offsets point into the right line.
    if case .badLine(let error) = events.first(where: { if case .badLine = $0 { true } else { false } }) {
      #expect(error.offset > 36 && error.offset <= 36 + 51)
      #expect(!error.description.contains("Chalm"))
    }
  }

  /// A last line without a newline that ends inside a string is cut short, like one that has
  /// its newline: not a string with a bad character in it.
  @Test(arguments: [1, 5, 1 << 16])
  func lastLineEndingInsideAString(chunkSize: Int) throws {
    let line = #"{"resourceType":"Observation","status":"fin"#
    for ending in ["", "\n"] {
      let events = try Chunked.ndjsonEvents(Array(("{}\n" + line + ending).utf8), chunkSize: chunkSize)
      let errors = events.compactMap { event -> JSONError? in
        if case .badLine(let error) = event { return error }
        return nil
      }
      #expect(errors.map(\.kind) == [.unexpectedEnd])
      #expect(errors.map(\.line) == [2])
      #expect(errors.first?.path.description == "status")
      #expect(errors.first?.message == (ending.isEmpty ? "input ends inside a string" : "line ends inside a string"))
    }
  }

  /// A value a bad line completes before its error is dropped with the line: it never comes out
  /// as a record of the blank line after it, however the input is fed.
  @Test(arguments: [1, 4, 1 << 16])
  func aBadLinesFirstValueIsNoRecord(chunkSize: Int) throws {
    let text = "{\"a\":1}{\"b\":2}\n\n  \"status\": \"on-hold\",\n   \n{\"c\":3}\n"
    let events = try Chunked.ndjsonEvents(Array(text.utf8), chunkSize: chunkSize)
    var described: [String] = []
    for event in events {
      switch event {
      case .record(_, let line): described.append("record \(line)")
      case .badLine(let error): described.append("bad \(error.line)")
      }
    }
    #expect(described == ["bad 1", "bad 3", "record 5"])
  }

  @Test func recordsCarryTheirValues() throws {
    let text = "{\"id\":\"a\"}\n\n{\"id\":\"b\"}\n"
    let events = try Chunked.ndjsonEvents(Array(text.utf8), chunkSize: 3)
    let ids = events.compactMap { event -> JSONValue? in
      if case .record(let tokens, _) = event { return JSONValue(tokens: tokens)["id"] }
      return nil
    }
    #expect(ids == ["a", "b"])
  }

  @Test func emptyInputHasNoRecords() throws {
    #expect(try Chunked.ndjsonEvents([], chunkSize: 1).isEmpty)
    #expect(try Chunked.ndjsonEvents(Array("\n\n  \n".utf8), chunkSize: 1).isEmpty)
  }

  @Test func strictModeStopsAtTheFirstBadLine() throws {
    struct Stop: Error {}
    let text = "{}\n{\n{}\n"
    let reader = NDJSONReader()
    var records = 0
    #expect(throws: JSONError.self) {
      try Array(text.utf8).withUnsafeBytes { chunk in
        try reader.feed(chunk) { event in
          switch event {
          case .record: records += 1
          case .badLine(let error): throw error
          }
        }
      }
    }
    #expect(records == 1)
  }
}

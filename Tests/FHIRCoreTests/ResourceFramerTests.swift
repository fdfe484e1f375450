import FHIRCore
import FHIRJSON
import Testing

/// The library's framing, as the CLI and the pipeline use it.
@Suite struct ResourceFramerTests {
  /// What a framer reports, as short strings: `record <location> <resourceType>`,
  /// `noResource <location> <method>`, `top <resourceType>`, `error <kind>`.
  static func events(_ text: String, framing: ResourceFraming?, chunkSize: Int = 5) throws -> [String] {
    var events: [String] = []
    let bytes = Array(text.utf8)
    try ResourceFramer.read(
      framing: framing, source: "in",
      chunks: { feed in
        try bytes.withUnsafeBytes { all in
          var start = 0
          while start < all.count {
            try feed(UnsafeRawBufferPointer(rebasing: all[start..<min(start + chunkSize, all.count)]))
            start += chunkSize
          }
        }
      },
      handler: { event in
        switch event {
        case .record(let record):
          let type = record.tokens.memberString("resourceType", ofObjectAt: record.index) ?? "-"
          events.append("record \(record.location) \(type)" + (record.fullUrl.map { " " + $0 } ?? ""))
        case .entryWithoutResource(let entry):
          events.append("noResource \(entry.location) \(entry.requestMethod ?? "-") \(entry.path)")
        case .topLevelValue(let tokens):
          events.append("top \(tokens.memberString("resourceType", ofObjectAt: 0) ?? "-")")
        case .invalidJSON(let error):
          events.append("error \(error.kind)")
        case .note(let note):
          events.append(note == .byteOrderMark ? "note bom" : "note gzip")
        case .inputIdle:
          events.append("idle")
        case .restNotRead(let bytes):
          events.append("rest \(bytes)")
        }
      })
    return events
  }

  @Test(arguments: [1, 2, 5, 4096])
  func aByteOrderMarkIsSkippedWithANote(chunkSize: Int) throws {
    let text = "\u{FEFF}" + #"{"resourceType":"Patient"}"# + "\n" + #"{"resourceType":"Patient"}"# + "\n"
    for framing: ResourceFraming? in [.ndjson, nil] {
      let events = try Self.events(text, framing: framing, chunkSize: chunkSize)
      #expect(events == ["note bom", "record in:1 Patient", "top Patient", "record in:2 Patient", "top Patient"])
    }
    let json = try Self.events(text, framing: .json, chunkSize: chunkSize)
    #expect(json.first == "note bom")
    #expect(json.filter { $0.hasPrefix("record") }.count == 2)
    #expect(!json.contains { $0.hasPrefix("error") })
  }

  /// A producer that writes one line and pauses sees it handed out before anything follows,
  /// even when the framing is still to be sniffed.
  @Test func anIdleInputHandsOutItsCompleteLines() throws {
    var seenAtIdle: [String] = []
    var events: [String] = []
    let first = Array((#"{"resourceType":"Patient","id":"a"}"# + "\n").utf8)
    let second = Array((#"{"resourceType":"Patient","id":"b"}"# + "\n").utf8)
    try ResourceFramer.read(
      framing: nil, source: "in",
      chunks: { feed in
        try first.withUnsafeBytes { try feed($0) }
        try feed.inputIsIdle()
        seenAtIdle = events
        try second.withUnsafeBytes { try feed($0) }
      },
      handler: { event in
        switch event {
        case .record(let record): events.append("record \(record.location)")
        case .inputIdle: events.append("idle")
        default: break
        }
      })
    #expect(seenAtIdle == ["record in:1", "idle"])
    #expect(events == ["record in:1", "idle", "record in:2"])
  }

  @Test(arguments: [1, 5, 4096])
  func aListIsOneRecordWithItsEntries(chunkSize: Int) throws {
    let list = #"{"entry":[{"item":{"reference":"Patient/a"}}],"resourceType":"List"}"#
    #expect(try Self.events(list, framing: .json, chunkSize: chunkSize) == ["record in List", "top List"])
  }

  @Test(arguments: [1, 5, 4096])
  func aTransactionHandsOutEveryEntryInPlace(chunkSize: Int) throws {
    let bundle = #"""
      {"resourceType":"Bundle","type":"transaction","entry":[
       {"fullUrl":"urn:uuid:1","resource":{"resourceType":"Patient"},"request":{"method":"POST","url":"Patient"}},
       {"request":{"method":"DELETE","url":"Patient/2"}},
       {"response":{"status":"200"}}]}
      """#
    #expect(
      try Self.events(bundle, framing: .json, chunkSize: chunkSize) == [
        "record in entry[0] Patient urn:uuid:1", "noResource in entry[1] DELETE entry[1]",
        "noResource in entry[2] - entry[2]", "top Bundle",
      ])
  }

  @Test func standardInputIsSniffed() throws {
    // Two lines or more, the first not a Bundle: NDJSON, a bad line reported and skipped.
    let lines = "{\"resourceType\":\"Patient\"}\n\n{\"resourceType\":\"List\",\"entry\":[{}]}\n{bad\n{}\n"
    let events = try Self.events(lines, framing: nil)
    #expect(Array(events.prefix(4)) == ["record in:1 Patient", "top Patient", "record in:3 List", "top List"])
    #expect(events.count == 7 && events[4].hasPrefix("error") && events[5] == "record in:5 -")
    // Bundles one per line: JSON values, so that their entries are streamed.
    let bundles = "{\"resourceType\":\"Bundle\",\"entry\":[{\"resource\":{\"resourceType\":\"Patient\"}}]}\n"
      + "{\"resourceType\":\"Bundle\",\"entry\":[]}\n"
    #expect(try Self.events(bundles, framing: nil) == ["record in entry[0] Patient", "top Bundle", "top Bundle"])
  }

  @Test func aBadFirstRecordOrPrettyValuesAfterItAreTold() throws {
    // A bad first line shaped as a record, and a second like it: NDJSON, the later lines read.
    let badFirst = "{\"resourceType\":\"Patient\",\"id\":\"a\" \"x\"}\r\n{\"resourceType\":\"Patient\"}\n{bad}\n{}\n"
    let events = try Self.events(badFirst, framing: nil)
    #expect(events.count == 6 && events[0].hasPrefix("error") && events[1] == "record in:2 Patient", "\(events)")
    #expect(events[3].hasPrefix("error") && events[4] == "record in:4 -", "\(events)")
    // A compact value, then pretty-printed ones: JSON values, each read whole.
    let pretty = "{\"resourceType\":\"Patient\"}\n{\n \"resourceType\": \"List\"\n}\n{\"resourceType\":\"Basic\"}"
    #expect(
      try Self.events(pretty, framing: nil) == ["record in Patient", "top Patient", "record in List", "top List", "record in Basic", "top Basic"])
    // A first line that is no record (an object left open) stays one JSON value, its error at the end.
    let open = try Self.events("{\"resourceType\":\"Patient\",\n\"id\":\"a\"\n", framing: nil)
    #expect(open.count == 1 && open[0].hasPrefix("error"), "\(open)")
  }

  @Test func aJSONErrorEndsTheInputAfterTheRecordsBeforeIt() throws {
    let text = #"{"resourceType":"Bundle","entry":[{"resource":{"resourceType":"Patient"}},{"resource":{"id": tru}}]}"#
    let events = try Self.events(text, framing: .json)
    // The error (at the `}` that ends `tru`), then what it leaves unread (`}]}`), said once the input ends.
    #expect(events.count == 3 && events[0] == "record in entry[0] Patient" && events[1].hasPrefix("error"), "\(events)")
    #expect(events.last == "rest 3", "\(events)")
    // An input that ends inside a value leaves nothing unread.
    let cut = try Self.events(#"{"resourceType":"Bundle","entry":[{"resource":{"resourceType":"Patient"}}"#, framing: .json)
    #expect(cut.count == 2 && cut[1].hasPrefix("error"), "\(cut)")
  }
}

import FHIRJSON
import FHIRTestSupport
import Testing

@Suite struct BundleStreamingTests {
  /// Entries streamed one by one are exactly the Bundle's `entry` elements, and the
  /// rest of the Bundle comes out with `entry` emptied.
  @Test(arguments: Fixtures.bundleFiles)
  func streamedEntriesMatchTheWholeBundle(path: String) throws {
    let bytes = Fixtures.bytes(path)
    let whole = try JSONValue(tokens: Chunked.tokens(bytes, chunkSize: bytes.count))
    let expectedEntries = whole["entry"]?.arrayValue ?? []
    var expectedShell = try #require(whole.objectValue)
    if expectedShell["entry"] != nil { expectedShell["entry"] = .array([]) }

    for size in [7, 4096, bytes.count] {
      let events = try Chunked.bundleEvents(bytes, chunkSize: size)
      var entries: [JSONValue] = []
      var entryTokens: [JSONTokens] = []
      var shells: [JSONValue] = []
      for event in events {
        switch event {
        case .entry(let tokens, let index):
          #expect(index == entries.count)
          entries.append(JSONValue(tokens: tokens))
          entryTokens.append(tokens)
        case .bundle(let tokens):
          shells.append(JSONValue(tokens: tokens))
        }
      }
      #expect(entries.count == expectedEntries.count)
      for (index, entry) in entries.enumerated() where index < expectedEntries.count && entry != expectedEntries[index] {
        Issue.record("entry \(index) differs with chunk size \(size): \(entryTokens[index].count) tokens")
        break
      }
      #expect(shells.count == 1 && shells.first == .object(expectedShell), "chunk size \(size)")
    }
  }

  /// An entry is handed out as soon as its closing brace is read, even when `entry`
  /// comes before `resourceType` and before the rest of the input has arrived.
  @Test func entriesArriveBeforeTheBundleEnds() throws {
    let text = #"{"entry":[{"resource":{"resourceType":"Patient","id":"a"}},{"resource":{"id":"b"}}],"resourceType":"Bundle","type":"collection"}"#
    let bytes = Array(text.utf8)
    let reader = BundleStreamReader()
    var seen: [(Int, Int)] = []  // (entry index, bytes fed when it arrived)
    var shell: JSONValue?
    try bytes.withUnsafeBytes { all in
      for i in 0..<all.count {
        try reader.feed(UnsafeRawBufferPointer(rebasing: all[i..<i + 1])) { event in
          switch event {
          case .entry(_, let index): seen.append((index, i + 1))
          case .bundle(let tokens): shell = JSONValue(tokens: tokens)
          }
        }
      }
    }
    let firstClose = text.utf8.firstIndex(of: UInt8(ascii: "}"))!
    let firstEntryEnd = text.utf8.distance(from: text.utf8.startIndex, to: firstClose) + 2  // `}}`
    #expect(seen.map(\.0) == [0, 1])
    #expect(seen[0].1 == firstEntryEnd)
    try reader.finish { _ in Issue.record("nothing is left for finish") }
    #expect(shell == ["entry": [], "resourceType": "Bundle", "type": "collection"])
  }

  /// `entry` nested deeper than the top level is not streamed.
  @Test func onlyTheTopLevelArrayIsStreamed() throws {
    let text = #"{"resourceType":"List","x":{"entry":[1,2]},"entry":[{"item":1}]}"#
    let events = try Chunked.bundleEvents(Array(text.utf8), chunkSize: 3)
    #expect(events.count == 2)
    guard case .entry(let entry, 0) = events[0], case .bundle(let rest) = events[1] else {
      Issue.record("unexpected events \(events)")
      return
    }
    #expect(JSONValue(tokens: entry) == ["item": 1])
    #expect(JSONValue(tokens: rest) == ["resourceType": "List", "x": ["entry": [1, 2]], "entry": []])
  }

  @Test func severalBundlesInOneStream() throws {
    let text = #"{"resourceType":"Bundle","entry":[{"a":1}]} {"resourceType":"Bundle","entry":[{"b":2},{"c":3}]}"#
    var options = JSONTokenizer.Options()
    options.allowsMultipleValues = true
    let events = try Chunked.bundleEvents(Array(text.utf8), chunkSize: 5, options: options)
    let indices: [Int] = events.compactMap { if case .entry(_, let index) = $0 { index } else { nil } }
    #expect(indices == [0, 0, 1])
    #expect(events.count == 5)
  }

  /// Nothing already read is lost: entries that closed before an error in the same
  /// chunk are handed out, then the error is thrown with the failing entry's path.
  @Test func entriesBeforeAnErrorAreKept() throws {
    let text = #"{"resourceType":"Bundle","entry":[{"resource":{"id":"a"}},{"resource":{"id":"b"}},{"resource":{"id": tru}}]}"#
    for size in [5, text.utf8.count] {
      var ids: [JSONValue?] = []
      let error = #expect(throws: JSONError.self) {
        _ = try Chunked.bundleEvents(Array(text.utf8), chunkSize: size)
      }
      let reader = BundleStreamReader()
      try? Chunked.forEachChunk(of: Array(text.utf8), size: size) { chunk in
        try reader.feed(chunk) { event in
          if case .entry(let tokens, _) = event { ids.append(JSONValue(tokens: tokens)["resource"]?["id"]) }
        }
      }
      #expect(ids == ["a", "b"])
      #expect(error?.path.description == "entry[2].resource.id")
    }
  }
}

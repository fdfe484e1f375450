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

  /// The same Bundle with `entry` moved before `resourceType` is held whole and split into
  /// the same entries and shell: the copies keep every token and text (escapes, numbers).
  @Test(arguments: Fixtures.bundleFiles)
  func entryFirstBundlesSplitIntoTheSameEvents(path: String) throws {
    let bytes = Fixtures.bytes(path)
    var bundle = try #require(try bytes.withUnsafeBytes { try JSONValue(parsing: $0) }.objectValue)
    guard let entryIndex = bundle.members.firstIndex(where: { $0.key == "entry" }) else { return }
    let entry = bundle.members.remove(at: entryIndex)
    bundle.members.insert(entry, at: 0)
    let reordered = JSONWriter.bytes(of: .object(bundle))
    var shell = bundle
    shell["entry"] = .array([])
    for size in [4096, reordered.count] {
      var entries: [JSONValue] = []
      var shells: [JSONValue] = []
      for event in try Chunked.bundleEvents(reordered, chunkSize: size) {
        switch event {
        case .entry(let tokens, let index):
          #expect(index == entries.count)
          entries.append(JSONValue(tokens: tokens))
        case .bundle(let tokens): shells.append(JSONValue(tokens: tokens))
        }
      }
      #expect(entries == entry.value.arrayValue, "chunk size \(size)")
      #expect(shells == [.object(shell)], "chunk size \(size)")
    }
  }

  /// An entry is handed out as soon as its closing brace is read, before the rest of the
  /// input has arrived, when `resourceType: "Bundle"` came first (the usual order).
  @Test func entriesArriveBeforeTheBundleEnds() throws {
    let text = #"{"resourceType":"Bundle","entry":[{"resource":{"resourceType":"Patient","id":"a"}},{"resource":{"id":"b"}}],"type":"collection"}"#
    let seen = try Self.arrivals(text)
    let firstClose = text.utf8.firstIndex(of: UInt8(ascii: "}"))!
    let firstEntryEnd = text.utf8.distance(from: text.utf8.startIndex, to: firstClose) + 2  // `}}`
    #expect(seen.entries.map(\.0) == [0, 1])
    #expect(seen.entries[0].1 == firstEntryEnd)
    #expect(seen.shell == ["resourceType": "Bundle", "entry": [], "type": "collection"])
  }

  /// When `entry` comes before `resourceType`, the object is held until it is known to be a
  /// Bundle, then split into the same events: nothing is lost either way.
  @Test func entriesBeforeResourceTypeComeWhenTheBundleEnds() throws {
    let text = #"{"entry":[{"resource":{"resourceType":"Patient","id":"a"}},{"request":{"method":"DELETE","url":"Patient/b"}}],"resourceType":"Bundle","type":"transaction"}"#
    let seen = try Self.arrivals(text)
    #expect(seen.entries.map(\.0) == [0, 1])
    #expect(seen.entries.allSatisfy { $0.1 == text.utf8.count })
    #expect(seen.values[1] == ["request": ["method": "DELETE", "url": "Patient/b"]])
    #expect(seen.shell == ["entry": [], "resourceType": "Bundle", "type": "transaction"])
    // Fed in any chunk size, the events are those of a whole read.
    for size in [1, 7, text.utf8.count] {
      #expect(try Chunked.bundleEvents(Array(text.utf8), chunkSize: size).count == 3)
    }
  }

  /// `resourceType` decides, not the presence of `entry`: a List's `entry` (items, not
  /// resources) stays in place, in either key order, and an escaped `"Bundle"` is a Bundle.
  @Test(arguments: [
    #"{"resourceType":"List","status":"current","entry":[{"item":{"reference":"Patient/a"}},{"item":{"display":"x"}}]}"#,
    #"{"entry":[{"item":{"reference":"Patient/a"}},{"item":{"display":"x"}}],"resourceType":"List"}"#,
    #"{"entry":[{"item":1}]}"#,
  ])
  func onlyABundleIsSplit(text: String) throws {
    for size in [1, 3, text.utf8.count] {
      let events = try Chunked.bundleEvents(Array(text.utf8), chunkSize: size)
      #expect(events.count == 1)
      guard case .bundle(let whole) = events.first else {
        Issue.record("unexpected events \(events)")
        return
      }
      #expect(JSONValue(tokens: whole) == (try JSONValue(parsing: text)))
    }
    let escaped = #"{"resourceType":"B\u0075ndle","entry":[{"fullUrl":"a"}]}"#
    #expect(try Chunked.bundleEvents(Array(escaped.utf8), chunkSize: 4).count == 2)
  }

  /// `entry` nested deeper than the top level is not streamed.
  @Test func onlyTheTopLevelArrayIsStreamed() throws {
    let text = #"{"resourceType":"Bundle","x":{"entry":[1,2]},"entry":[{"item":1}]}"#
    let events = try Chunked.bundleEvents(Array(text.utf8), chunkSize: 3)
    #expect(events.count == 2)
    guard case .entry(let entry, 0) = events[0], case .bundle(let rest) = events[1] else {
      Issue.record("unexpected events \(events)")
      return
    }
    #expect(JSONValue(tokens: entry) == ["item": 1])
    #expect(JSONValue(tokens: rest) == ["resourceType": "Bundle", "x": ["entry": [1, 2]], "entry": []])
  }

  /// Feeds `text` byte by byte: each entry with the bytes fed when it arrived, the entries'
  /// values, and the Bundle without its entries.
  static func arrivals(_ text: String) throws -> (entries: [(Int, Int)], values: [JSONValue], shell: JSONValue?) {
    let bytes = Array(text.utf8)
    let reader = BundleStreamReader()
    var entries: [(Int, Int)] = []
    var values: [JSONValue] = []
    var shell: JSONValue?
    let handle = { (event: BundleStreamReader.Event, fed: Int) in
      switch event {
      case .entry(let tokens, let index):
        entries.append((index, fed))
        values.append(JSONValue(tokens: tokens))
      case .bundle(let tokens): shell = JSONValue(tokens: tokens)
      }
    }
    try bytes.withUnsafeBytes { all in
      for i in 0..<all.count {
        try reader.feed(UnsafeRawBufferPointer(rebasing: all[i..<i + 1])) { handle($0, i + 1) }
      }
    }
    try reader.finish { handle($0, bytes.count) }
    return (entries, values, shell)
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

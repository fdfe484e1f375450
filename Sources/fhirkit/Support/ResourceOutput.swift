import FHIRKit

/// Writes converted FHIR resources in the `--format` asked for.
///
/// NDJSON is written as records come. `json` and `bundle` documents are held in memory
/// until ``finish()``, as compact JSON (one copy per resource), then written pretty-printed
/// with `JSONWriter`.
///
/// Bundle entries without a `resource` (a transaction's `DELETE`, a response's status) have
/// no line in NDJSON; they are written back in place when the output is the input Bundle
/// itself (`--format json` of one Bundle), and otherwise handed to ``onEntryNotWritten``.
final class ResourceOutput {
  /// One item of a document: a converted resource with the other members of the Bundle
  /// entry it came in, or a whole entry that holds no resource.
  private enum Item {
    case resource([UInt8], entry: JSONObject?)
    case entryWithoutResource(EntryWithoutResource)
  }

  private let format: OutputFormat
  private let file: OutputFile
  private var held: [Item] = []
  private var topLevelValues = 0
  private var inputBundle: JSONTokens?
  /// Called with each entry without a resource that the output does not hold (at once in
  /// NDJSON and `bundle` formats; at ``finish()`` when a `json` document is not the input Bundle).
  var onEntryNotWritten: ((EntryWithoutResource) throws -> Void)?
  /// Set when a resource was converted from DSTU2 to R4: the input Bundle's own members and
  /// its entries' members (not the resources, which the converter wrote) then lose their
  /// DSTU2 `fhir_comments`, which R4 JSON has no place for.
  var dropsDSTU2Comments = false
  /// Set when a resource was converted from R4 to DSTU2: the input Bundle's own members that
  /// DSTU2 has no place for are left out of its DSTU2 form (``droppedFromBundle``).
  var convertsToDSTU2 = false
  /// What was left out of the input Bundle written in the other release, by path and why: as
  /// R4 (``dropsDSTU2Comments``), its `fhir_comments` and `signature`; as DSTU2
  /// (``convertsToDSTU2``), its `signature`, `identifier` and `timestamp` — what the release
  /// converter drops from a Bundle converted whole (``BundleMemberDropped``).
  private(set) var droppedFromBundle: [(path: JSONPath, reason: String)] = []
  /// The input Bundles whose own members the output may not hold, by input, each with the
  /// paths of those members and how many times they occur (``envelopesNotWritten``).
  private var envelopes: [BundleEnvelope] = []
  /// The envelope of the Bundle being read: its entries' members so far.
  private var envelope = BundleEnvelope()
  /// Whether the last resource written was a whole top-level value (an NDJSON line, a single
  /// resource, a Bundle written as one record): then the value noted next is that resource.
  private var lastWasWholeValue = false

  /// Creates an output writing to `file`.
  init(format: OutputFormat, file: OutputFile) {
    self.format = format
    self.file = file
  }

  /// Writes one resource (compact JSON); `record` tells the Bundle entry it came in.
  func write(_ resource: [UInt8], from record: ResourceRecord?) throws {
    lastWasWholeValue = !(record?.isBundleEntry ?? false)
    if let record, record.isBundleEntry { envelope.addEntry(record.tokens, keepingFullUrl: format != .ndjson) }
    guard format != .ndjson else { return try file.writeLine(resource) }
    var entry: JSONObject?
    if let record, record.isBundleEntry, case .object(var object) = JSONValue(tokens: record.tokens) {
      object.members.removeAll { $0.key == "resource" }
      entry = object
    }
    held.append(.resource(resource, entry: entry))
  }

  /// Takes a Bundle entry that has no resource, in its place among the written resources.
  func write(_ entry: EntryWithoutResource) throws {
    guard format == .json else { return try onEntryNotWritten?(entry) ?? () }
    held.append(.entryWithoutResource(entry))
  }

  /// Writes the NDJSON lines buffered so far (a `json` or `bundle` document waits for
  /// ``finish()``).
  func flush() throws {
    if format == .ndjson { try file.flush() }
  }

  /// Notes one top-level value of the inputs (``ResourceReader/Hooks/topLevelValue``) read
  /// from `source`, after the resources written from it, to know whether the input was a
  /// single Bundle, and which of a Bundle's own members the output will not hold (none when
  /// the Bundle was written whole, as one resource).
  func noteTopLevelValue(_ tokens: JSONTokens, source: String) {
    topLevelValues += 1
    inputBundle = tokens.memberString("resourceType", ofObjectAt: 0) == "Bundle" ? tokens : nil
    defer { lastWasWholeValue = false }
    if inputBundle != nil && !lastWasWholeValue {
      envelope.addBundle(tokens)
      envelope.source = source
      if !envelope.paths.isEmpty { envelopes.append(envelope) }
    }
    envelope = BundleEnvelope()
  }

  /// The input Bundles whose own members (`type`, `link`, …) and entries' members (`request`,
  /// `fullUrl`, …) are not in the output: all of them in NDJSON; in a new collection Bundle
  /// (`bundle` output, or `json` of several inputs), all but the entries' `fullUrl`; in `json`
  /// output of one input Bundle (written back whole), none.
  var envelopesNotWritten: [BundleEnvelope] {
    format == .json && topLevelValues == 1 ? [] : envelopes
  }

  /// Notes one top-level value that is not JSON tokens (a care entity line).
  func noteTopLevelRecord() {
    topLevelValues += 1
    inputBundle = nil
  }

  /// Writes the document (for `json` and `bundle`) and closes the file.
  /// - Throws: What writing throws; ``JSONError`` if a held resource is not JSON (never
  ///   expected, since the encoders wrote it).
  func finish() throws {
    if format != .ndjson {
      var writer = JSONWriter(style: .pretty)
      writer.value(try document())
      try file.writeDocument(writer.takeOutput())
    }
    try file.close()
  }

  private func document() throws -> JSONValue {
    // One input value that was a record itself (a resource, or a Bundle whose `entry` is not an
    // array and so was not split): that resource, converted.
    if format == .json, topLevelValues == 1, held.count == 1, case .resource(let bytes, nil) = held[0] {
      return try Self.parse(bytes)
    }
    if format == .json, topLevelValues == 1, let inputBundle, case .object(var bundle) = JSONValue(tokens: inputBundle) {
      // The input Bundle, with its entries converted and their other members kept, and
      // the entries without a resource as they were.
      let entries = try held.map { item -> JSONValue in
        switch item {
        case .resource(let bytes, let entry):
          var entry = entry ?? JSONObject()
          entry.append(key: "resource", value: try Self.parse(bytes))
          return .object(entry)
        case .entryWithoutResource(let entry):
          return JSONValue(tokens: entry.tokens)
        }
      }.enumerated().map { index, entry in
        withoutComments(entry, at: JSONPath([.key("entry"), .index(index)]))
      }
      if case .object(let shell) = withoutComments(.object(bundle), at: .root) { bundle = shell }
      // What the release converter drops from a Bundle converted whole (DSTU2's list holds R4's).
      let notInTarget =
        convertsToDSTU2
        ? BundleMemberDropped.converting(to: .dstu2) : dropsDSTU2Comments ? BundleMemberDropped.converting(to: .r4) : []
      for dropped in notInTarget where bundle.members.contains(where: { $0.key == dropped.member }) {
        bundle.members.removeAll { $0.key == dropped.member }
        droppedFromBundle.append((JSONPath([.key(dropped.member)]), dropped.reason))
      }
      if let index = bundle.members.firstIndex(where: { $0.key == "entry" }) {
        // A Bundle that gave `entry` more than once (invalid JSON for FHIR) had every one
        // streamed: the output has one `entry`, holding them all, that any reader reads.
        bundle.members = bundle.members.enumerated().filter { $0.offset <= index || $0.element.key != "entry" }.map(\.element)
        // No entry written: the input's `entry` stays as it was (`[]` included).
        if !entries.isEmpty { bundle.members[index].value = .array(entries) }
      } else if !entries.isEmpty {
        bundle.append(key: "entry", value: .array(entries))
      }
      return .object(bundle)
    }
    var resources: [(bytes: [UInt8], entry: JSONObject?)] = []
    for item in held {
      switch item {
      case .resource(let bytes, let entry): resources.append((bytes, entry))
      case .entryWithoutResource(let entry): try onEntryNotWritten?(entry)
      }
    }
    if format == .json, resources.count == 1, topLevelValues == 1, inputBundle == nil, resources[0].entry == nil {
      return try Self.parse(resources[0].bytes)
    }
    var bundle: JSONObject = ["resourceType": "Bundle", "type": "collection"]
    let entries = try resources.map { item in
      var entry = JSONObject()
      if let fullUrl = item.entry?["fullUrl"] { entry.append(key: "fullUrl", value: fullUrl) }
      entry.append(key: "resource", value: try Self.parse(item.bytes))
      return JSONValue.object(entry)
    }
    if !entries.isEmpty { bundle.append(key: "entry", value: .array(entries)) }
    return .object(bundle)
  }

  /// `value` without its `fhir_comments` members, at any depth, when ``dropsDSTU2Comments``
  /// is set; each one left out is noted at its path.
  private func withoutComments(_ value: JSONValue, at path: JSONPath) -> JSONValue {
    guard dropsDSTU2Comments else { return value }
    switch value {
    case .object(var object):
      for (index, member) in object.members.enumerated().reversed() where member.key == "fhir_comments" {
        droppedFromBundle.append((path.appending(key: "fhir_comments"), "DSTU2 fhir_comments: R4 JSON has no comments"))
        object.members.remove(at: index)
      }
      for index in object.members.indices {
        object.members[index].value = withoutComments(
          object.members[index].value, at: path.appending(key: object.members[index].key))
      }
      return .object(object)
    case .array(let items):
      return .array(items.enumerated().map { withoutComments($1, at: path.appending(index: $0)) })
    default:
      return value
    }
  }

  private static func parse(_ bytes: [UInt8]) throws -> JSONValue {
    try JSONValue(parsing: bytes)
  }
}

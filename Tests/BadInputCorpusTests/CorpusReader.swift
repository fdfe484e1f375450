import FHIRCoders
import FHIRCore
import FHIRDSTU2
import FHIRJSON
import FHIRR4
import FHIRTestSupport

/// Reads one corpus file the way `fhirkit` does — NDJSON lines or Bundle entries, then
/// release detection and the release's `AnyResource.decode` — and records every
/// error- and warning-level report with its place. Resources with a schedule
/// (MedicationRequest, MedicationOrder, CarePlan) and Observations also go through their coder, whose
/// located issues are reported as layer `coder`.
struct CorpusReader {
  /// What reading a file gave.
  struct Outcome {
    var reports: [BadCorpus.Report] = []
    var goodRecords = 0
    var detected: [FHIRRelease?] = []
  }

  var release: FHIRRelease?
  var options = JSONTokenizer.Options()
  private var lastRelease: FHIRRelease?
  private(set) var outcome = Outcome()

  init(release: FHIRRelease?, options: JSONTokenizer.Options = .init()) {
    self.release = release
    self.options = options
  }

  /// Reads `bytes`, framed as NDJSON or as JSON documents (Bundles streamed by entry).
  static func read(
    _ bytes: [UInt8], ndjson: Bool, release: FHIRRelease?, chunkSize: Int, options: JSONTokenizer.Options = .init()
  ) throws -> Outcome {
    var reader = CorpusReader(release: release, options: options)
    // As sent: a byte order mark is skipped with an information note (layer `input`).
    var content: [UInt8] = []
    var notes: [InputDecoder.Note] = []
    let decoder = InputDecoder { notes.append($0) }
    try Chunked.forEachChunk(of: bytes, size: chunkSize) { chunk in try decoder.feed(chunk) { content += $0 } }
    try decoder.finish { content += $0 }
    for note in notes where note == .byteOrderMark {
      reader.outcome.reports.append(
        BadCorpus.Report(layer: "input", code: "byteOrderMark", severity: "information", line: 1, path: "$"))
    }
    if ndjson { try reader.readNDJSON(content, chunkSize: chunkSize) } else { try reader.readJSON(content, chunkSize: chunkSize) }
    return reader.outcome
  }

  private mutating func readNDJSON(_ bytes: [UInt8], chunkSize: Int) throws {
    let events = try Chunked.ndjsonEvents(bytes, chunkSize: chunkSize, options: options)
    for event in events {
      switch event {
      case .record(let tokens, let line):
        try decode(tokens, at: 0, prefix: .root, line: line, entry: nil)
      case .badLine(let error):
        report(error)
      }
    }
  }

  private mutating func readJSON(_ bytes: [UInt8], chunkSize: Int) throws {
    var options = options
    options.allowsMultipleValues = true
    let reader = BundleStreamReader(options: options)
    var events: [BundleStreamReader.Event] = []
    do {
      try Chunked.forEachChunk(of: bytes, size: chunkSize) { try reader.feed($0) { events.append($0) } }
      try reader.finish { events.append($0) }
    } catch let error as JSONError {
      try handle(events)
      report(error)
      return
    }
    try handle(events)
  }

  private mutating func handle(_ events: [BundleStreamReader.Event]) throws {
    for event in events {
      switch event {
      case .entry(let tokens, let index):
        guard let resource = Self.member("resource", of: tokens) else { continue }
        try decode(tokens, at: resource, prefix: JSONPath([.key("entry"), .index(index)]), line: nil, entry: index)
      case .bundle(let tokens):
        let type = Self.member("resourceType", of: tokens).map { tokens.string(at: $0) }
        if type != "Bundle" { try decode(tokens, at: 0, prefix: .root, line: 1, entry: nil) }
      }
    }
  }

  private mutating func report(_ error: JSONError) {
    outcome.reports.append(
      BadCorpus.Report(layer: "json", code: error.kind.rawValue, line: error.line, path: error.path.description))
  }

  private mutating func decode(_ tokens: JSONTokens, at index: Int, prefix: JSONPath, line: Int?, entry: Int?) throws {
    let detected = ReleaseDetector.detect(tokens).release
    outcome.detected.append(detected)
    if let detected { lastRelease = detected }
    let options = DecodingOptions(mode: .lenient, pathPrefix: prefix)
    let issues: [ValidationIssue]
    let decoded: Bool
    var coderIssues: [ValidationIssue] = []
    switch release ?? detected ?? lastRelease ?? .r4 {
    case .r4:
      let result = try FHIRR4.AnyResource.decode(from: tokens, at: index, options: options)
      (issues, decoded) = (result.issues, result.value != nil)
      if let value = result.value { coderIssues = try Self.coderIssues(value) }
    case .dstu2:
      let result = try FHIRDSTU2.AnyResource.decode(from: tokens, at: index, options: options)
      (issues, decoded) = (result.issues, result.value != nil)
      if let value = result.value { coderIssues = try Self.coderIssues(value) }
    }
    for issue in issues where issue.severity != .information {
      outcome.reports.append(
        BadCorpus.Report(
          layer: "model", code: issue.code.rawValue, severity: issue.severity.rawValue, line: line, entry: entry,
          path: issue.path.description))
    }
    // Coder paths start at the resource; in a Bundle, under the entry's `resource`.
    let coderPrefix = prefix == .root ? [] : prefix.components + [.key("resource")]
    for issue in coderIssues {
      outcome.reports.append(
        BadCorpus.Report(
          layer: "coder", code: issue.code.rawValue, severity: issue.severity.rawValue, line: line, entry: entry,
          path: JSONPath(coderPrefix + issue.path.components).description))
    }
    let failed = (issues + coderIssues).contains { $0.severity == .error }
    if decoded && !failed { outcome.goodRecords += 1 }
  }

  /// The issues the coder of an R4 resource with a schedule reports.
  static func coderIssues(_ resource: FHIRR4.AnyResource) throws -> [ValidationIssue] {
    switch resource {
    case .medicationRequest(let request): try R4MedicationRequestCoder().decode(request).report.issues
    case .carePlan(let plan): try R4CarePlanCoder().decodeWithTasks(plan).tasks.flatMap(\.report.issues)
    // An observation with no value at all is refused (a CoderError, not an issue).
    case .observation(let observation): (try? R4ObservationCoder().decode(observation))?.report.issues ?? []
    default: []
    }
  }

  /// The issues the coder of a DSTU2 resource with a schedule reports.
  static func coderIssues(_ resource: FHIRDSTU2.AnyResource) throws -> [ValidationIssue] {
    switch resource {
    case .medicationOrder(let order): try DSTU2MedicationOrderCoder().decode(order).report.issues
    case .carePlan(let plan): try DSTU2CarePlanCoder().decodeWithTasks(plan).tasks.flatMap(\.report.issues)
    case .observation(let observation): (try? DSTU2ObservationCoder().decode(observation))?.report.issues ?? []
    default: []
    }
  }

  /// The index of the value of member `key` of the object at index 0.
  static func member(_ key: String, of tokens: JSONTokens) -> Int? {
    guard tokens.count > 0, tokens[0].kind == .objectStart else { return nil }
    let end = tokens.endIndex(ofValueAt: 0)
    var index = 1
    while index < end {
      if tokens.text(at: index, equals: key.utf8) { return index + 1 }
      index = tokens.endIndex(ofValueAt: index + 1) + 1
    }
    return nil
  }
}

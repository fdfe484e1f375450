import ArgumentParser
import FHIRKit

/// `convert --to r4|dstu2` from FHIR input: reads the records, converts them in batches on
/// `jobs` threads (``RecordBatcher``), and writes them in input order — the output does not
/// depend on `jobs`.
final class ReleaseConversionRun {
  private let strict: Bool
  private let issueReport: IssueReport
  private let output: ResourceOutput
  private var batcher: RecordBatcher<RecordConverter.Converted>!
  /// What the run did, for the summary.
  private(set) var summary = RunSummary()
  private let target: FHIRRelease
  /// Resources not written because the release converter does not map their type, by type.
  private(set) var unmappedTypes: [String: Int] = [:]
  /// The input being read.
  private var source = ""

  init(
    from: ReleaseOption, to target: FHIRRelease, strict: Bool, repair: Bool = false, passThrough: Bool = false, jobs: Int,
    issueReport: IssueReport, output: ResourceOutput
  ) {
    self.strict = strict
    self.issueReport = issueReport
    self.output = output
    self.target = target
    let converter = RecordConverter(target: target, repair: repair, passThrough: passThrough)
    batcher = RecordBatcher(
      from: from, jobs: jobs, work: { record, release in try converter.convert(record, from: release) },
      handle: { [unowned self] record, outcome in try handle(record, outcome) })
    output.onEntryNotWritten = { [unowned self] entry in notWritten(entry) }
  }

  /// Converts every record of `files`.
  /// - Throws: `ExitCode(1)` at the first bad record in strict mode (after writing the
  ///   records before it).
  func run(_ files: [InputFiles.Input]) throws {
    let hooks = ResourceReader.Hooks(
      bytesRead: { Console.shared.count(bytes: $0) },
      topLevelValue: { [unowned self, output] tokens in
        // A Bundle's records first (they may still be in a batch), so that the output knows
        // which of its members it wrote; other values need no flush (NDJSON lines stay batched).
        if tokens.memberString("resourceType", ofObjectAt: 0) == "Bundle" { try batcher.flush() }
        output.noteTopLevelValue(tokens, source: source)
      },
      entryWithoutResource: { [self, output] entry in
        // In its place among the records before it, which may still be in a batch.
        try batcher.flush()
        try output.write(entry)
      },
      idle: { [self, output] in
        // A pipe whose producer pauses: what was read is converted and written now.
        try batcher.flush()
        try output.flush()
      },
      note: { [issueReport] note, source in issueReport.write(note, source: source) })
    for file in files {
      source = file.source
      try batcher.startInput()
      do {
        try ResourceReader.read(
          file, hooks: hooks,
          onError: { [self] error in
            // Records before the bad one come out first, so that messages stay in order.
            try batcher.flush()
            summary.skipped += 1
            Console.shared.count(issues: 1)
            printRecordMessage("fhirkit: \(error)")
            issueReport.write(error)
            if strict { throw someRecordsFailed }
          },
          notAResource: { [self] record in
            try batcher.flush()
            summary.skipped += 1
            Console.shared.count(issues: 1)
            NotAResource.report(record, to: issueReport)
            if strict { throw someRecordsFailed }
          },
          { [batcher] record in try batcher!.add(record) })
        try batcher.flush()
      } catch let error as JSONError {
        try batcher.flush()
        printError("fhirkit: \(error)")
        summary.unreadable += 1
      }
    }
  }

  private func handle(_ record: ResourceRecord, _ outcome: Result<RecordConverter.Converted, any Error>) throws {
    Console.shared.count(resources: 1)
    let converted: RecordConverter.Converted
    do {
      converted = try outcome.get()
    } catch {
      try fail(record, "cannot be read by the models: \(error)")
      return
    }
    let errors = converted.issues.filter { $0.severity == .error }
    for issue in errors {
      // The place and code on stderr, as for JSON errors; the record is still written.
      printRecordMessage("fhirkit: \(record.location): \(issue)" + VerboseValue.suffix(for: record, at: issue.path))
    }
    // Every issue, warnings (an empty value kept as given) included, goes to --report.
    for issue in converted.issues { issueReport.write(issue, location: record.location) }
    for entry in converted.conversion.entries where issueReport.isEnabled {
      issueReport.write([
        "location": .string(record.location), "path": .string(entry.path),
        "action": .string(entry.action.rawValue), "message": .string(entry.note),
      ])
    }
    for repair in converted.repairs { issueReport.write(repair, location: record.location) }
    if !converted.repairs.isEmpty { summary.actions["repaired", default: 0] += converted.repairs.count }
    for (action, count) in converted.conversion.counts { summary.actions[action.rawValue, default: 0] += count }
    if let type = converted.unmappedType {
      // Counted by type in one stderr line at the end (``unmappedLine``), each in --report.
      unmappedTypes[type, default: 0] += 1
      summary.skipped += 1
      issueReport.write([
        "kind": "skipped", "location": .string(record.location), "severity": "error", "code": "noConversion",
        "resourceType": .string(type),
        "message": .string("no conversion of this resource type to \(target); not written (--pass-through writes it unchanged)"),
      ])
      if strict { throw someRecordsFailed }
      return
    }
    guard let bytes = converted.bytes else {
      try fail(record, "not a resource the models can read")
      return
    }
    if converted.fromDSTU2ToR4 { output.dropsDSTU2Comments = true }
    if converted.fromR4ToDSTU2 { output.convertsToDSTU2 = true }
    try output.write(bytes, from: record)
    summary.written += 1
    if errors.isEmpty {
      summary.converted += 1
    } else {
      summary.convertedWithIssues += 1
      Console.shared.count(issues: 1)
      if strict { throw someRecordsFailed }
    }
  }

  /// A Bundle entry without a resource that the output has no place for (NDJSON, or a
  /// collection Bundle): counted, and reported by place with its request method.
  private func notWritten(_ entry: EntryWithoutResource) {
    summary.actions["entry(ies) without resource not written", default: 0] += 1
    printRecordMessage("fhirkit: \(entry.location): entry without resource (\(entry.summary)) not written")
    issueReport.write(
      entry, action: "notWritten",
      message: "entry without resource (\(entry.summary)) not written: the output holds resources only")
  }

  /// Reports the input Bundles' own members and their entries' that the output has no place
  /// for (``ResourceOutput/envelopesNotWritten``; after the output is finished): one `--report`
  /// row per Bundle, one stderr line for all, element names and counts only.
  func reportEnvelopesNotWritten(format: OutputFormat) {
    let envelopes = output.envelopesNotWritten
    guard !envelopes.isEmpty else { return }
    let why =
      format == .ndjson
      ? "NDJSON holds resources only" : "a new collection Bundle holds the resources and their fullUrl only"
    for envelope in envelopes {
      issueReport.write([
        "kind": "notWritten", "location": .string(envelope.source), "resourceType": "Bundle",
        "paths": .object(JSONObject(envelope.paths.sorted { $0.key < $1.key }.map { .init(key: $0.key, value: JSONValue(integerLiteral: $0.value)) })),
        "message": .string("the Bundle's own elements are not written: \(why)"),
      ])
    }
    var all = BundleEnvelope()
    for envelope in envelopes { all.paths.merge(envelope.paths, uniquingKeysWith: +) }
    summary.actions["Bundle(s) whose own elements are not written", default: 0] += envelopes.count
    printRecordMessage(
      "fhirkit: the own elements of \(envelopes.count) input Bundle(s) are not written (\(all.summary)): \(why); "
        + "--format json of one Bundle writes it whole")
  }

  /// Skips `record`, saying why and where.
  /// `fhirkit: 3 resource(s) not written: no conversion to R4 for their type (Encounter 2,
  /// Condition 1); --pass-through writes them unchanged`, or `nil` when there were none.
  var unmappedLine: String? {
    guard !unmappedTypes.isEmpty else { return nil }
    let types = unmappedTypes.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { "\($0.key) \($0.value)" }
    return "fhirkit: \(unmappedTypes.values.reduce(0, +)) resource(s) not written: no conversion to \(target) for their type "
      + "(\(types.joined(separator: ", "))); --pass-through writes them unchanged"
  }

  private func fail(_ record: ResourceRecord, _ message: String) throws {
    summary.skipped += 1
    Console.shared.count(issues: 1)
    printRecordMessage("fhirkit: \(record.location): skipped: \(message)")
    issueReport.write([
      "kind": "skipped", "location": .string(record.location), "severity": "error", "code": "notConverted",
      "message": .string(message),
    ])
    if strict { throw someRecordsFailed }
  }
}

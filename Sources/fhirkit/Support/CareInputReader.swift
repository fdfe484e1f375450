import CarePipeline
import FHIRDSTU2
import FHIRKit
import FHIRR4

/// Reads the resources of the command's inputs, each decoded in its release, into a
/// ``PipelineInput`` for the care pipeline (`import`), or into a ``StagedConversion`` on
/// disk (`convert --to care`, in memory bounded whatever the input's size).
///
/// Records that cannot be read are printed on stderr with their place (never their
/// values), written to the issue report, counted, and skipped; in strict mode the first
/// one stops the command with exit code 1. Bundle entries keep their `fullUrl`, which
/// `urn:uuid:` references resolve against. Bundle entries without a resource (a
/// transaction's `DELETE`) are named on stderr and in the report, counted in
/// ``entriesWithoutResource``, and do not change the exit code. Records are decoded on `jobs` threads
/// (``RecordBatcher``) and added in input order.
final class CareInputReader {
  /// One record decoded in its release: what decoding found, and the entry its resource makes
  /// or, when staging, that entry prepared to stage. All made on the decoding threads; a prepared
  /// entry no longer holds the decoded resource, which is let go there too.
  private struct Decoded: Sendable {
    var issues: [ValidationIssue]
    var repairs: [DecodingRepair]
    /// Whether the record decoded into a resource.
    var isDecoded: Bool
    var entry: PipelineInput.Entry?
    var prepared: StagedEntry?
  }

  /// The release to read the inputs as.
  let from: ReleaseOption
  /// Whether the first bad record stops the command.
  let strict: Bool
  /// Where issues are also written, as NDJSON.
  let issueReport: IssueReport
  /// Threads that decode.
  let jobs: Int
  /// Where resources are staged instead of ``input``, if anywhere.
  let staged: StagedConversion?
  /// Where resources go instead of ``staged`` or ``input``, when set (a cooperating import's
  /// worker stages them into the job's database).
  var sink: ((PipelineInput.Entry) throws -> Void)?
  /// Where each input's bytes are digested as they are read, if anywhere (an import's
  /// fingerprint, ``ImportFingerprint``).
  var digests: InputDigests?
  /// The resources read so far (empty when they are staged).
  private(set) var input = PipelineInput()
  /// Resources read and decoded.
  private(set) var resourcesRead = 0
  /// Resources read and decoded whose input has error-level issues.
  private(set) var withIssues = 0
  /// `Type/id` of the resources in ``withIssues`` that have an id, to tell whether a
  /// resource the coders refuse later had issues.
  private(set) var keysWithIssues: Set<String> = []
  /// Records that could not be read or decoded (skipped).
  private(set) var skipped = 0
  /// Inputs that could not be read at all.
  private(set) var unreadable = 0
  /// Bundle entries without a resource, which the care pipeline has no use for.
  private(set) var entriesWithoutResource = 0

  /// Creates a reader.
  init(from: ReleaseOption, strict: Bool, issueReport: IssueReport, jobs: Int = 1, staged: StagedConversion? = nil) {
    self.staged = staged
    self.from = from
    self.strict = strict
    self.issueReport = issueReport
    self.jobs = jobs
  }

  /// Reads every resource of `files` into ``input``.
  /// - Throws: `ExitCode(1)` at the first bad record in strict mode.
  func read(_ files: [InputFiles.Input]) throws {
    let preparer = sink == nil ? staged?.preparer : nil
    let batcher = RecordBatcher<Decoded>(
      from: from, jobs: jobs,
      work: { record, release in try Self.decode(record, release: release, preparer: preparer) },
      handle: { [unowned self] record, outcome in try add(record, try outcome.get()) },
      badLine: { [unowned self] error in try skip(error) },
      notAResource: { [unowned self] record in try skip(notAResource: record) })
    for file in files {
      try batcher.startInput()
      digests?.start()
      defer { digests?.finish() }
      do {
        try ResourceReader.read(
          file,
          hooks: ResourceReader.Hooks(
            bytesRead: { Console.shared.count(bytes: $0) },
            chunkRead: digests.map { digests in { digests.add($0) } },
            entryWithoutResource: { [self] entry in
              try batcher.flush()  // messages in input order
              skip(entry)
            },
            note: { [issueReport] note, source in issueReport.write(note, source: source) },
            // NDJSON lines are tokenized where they are decoded: on the decoding threads, beside
            // decoding, and whole, so that what is said of a bad line is the same for any --jobs.
            ndjsonChunks: { try batcher.add($0) },
            // The last records of the inputs before may still be decoding (`endInput()`).
            inOrder: { try batcher.inOrder($0) }),
          onError: { [self] error in
            try batcher.flush()  // messages in input order
            try skip(error)
          },
          notAResource: { [self] record in
            try batcher.flush()
            try skip(notAResource: record)
          },
          { record in try batcher.add(record) })
        // The input's last records are decoded while the next input is read.
        try batcher.endInput()
      } catch let error as JSONError {
        try batcher.flush()
        printError("fhirkit: \(error)")
        unreadable += 1
      }
    }
    try batcher.flush()
  }

  /// Says that a record that is not one JSON value is skipped; in strict mode, stops.
  private func skip(_ error: JSONError) throws {
    skipped += 1
    Console.shared.count(issues: 1)
    printRecordMessage("fhirkit: \(error)")
    issueReport.write(error)
    if strict { throw someRecordsFailed }
  }

  /// Says that a record that is no resource is skipped; in strict mode, stops.
  private func skip(notAResource record: ResourceRecord) throws {
    skipped += 1
    Console.shared.count(issues: 1)
    NotAResource.report(record, to: issueReport)
    if strict { throw someRecordsFailed }
  }

  /// Names a Bundle entry without a resource on stderr and in the report, by place and
  /// request method (never values).
  private func skip(_ entry: EntryWithoutResource) {
    entriesWithoutResource += 1
    printRecordMessage("fhirkit: \(entry.location): entry without resource (\(entry.summary)) skipped")
    issueReport.write(
      entry, action: "skipped",
      message: "entry without resource (\(entry.summary)) skipped: care entities are made from resources")
  }

  /// Decodes one record in `release` and makes its entry, prepared to stage with `preparer`
  /// if given; called from several threads.
  private static func decode(
    _ record: ResourceRecord, release: FHIRRelease, preparer: StagedConversion.Preparer?
  ) throws -> Decoded {
    // A type the models do not know: decoding it whole would check nothing more.
    if let preparer,
      let prepared = preparer.prepare(
        unmodelled: record.tokens, at: record.index, release: release, fullUrl: record.fullUrl)
    {
      return Decoded(issues: [], repairs: [], isDecoded: true, prepared: prepared)
    }
    // Care entities are a conversion of their own: what the models cannot fit is repaired
    // (as `convert --repair` does) and each repair written to --report.
    let options = DecodingOptions(mode: .lenient, pathPrefix: record.pathPrefix, repair: true)
    let resource: PipelineResource?
    let issues: [ValidationIssue]
    let repairs: [DecodingRepair]
    switch release {
    case .r4:
      let decoded = try FHIRR4.AnyResource.decode(from: record.tokens, at: record.index, options: options)
      (resource, issues, repairs) = (decoded.value.map(PipelineResource.r4), decoded.issues, decoded.repairs)
    case .dstu2:
      let decoded = try FHIRDSTU2.AnyResource.decode(from: record.tokens, at: record.index, options: options)
      (resource, issues, repairs) = (decoded.value.map(PipelineResource.dstu2), decoded.issues, decoded.repairs)
    }
    guard let resource else { return Decoded(issues: issues, repairs: repairs, isDecoded: false) }
    // The tokens stay with the resource: the coders account for its elements from them, and
    // staging writes them instead of encoding the resource again.
    var entry = PipelineInput.Entry(
      resource: resource, fullUrl: record.fullUrl, decodedFrom: record.tokens, at: record.index, issues: issues,
      repairs: repairs)
    if !repairs.isEmpty {
      // The store keeps the resource as it came, not as repaired.
      entry.originalJSON = try PipelineInput.Entry.jsonAsRead(record.tokens, at: record.index, release: release)
    }
    guard let preparer else { return Decoded(issues: issues, repairs: repairs, isDecoded: true, entry: entry) }
    return Decoded(issues: issues, repairs: repairs, isDecoded: true, prepared: preparer.prepare(entry))
  }

  /// Adds one decoded record to the input, reporting its errors.
  private func add(_ record: ResourceRecord, _ decoded: Decoded) throws {
    let (issues, repairs, isDecoded) = (decoded.issues, decoded.repairs, decoded.isDecoded)
    if let prepared = decoded.prepared {
      try staged?.add(prepared)
    } else if let entry = decoded.entry {
      if let sink {
        try sink(entry)
      } else if let staged {
        try staged.add(entry)
      } else {
        input.add(entry)
      }
    }
    for repair in repairs {
      printRecordMessage("fhirkit: \(record.location): \(repair)")
      issueReport.write(repair, location: record.location)
    }
    let errors = issues.filter { $0.severity == .error }
    for issue in errors {
      printRecordMessage("fhirkit: \(record.location): \(issue)" + VerboseValue.suffix(for: record, at: issue.path))
      issueReport.write(issue, location: record.location)
    }
    Console.shared.count(resources: 1, issues: errors.isEmpty ? 0 : 1)
    guard isDecoded else {
      skipped += 1
      printRecordMessage("fhirkit: \(record.location): skipped: not a resource the models can read")
      issueReport.write([
        "kind": "skipped", "location": .string(record.location), "severity": "error", "code": "notConverted",
        "message": "not a resource the models can read",
      ])
      if strict { throw someRecordsFailed }
      return
    }
    resourcesRead += 1
    // A record whose input had to be repaired to fit the models is converted with issues too.
    if !errors.isEmpty || !repairs.isEmpty {
      withIssues += 1
      if let issue = errors.first, let type = issue.resourceType, let id = issue.resourceID {
        keysWithIssues.insert("\(type)/\(id)")
      } else if let type = record.tokens.memberString("resourceType", ofObjectAt: record.index),
        let id = record.tokens.memberString("id", ofObjectAt: record.index)
      {
        keysWithIssues.insert("\(type)/\(id)")
      }
      // --strict: an error-level issue stops, repaired or not.
      if strict { throw someRecordsFailed }
    }
  }
}

import ArgumentParser
import FHIRKit

/// `fhirkit convert`: FHIR JSON from one release to the other, re-encoded through the
/// models in the same release, merged into care entities, or care entities back to FHIR.
struct ConvertCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "convert",
    abstract: "Convert FHIR JSON between DSTU2 and R4, to care entities, or back.",
    discussion: """
      Reads files, folders or - (NDJSON or one or more Bundles or resources) and writes \
      one record per line (NDJSON) to standard output or -o; Bundle entries come out one \
      per line, in input order (whatever --jobs is). A Bundle is told by its resourceType \
      (a List keeps its entries); a Bundle entry without a resource (a transaction's \
      DELETE) has no line: it is named on stderr and in --report with its request method.

      --to r4|dstu2 converts each resource to that release; --from r4 --to r4 re-encodes \
      through the R4 models, which checks and normalises files. What a conversion drops, \
      defaults or carries as an extension is counted on stderr and listed with --report, \
      by path, never with data values. Error-level issues are printed on stderr with \
      their place; the record is still written (converted with issues) and the exit code \
      stays 0 (--strict stops there with 1). A record that cannot be converted is skipped, \
      with why and where, and the exit code is 1.

      Without --repair, what the models cannot fit (an array where one value belongs, a \
      value of the wrong type, an empty object or array) is kept exactly as it came and \
      reported as an issue, so --from X --to X writes it back unchanged. --repair makes \
      it fit instead (an array's first element, a value wrapped into an array, empties, \
      nulls and invalid values left out, DSTU2 activity 'prohibited' set to false) and \
      counts every change as "repaired"; --report lists each by path. A conversion to the \
      other release always repairs, and reports it the same way. A resource of a type the \
      release converter does not map (an Encounter, a Condition, …) is skipped in a \
      conversion to the other release, counted by type on stderr and listed in --report \
      (its JSON would be the old release's, not the target's); --pass-through writes it \
      unchanged instead, reported as passed through.

      --to care merges all resources into care entities (patients, care plans, tasks, \
      outcomes; one JSON object per line with "kind"; --care-format carekit writes each \
      entity as CareKit's Codable does instead, for JSONDecoder into OCKTask and the rest). References that cannot be followed \
      are listed on stderr and in --report by the referring Type/id and path; they do not \
      change the exit code. What the coders approximated (dropped, defaulted, not fully \
      representable) is counted in one line on stderr and listed per resource and path in \
      --report. --from care reads such lines back and writes FHIR as export does (a \
      pipeline medication plan's tasks as orders, one dosage per timing); without --from, inputs \
      whose first line is a care record are read so too (care NDJSON among FHIR inputs is \
      refused, exit code 2). An object without resourceType is skipped: not a FHIR resource.

      -o writes a regular file through a temporary file renamed into place at the end, so an \
      interrupted or failed run keeps what was there; a device or FIFO is written in place, \
      a symbolic link is followed. An output or report that is one of the inputs is refused.

      --format json writes one pretty-printed document: a single resource stays a single \
      resource, one input Bundle stays that Bundle (entries without a resource \
      included), anything else becomes a collection \
      Bundle (care entities: one JSON array). --format bundle always writes a collection \
      Bundle. Both hold the output in memory; NDJSON streams.

      Examples:
        fhirkit convert --to r4 Fixtures/dstu2/bundles > r4.ndjson
        cat export.ndjson | fhirkit convert --from r4 --to r4 - > normalised.ndjson
        fhirkit convert --to care --report issues.ndjson Fixtures/r4/bundles
        fhirkit convert --from care --to r4 --format bundle care.ndjson

      Exit codes: 0 every record converted (with issues or not); 1 some records skipped \
      (counts on stderr), or --strict stopped; 2 usage error (also: an output that is an \
      input); 3 input unreadable, or cannot write the output; 129/130/143 interrupted \
      (SIGHUP, SIGINT, SIGTERM). More: docs/cli.md.
      """)

  /// What to produce.
  enum Target: String, ExpressibleByArgument, CaseIterable {
    case r4, dstu2, care
  }

  /// What the inputs are.
  enum Source: String, ExpressibleByArgument, CaseIterable {
    case auto, r4, dstu2, care
  }

  @Argument(help: "Files, folders or - for standard input.", completion: .file(extensions: ["json", "ndjson"]))
  var inputs: [String] = ["-"]

  @Option(help: "What the inputs are: a FHIR release (auto detects it per resource), or care entities.")
  var from: Source = .auto

  @Option(help: "What to write.")
  var to: Target

  @Option(help: "How to write it.")
  var format: OutputFormat = .ndjson

  @Option(help: CareFormatOption.help)
  var careFormat: CareFormatOption?

  @Option(name: .shortAndLong, help: "Write to this file instead of standard output.", completion: .file())
  var output: String?

  @Option(help: "Write issues and conversion entries as NDJSON to this file.", completion: .file())
  var report: String?

  @Flag(help: "Stop at the first bad record (the records before it are still written).")
  var strict = false

  @Flag(help: "Make what the models cannot fit fit (listing every change in --report) instead of keeping it as it came.")
  var repair = false

  @Flag(help: "In a conversion to the other release, write resources of types the converter does not map unchanged (reported) instead of skipping them.")
  var passThrough = false

  @Option(name: .shortAndLong, help: "Decode, convert and merge on this many threads (default: all cores); the output is the same.")
  var jobs: Int?

  @OptionGroup var messages: MessageOptions

  func validate() throws {
    try PathOptions.refuseEmpty(["-o": output, "--report": report])
    if from == .care && to == .care { throw ValidationError("--from care needs --to r4 or --to dstu2") }
    if to == .care && format == .bundle { throw ValidationError("--format bundle writes FHIR; use --format ndjson or json with --to care") }
    if repair && (from == .care || to == .care) { throw ValidationError("--repair applies to FHIR input converted to --to r4 or --to dstu2") }
    if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
    if careFormat != nil && to != .care { throw ValidationError("--care-format applies to --to care only") }
  }

  func run() throws {
    messages.apply()
    let listing = try InputFiles.expandOrExit(inputs)
    var files = listing.inputs
    try OutputFile.refuseInputs(outputs: [output, report], inputs: files.map(\.path))
    // Care NDJSON given without --from care is read as care when all the inputs are.
    var from = self.from
    let care = from == .auto ? try CareInputDetection.careInputs(&files, command: "convert") : []
    if !care.isEmpty {
      if to == .care {
        throw CLIError(
          message: "the inputs are care entities already: --to r4 or --to dstu2 writes them as FHIR",
          exitCode: ExitCode(2))
      }
      if repair {
        throw CLIError(message: "--repair applies to FHIR input; the inputs are care entities", exitCode: ExitCode(2))
      }
      CareInputDetection.sayReadAsCare(care)
      from = .care
    }
    let issueReport = try IssueReport(path: report)
    // Records streamed from a pipe or terminal into a new NDJSON file: written in place, so that
    // the file can be followed while the producer runs (docs/cli.md, "Streaming from a pipe").
    let live = format == .ndjson && to != .care && files.allSatisfy { $0.path == "-" } && !OutputFile.standardInputIsAFile
    let out = try OutputFile(path: output, followsLive: live)
    Console.shared.startProgress()
    defer { Console.shared.endProgress() }
    var summary = RunSummary()
    var stopped: ExitCode?
    var noun = "resource(s)"
    switch (from, to) {
    case (.care, .r4), (.care, .dstu2):
      let output = ResourceOutput(format: format, file: out)
      let run = CareToFHIRRun(target: to == .r4 ? .r4 : .dstu2, strict: strict, issueReport: issueReport, output: output)
      do { try run.run(files, summary: &summary) } catch let code as ExitCode { stopped = code }
      try output.finish()
    case (_, .care):
      noun = "care record(s)"
      let run = CareConversionRun(
        from: release, strict: strict, format: format, careFormat: careFormat?.value ?? .native,
        jobs: jobs ?? processorCount, issueReport: issueReport, output: out)
      do {
        try run.run(files, summary: &summary)
      } catch let error where error is StagingError || error is ExitCode {
        // What was written stays.
        try out.close()
        try issueReport.close()
        Console.shared.endProgress()
        if let error = error as? StagingError {
          // The staging files could not be made, written or read back.
          printError("fhirkit: \(error)")
          throw ExitCode(3)
        }
        let written =
          summary.written == 0
          ? "no entities written" : "\(summary.written) care record(s) of the patient groups merged before it written"
        if strict { printError("fhirkit: stopped at the first bad record or error-level issue (--strict); \(written)") }
        throw error
      }
    case (_, .r4), (_, .dstu2):
      let output = ResourceOutput(format: format, file: out)
      let run = ReleaseConversionRun(
        from: release, to: to == .r4 ? .r4 : .dstu2, strict: strict, repair: repair, passThrough: passThrough,
        jobs: jobs ?? processorCount, issueReport: issueReport, output: output)
      do { try run.run(files) } catch let code as ExitCode { stopped = code }
      try output.finish()  // may still count Bundle entries it has no place for
      run.reportEnvelopesNotWritten(format: format)
      summary = run.summary
      if let line = run.unmappedLine { printRecordMessage(line) }
      // What the input Bundle written in the other release left out (`--format json`).
      for (path, reason) in output.droppedFromBundle where issueReport.isEnabled {
        issueReport.write([
          "location": "Bundle", "path": .string("\(path)"), "action": "dropped", "message": .string(reason),
        ])
      }
      if !output.droppedFromBundle.isEmpty { summary.actions["dropped", default: 0] += output.droppedFromBundle.count }
    }
    try issueReport.close()
    Console.shared.endProgress()
    summary.countSkipped(listing)
    try summary.finish(noun: noun, stopped: stopped)
  }

  /// `--from` as a FHIR release option (`care` is handled before).
  private var release: ReleaseOption {
    switch from {
    case .auto, .care: .auto
    case .r4: .r4
    case .dstu2: .dstu2
    }
  }
}

import ArgumentParser
import FHIRDSTU2
import FHIRKit
import FHIRR4
import Foundation

/// `fhirkit validate`: decodes every resource with the models and reports their issues.
struct ValidateCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "validate",
    abstract: "Check FHIR JSON against the R4 or DSTU2 models and report every issue.",
    discussion: """
      Each resource (NDJSON line, Bundle entry or single resource) is decoded with the \
      models of its release, detected per resource unless --release says otherwise. \
      Issues are printed as `location: severity: message at path (code) in Type/id`, \
      never with data values. Information-level issues (elements the models keep \
      without knowing them) are printed with --verbose; --report lists every issue.

      Examples:
        fhirkit validate Fixtures/r4/examples/Patient
        fhirkit validate --release dstu2 --report issues.ndjson export.ndjson

      Exit codes: 0 no errors; 1 some resources have errors; 2 usage error (also: a \
      report that is an input); 3 input unreadable, or cannot write the report; 129/130/143 \
      interrupted.
      """)

  @Argument(help: "Files, folders or - for standard input.")
  var inputs: [String] = ["-"]

  @Option(help: "The release of the inputs (auto detects it per resource).")
  var release: ReleaseOption = .auto

  @Option(help: "Write every issue as NDJSON to this file.")
  var report: String?

  @Flag(help: "Stop at the first error-level issue.")
  var strict = false

  @Flag(help: "Also show information-level issues.")
  var verbose = false

  @OptionGroup var messages: QuietOption

  @Option(name: .shortAndLong, help: "Check on this many threads (default: all cores); the output is the same.")
  var jobs: Int?

  func validate() throws {
    try PathOptions.refuseEmpty(["--report": report])
    if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
  }

  func run() throws {
    messages.apply()
    let listing = try InputFiles.expandOrExit(inputs)
    let files = listing.inputs
    try OutputFile.refuseInputs(outputs: [report], inputs: files.map(\.path))
    let issueReport = try IssueReport(path: report)
    var resources = 0
    var failed = 0
    var unreadable = 0
    let batcher = RecordBatcher<[ValidationIssue]>(
      from: release, jobs: jobs ?? processorCount, work: { record, release in try Self.decode(record, release: release) },
      handle: { record, outcome in
        resources += 1
        let issues = try outcome.get()
        let hasErrors = issues.contains { $0.severity == .error }
        Console.shared.count(resources: 1, issues: hasErrors ? 1 : 0)
        show(issues, at: record.location, in: issueReport)
        if hasErrors {
          failed += 1
          if strict { throw someRecordsFailed }
        }
      })
    // A Bundle read entry by entry is handed out last without its entries: its own elements
    // (`type`, `link`, …) are checked then. A top-level value that was a record itself (an
    // NDJSON line, a single resource) has been checked whole.
    var lastWasWholeValue = false
    var bundlesWithErrors = 0
    var source = ""
    Console.shared.startProgress()
    defer { Console.shared.endProgress() }
    let hooks = ResourceReader.Hooks(
      bytesRead: { Console.shared.count(bytes: $0) },
      topLevelValue: { [release] tokens in
        defer { lastWasWholeValue = false }
        guard !lastWasWholeValue, tokens.memberString("resourceType", ofObjectAt: 0) == "Bundle" else { return }
        try batcher.flush()
        var inputRelease: FHIRRelease?
        let issues = try Self.decode(
          ResourceRecord(tokens: tokens, source: source), release: release.release(for: tokens, inputRelease: &inputRelease)
        ).filter { $0.path.components.first != .key("entry") }
        show(issues, at: source, in: issueReport)
        if issues.contains(where: { $0.severity == .error }) {
          bundlesWithErrors += 1
          if strict { throw someRecordsFailed }
        }
      },
      idle: {
        // A pipe whose producer pauses: the records read so far are checked and printed now.
        try batcher.flush()
        fflush(nil)  // all streams: standard output is a pipe here
      },
      note: { note, source in issueReport.write(note, source: source) })
    do {
      for file in files {
        source = file.source
        try batcher.startInput()
        do {
          try ResourceReader.read(
            file, hooks: hooks,
            onError: { error in
              try batcher.flush()
              failed += 1
              printRecordMessage("fhirkit: \(error)")
              issueReport.write(error)
              if strict { throw someRecordsFailed }
            },
            notAResource: { record in
              lastWasWholeValue = !record.isBundleEntry
              try batcher.flush()
              failed += 1
              NotAResource.report(record, to: issueReport)
              if strict { throw someRecordsFailed }
            },
            { record in
              lastWasWholeValue = !record.isBundleEntry
              try batcher.add(record)
            })
          try batcher.flush()
        } catch let error as JSONError {
          printError("fhirkit: \(error)")
          unreadable += 1
        }
      }
    } catch let code as ExitCode {
      try issueReport.close()  // --strict: the issues up to the stop are kept
      throw code
    }
    try issueReport.close()
    Console.shared.endProgress()
    fflush(nil)  // all streams: the issues come before the summary
    let skipped = listing.skipped.isEmpty ? "" : "; \(listing.skipped.count) file(s) skipped"
    let bundles = bundlesWithErrors == 0 ? "" : "; \(bundlesWithErrors) Bundle(s) with errors in their own elements"
    if !Console.shared.quiet || failed > 0 || unreadable > 0 || bundlesWithErrors > 0 {
      printError("fhirkit: \(resources) resource(s) checked, \(failed) with errors\(bundles)\(skipped)")
    }
    if unreadable > 0 { throw ExitCode(3) }
    if failed > 0 || bundlesWithErrors > 0 { throw someRecordsFailed }
  }

  /// Writes `issues`, found at `location`, to the report, and prints them but the
  /// information-level ones (those only with --verbose), as `convert --report` does.
  private func show(_ issues: [ValidationIssue], at location: String, in issueReport: IssueReport) {
    for issue in issues {
      issueReport.write(issue, location: location)
      guard verbose || issue.severity != .information else { continue }
      Console.shared.clearForStandardOutput()
      print("\(location): \(issue)")
    }
  }

  private static func decode(_ record: ResourceRecord, release: FHIRRelease) throws -> [ValidationIssue] {
    let options = DecodingOptions(mode: .lenient, pathPrefix: record.pathPrefix)
    switch release {
    case .r4: return try FHIRR4.AnyResource.decode(from: record.tokens, at: record.index, options: options).issues
    case .dstu2: return try FHIRDSTU2.AnyResource.decode(from: record.tokens, at: record.index, options: options).issues
    }
  }
}

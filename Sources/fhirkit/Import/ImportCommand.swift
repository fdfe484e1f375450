import ArgumentParser
import CarePipeline
import CareStore
import CareStoreLocation
import Foundation

/// `fhirkit import`: FHIR resources → care pipeline → care store.
struct ImportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "import",
    abstract: "Merge FHIR resources into care entities and store them (versioned, idempotent).",
    discussion: """
      Reads the inputs as 'convert --to care' does, merges them with the care pipeline and \
      writes the entities into the store in batched transactions as patient groups are \
      merged: memory stays bounded whatever the input's size (resources are staged in the \
      temporary folder, TMPDIR). Importing the same input again adds nothing; a changed \
      resource adds one new version of its entities. The same files again, into an SQLite \
      store nothing wrote to since, are only digested, not merged (--recheck merges them \
      anyway). Prints \
      counts per entity kind on stderr: added, unchanged, new versions; then, when not every \
      resource was converted cleanly, the outcomes: converted, converted with issues (stored; \
      their issues are listed), skipped (not stored, with why and where). What the coders \
      approximated is counted in one line and listed with --report.

      --from care stores care-entity NDJSON as it is (what export --to care writes), so \
      that 'fhirkit export --to care | fhirkit import --from care -' copies a store. \
      Without --from, inputs whose first line is a care record are stored so too; care \
      NDJSON among FHIR inputs is refused (exit code 2). An object without resourceType \
      in FHIR input is skipped.

      Examples:
        fhirkit import --store care.sqlite Fixtures/r4/bundles
        fhirkit import --store care.sqlite --report issues.ndjson export/
        fhirkit export --store a.sqlite --to care |
          fhirkit import --from care --store b.sqlite -

      Cooperating importers (PostgreSQL stores only): run the same command with the same \
      --job and --workers N on N processes or hosts, each with its own part of the inputs. \
      Each worker stages its files into the database (a file content staged once per job), \
      waits until N workers have staged (--wait-timeout), then merges and stores the \
      partitions it claims from the job until all are done: the store ends up as one import \
      of all the parts leaves it. A worker that dies releases its claims; the others, or the \
      same command run again, finish the job. --status prints where a job stands.
        fhirkit import --store postgresql://db/care --job bulk-1 --workers 3 export/part1/
        fhirkit import --store postgresql://db/care --job bulk-1 --status

      Exit codes: 0 every resource converted (with issues or not); 1 some resources skipped \
      (the others are stored), or --strict stopped at an error-level issue; 2 usage error; \
      3 input unreadable, the store cannot be used (its content is kept) or the report \
      cannot be written; 129/130/143 interrupted.
      """)

  @Argument(help: "Files, folders or - for standard input.")
  var inputs: [String] = ["-"]

  @Option(help: "The store: a file (created, mode 0600, when missing) or a postgresql:// URL.")
  var store = "./fhirkit.sqlite"

  @Option(help: "What the inputs are: a FHIR release (auto detects it per resource), or care entities (NDJSON, as export --to care writes).")
  var from: ConvertCommand.Source = .auto

  @Option(help: "Entities per write transaction.")
  var batchSize = 2000

  @Option(help: "Write issues as NDJSON to this file.")
  var report: String?

  @Flag(help: "Stop at the first bad record.")
  var strict = false

  @Option(name: .shortAndLong, help: "Decode, merge and encode for the store on this many threads (default: all cores); the store gets the same entities.")
  var jobs: Int?

  /// The threads `--jobs` asks for: all cores when not given.
  var threads: Int { jobs ?? processorCount }

  @Option(help: "Cooperate with other workers on this named job (PostgreSQL stores only).")
  var job: String?

  @Option(help: "With --job: how many workers stage before any merges.")
  var workers: Int?

  @Option(help: "With --job: seconds to wait for the other workers to stage (default: 3600).")
  var waitTimeout: Double = 3600

  @Flag(help: "With --job: print the job's workers, staged files and resources, and partitions left and done.")
  var status = false

  @Flag(help: "Merge and store the inputs even when they are unchanged since the store's last import.")
  var recheck = false

  /// Accepted for scripts written before every import was staged; changes nothing.
  @Flag(help: .hidden)
  var staged = false

  @OptionGroup var messages: MessageOptions

  func validate() throws {
    try PathOptions.refuseEmpty(["--store": store, "--report": report])
    guard batchSize > 0 else { throw ValidationError("--batch-size must be at least 1") }
    if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
    try ImportJobRun.validate(self)
  }

  func run() throws {
    messages.apply()
    if let job {
      return try ImportJobRun(command: self, job: job).run()
    }
    let listing = try InputFiles.expandOrExit(inputs)
    var files = listing.inputs
    try OutputFile.refuseInputs(outputs: [report, store], inputs: files.map(\.path))
    // Care NDJSON given without --from care is stored as care when all the inputs are.
    var care = from == .care
    if from == .auto {
      let names = try CareInputDetection.careInputs(&files, command: "import")
      CareInputDetection.sayReadAsCare(names)
      care = !names.isEmpty
    }
    let issueReport = try IssueReport(path: report)
    Interruption.shared.note("\(StoreLocation(store)): keeps the batches committed before it (importing again finishes the job)")
    if care {
      return try CareRecordsImport(
        store: store, batchSize: batchSize, jobs: threads, strict: strict, issueReport: issueReport).run(files)
    }
    // Inputs unchanged since the store's last import, into a store nothing wrote to since: the
    // import would write nothing, so it is not run (unless a report or --recheck asks for it).
    // (Only SQLite stores keep import marks: no need to digest the inputs for another.)
    let fingerprint = StoreLocation(store).kind == .sqlite ? ImportFingerprint(inputs: files, from: release) : nil
    var opened: (any CareStoreBackend)?
    if let fingerprint, !recheck, report == nil, let path = StoreLocation(store).path,
      FileManager.default.fileExists(atPath: path)
    {
      do {
        let backend = try StoreLocation(store).open()
        opened = backend
        if let mark = try Self.unchangedMark(fingerprint, files: files, importer: CareImporter(backend: backend)) {
          return sayUnchanged(mark)
        }
      } catch let error as StoreError {
        printError("fhirkit: \(error)")
        throw ExitCode(3)
      } catch {
        // An input that cannot be read now is read, and named, by the import below.
      }
    }
    let reportWriter = PipelineReportWriter(issueReport: issueReport)
    // Resources are staged on disk and merged patient group by patient group; the entities are
    // written in batches as they are merged, so memory stays bounded whatever the input's size.
    let conversion: StagedConversion
    do {
      conversion = try StagedConversion(pipeline: reportWriter.pipeline(keepsSourceJSON: true), staging: .init(jobs: threads))
    } catch let error as StagingError {
      printError("fhirkit: \(error)")
      throw ExitCode(3)
    }
    Console.shared.startProgress()
    defer { Console.shared.endProgress() }
    let reader = CareInputReader(from: release, strict: strict, issueReport: issueReport, jobs: threads, staged: conversion)
    if fingerprint != nil { reader.digests = InputDigests() }
    do {
      try reader.read(files)
    } catch let code as ExitCode {
      try issueReport.close()  // --strict: the issues up to the stop are kept
      throw code
    }
    let progress = MergeProgress()
    conversion.onPartitionMerged = { progress.merged($0, of: $1) }
    let summary: ImportSummary
    var pipelineReport = PipelineReport()
    var start: Int64?
    var marker: CareImporter?
    do {
      // --strict stops at the first resource the coders refuse or error they report: every
      // patient group is merged once to look before the store is opened, so nothing is stored.
      if strict {
        progress.start("checking")
        try conversion.check { [issueReport] in try ConversionIssueOutput.stopAtFirstError($0, issueReport: issueReport) }
      }
      let backend = try opened ?? StoreLocation(store).open()
      let importer = CareImporter(backend: backend, batchSize: batchSize, jobs: threads)
      start = fingerprint == nil ? nil : try importer.changeHorizon()
      marker = importer
      progress.start("merging and storing")
      summary = try importer.importStream(
        { add in pipelineReport = try conversion.finish(withSources: add) },
        afterBatch: { progress.stored($0.versionsWritten + $0.counts.values.reduce(0) { $0 + $1.unchanged }) })
    } catch let error as StoreError {
      printError("fhirkit: \(error)")
      throw ExitCode(3)
    } catch let error as StagingError {
      printError("fhirkit: \(error)")
      throw ExitCode(3)
    } catch let code as ExitCode {
      try issueReport.close()
      printError("fhirkit: stopped at the first bad record or error-level issue (--strict); nothing stored")
      throw code
    }
    Console.shared.endProgress()
    var outcomes = RunSummary()
    reportWriter.write(pipelineReport, reader: reader, into: &outcomes)
    // Numbers the coders had to skip and entities the store could not write fail the run.
    outcomes.valuesSkipped = ConversionIssueOutput.print(pipelineReport)
    outcomes.notStored = ConversionIssueOutput.report(summary.failures, to: issueReport)
    try issueReport.close()
    if let fingerprint, let start, let marker, let digests = reader.digests?.digests, digests.count == files.count,
      !outcomes.somethingFailed, reader.unreadable == 0, reader.skipped == 0, summary.conflicts.isEmpty
    {
      let mark = ImportMark(
        fingerprint: fingerprint.fingerprint(contentDigests: digests), quickKey: fingerprint.quickKey, date: Date(),
        resourcesRead: reader.resourcesRead, entities: Self.entities(summary))
      do {
        try marker.leaveImportMark(mark, startedAt: start, summary: summary)
      } catch let error as StoreError {
        // Everything is stored; only the next import of the same inputs will not be skipped.
        printError("fhirkit: \(error)")
      }
    }
    if !Console.shared.quiet || outcomes.somethingFailed {
      printError(Self.describe(summary, resources: reader.resourcesRead))
      reportWriter.printApproximations(PipelineReportWriter.approximations(pipelineReport))
      reportWriter.printNotConverted(pipelineReport)
      if let line = Self.outcomeLine(outcomes) { printError(line) }
      if !listing.skipped.isEmpty { printError("fhirkit: \(listing.skipped.count) file(s) skipped in folders") }
      if reader.entriesWithoutResource > 0 {
        printError("fhirkit: \(reader.entriesWithoutResource) Bundle entry(ies) without resource skipped")
      }
    }
    if reader.unreadable > 0 && reader.resourcesRead == 0 { throw ExitCode(3) }
    if outcomes.somethingFailed { throw someRecordsFailed }
  }

  /// `fhirkit: 310 converted, 2 converted with issues, 1 skipped; 1 value(s) skipped; 1 not
  /// stored; 1 input(s) unreadable`, or `nil` when every resource was converted cleanly.
  static func outcomeLine(_ outcomes: RunSummary) -> String? {
    guard outcomes.convertedWithIssues > 0 || outcomes.skipped > 0 || outcomes.unreadable > 0 || outcomes.somethingFailed
    else { return nil }
    var parts = ["\(outcomes.converted) converted"]
    if outcomes.convertedWithIssues > 0 { parts.append("\(outcomes.convertedWithIssues) converted with issues") }
    if outcomes.skipped > 0 { parts.append("\(outcomes.skipped) skipped") }
    var line = "fhirkit: " + parts.joined(separator: ", ")
    if outcomes.valuesSkipped > 0 { line += "; \(outcomes.valuesSkipped) value(s) skipped" }
    if outcomes.notStored > 0 { line += "; \(outcomes.notStored) not stored" }
    if outcomes.unreadable > 0 { line += "; \(outcomes.unreadable) input(s) unreadable" }
    return line
  }

  /// `--from` as a FHIR release option (`care` is handled before).
  private var release: ReleaseOption {
    switch from {
    case .auto, .care: .auto
    case .r4: .r4
    case .dstu2: .dstu2
    }
  }

  /// The printed summary: one line per kind.
  static func describe(_ summary: ImportSummary, resources: Int, noun: String = "resources") -> String {
    var lines = ["\(noun) read: \(resources)", "kind        added  unchanged  new versions"]
    for kind in EntityKind.allCases {
      let c = summary.counts[kind] ?? ImportSummary.Counts()
      // Only care records and devices bring contacts: no line for none.
      if kind == .contact && c.added + c.unchanged + c.newVersions + c.conflicts == 0 { continue }
      var line = kind.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0)
      line += String(format: " %6d %10d %13d", c.added, c.unchanged, c.newVersions)
      if c.conflicts > 0 { line += "  (\(c.conflicts) outcomes for an occupied occurrence not stored)" }
      lines.append(line)
    }
    lines.append("batches committed: \(summary.batches)")
    return lines.joined(separator: "\n")
  }
}

import ArgumentParser
import CarePipeline
import CareStore
import CareStoreLocation
import CareStorePostgres
import FHIRKit
import Foundation

/// `fhirkit import --job NAME --workers N`: one worker of an import shared by N processes
/// (``ImportJob``). Stages this worker's files into the job's tables, waits for the other
/// workers, rebuilds the staged conversion of every worker's resources, then merges and stores
/// the partitions it claims until every partition is done. `--status` prints where the job stands.
struct ImportJobRun {
  let command: ImportCommand
  let job: String

  /// The usage errors of the job options (exit code 2): a job needs a PostgreSQL store, a
  /// number of workers and files; `--status` needs a job and takes no inputs.
  static func validate(_ command: ImportCommand) throws {
    let usesJob = command.job != nil || command.workers != nil || command.status
    guard usesJob else { return }
    if StoreLocation(command.store).kind != .postgres {
      throw ValidationError(
        "--job, --workers and --status need a postgresql:// store: SQLite stores are written by one importer at a time")
    }
    guard let job = command.job else { throw ValidationError("--workers and --status need --job NAME") }
    if job.isEmpty || job.count > 200 { throw ValidationError("--job must be 1 to 200 characters") }
    if command.status {
      if command.inputs != ["-"] { throw ValidationError("--status takes no inputs") }
      return
    }
    guard let workers = command.workers else { throw ValidationError("--job needs --workers N") }
    if workers < 1 { throw ValidationError("--workers must be at least 1") }
    if command.waitTimeout < 0 { throw ValidationError("--wait-timeout must be 0 or more") }
    if command.inputs.contains("-") { throw ValidationError("--job stages files: standard input (-) cannot be staged") }
    if command.from == .care { throw ValidationError("--job imports FHIR resources, not care records (--from care)") }
    if command.strict { throw ValidationError("--strict cannot be used with --job") }
  }

  func run() throws {
    do {
      if command.status { return try printStatus() }
      try work()
    } catch let error as StoreError {
      printError("fhirkit: \(error)")
      throw ExitCode(3)
    } catch let error as ImportJobError {
      printError("fhirkit: \(error)")
      throw ExitCode(error.kind == .mismatch ? 2 : 3)
    } catch let error as StagingError {
      printError("fhirkit: \(error)")
      throw ExitCode(3)
    }
  }

  private func printStatus() throws {
    let status: ImportJob.Status
    do {
      status = try ImportJob(url: command.store, job: job, readOnly: true).status()
    } catch let error as StoreError
      where error.kind == .readOnly || (error.kind == .cannotOpen && error.detail == "the database holds no store")
    {
      // A database without a store, or a store without the job tables, holds no job.
      throw ImportJobError(.noSuchJob, job: job, message: "no such job in \(StoreLocation(command.store))")
    }
    print(ImportJobStatusText.lines(status).joined(separator: "\n"))
  }

  private func work() throws {
    let listing = try InputFiles.expandOrExit(command.inputs)
    let files = listing.inputs
    try OutputFile.refuseInputs(outputs: [command.report], inputs: files.map(\.path))
    let issueReport = try IssueReport(path: command.report)
    let reportWriter = PipelineReportWriter(issueReport: issueReport)
    let jobs = command.threads
    // The files' digests first: together they name this worker's part of the inputs.
    let digests = try files.map(Self.digest)
    let importJob = try ImportJob(url: command.store, job: job)
    let worker = try importJob.join(
      workers: command.workers ?? 1, partitionBytes: Pipeline.StagingOptions().partitionBytes,
      part: ImportJob.partKey(of: digests.map(\.sha256)), host: ProcessInfo.processInfo.hostName, pid: Int(getpid()))
    let name = "job \(job), worker \(worker)"
    Interruption.shared.note(
      "\(StoreLocation(command.store)): \(name): what was staged and stored is kept (the same command run again goes on)"
    )

    // 1. Stage this worker's files, each content once per job.
    let reader = CareInputReader(from: release, strict: false, issueReport: issueReport, jobs: jobs)
    var stagedFiles = 0
    var alreadyStaged = 0
    for (file, (sha, size)) in zip(files, digests) {
      if try importJob.isStaged(sha) {
        alreadyStaged += 1
        continue
      }
      let staged = try importJob.stage(file: sha, path: file.path, bytes: size) { add in
        try withoutActuallyEscaping(add) { add in
          reader.sink = { entry in try add(Self.stagedResource(entry)) }
          defer { reader.sink = nil }
          try reader.read([file])
        }
      }
      if staged { stagedFiles += 1 } else { alreadyStaged += 1 }
    }
    try importJob.finishStaging()
    if !Console.shared.quiet {
      printError(
        "fhirkit: \(name): \(stagedFiles) file(s) staged (\(reader.resourcesRead) resources), \(alreadyStaged) staged before"
      )
    }

    // 2. Wait for every worker to stage, then rebuild everything staged, as every worker does.
    try importJob.waitForWorkers(timeout: command.waitTimeout) { staged, expected in
      printError("fhirkit: \(name): waiting for the other workers to stage (\(staged) of \(expected) staged)")
    }
    try importJob.seal()
    let conversion = try StagedConversion(
      pipeline: reportWriter.pipeline(keepsSourceJSON: true),
      staging: .init(partitionBytes: importJob.partitionBytes, jobs: jobs))
    let resources = try importJob.forEachStagedResource { staged in
      try conversion.add(
        canonicalJSON: staged.json, release: staged.release == "dstu2" ? .dstu2 : .r4, fullUrl: staged.fullUrl,
        originalJSON: staged.originalJSON)
    }
    let partitions = try conversion.partitionCount()
    try importJob.recordPartitions(partitions)

    // 3. Merge and store the partitions claimed, until every one is done.
    let backend = try StoreLocation(command.store).open()
    let importer = CareImporter(backend: backend, batchSize: command.batchSize, jobs: jobs)
    var summary = ImportSummary()
    let done = try importJob.claimPartitions(
      { partition in
        let stored = try importer.importStream { add in try conversion.merge(partition: partition, withSources: add) }
        Self.add(stored, to: &summary)
      },
      waiting: { left in
        printError("fhirkit: \(name): waiting for \(left) partition(s) other workers are storing")
      })
    try importJob.finishMerging()

    let report = conversion.partitionsReport
    var outcomes = RunSummary()
    reportWriter.write(report, reader: reader, into: &outcomes)
    outcomes.valuesSkipped = ConversionIssueOutput.print(report)
    outcomes.notStored = ConversionIssueOutput.report(summary.failures, to: issueReport)
    try issueReport.close()
    if !Console.shared.quiet || outcomes.somethingFailed {
      printError(
        "fhirkit: \(name): \(done) of \(partitions) partition(s) stored by this worker; \(resources) resources staged in the job"
      )
      printError(ImportCommand.describe(summary, resources: reader.resourcesRead))
      reportWriter.printNotConverted(report)
      if let line = ImportCommand.outcomeLine(outcomes) { printError(line) }
      if !listing.skipped.isEmpty { printError("fhirkit: \(listing.skipped.count) file(s) skipped in folders") }
    }
    if reader.unreadable > 0 && reader.resourcesRead == 0 && resources == 0 { throw ExitCode(3) }
    if outcomes.somethingFailed { throw someRecordsFailed }
  }

  /// `--from` as a FHIR release option.
  private var release: ReleaseOption {
    switch command.from {
    case .auto, .care: .auto
    case .r4: .r4
    case .dstu2: .dstu2
    }
  }

  /// Adds a partition's import summary to the worker's.
  static func add(_ part: ImportSummary, to summary: inout ImportSummary) {
    for (kind, counts) in part.counts {
      var total = summary.counts[kind] ?? ImportSummary.Counts()
      total.added += counts.added
      total.unchanged += counts.unchanged
      total.newVersions += counts.newVersions
      total.conflicts += counts.conflicts
      total.duplicateIDs += counts.duplicateIDs
      summary.counts[kind] = total
    }
    summary.batches += part.batches
    summary.conflicts += part.conflicts
    summary.failures += part.failures
  }

  /// The SHA-256 and size of a file's bytes as stored (compressed, if it is).
  /// - Throws: ``CLIError`` (exit code 3) when it cannot be read.
  static func digest(_ input: InputFiles.Input) throws -> (sha256: String, bytes: Int) {
    guard let file = input.file, let handle = FileHandle(forReadingAtPath: file.description) else {
      throw CLIError.unreadable("\(input.path): cannot be read")
    }
    defer { try? handle.close() }
    var digest = ContentSHA256()
    var size = 0
    do {
      while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
        digest.update(chunk)
        size += chunk.count
      }
    } catch {
      throw CLIError.unreadable("\(input.path): cannot be read")
    }
    return (digest.finalize(), size)
  }

  /// What a decoded entry is staged as: its release and compact JSON, its `fullUrl`, and its
  /// JSON as read when decoding repaired it.
  static func stagedResource(_ entry: PipelineInput.Entry) -> ImportJob.Resource {
    switch entry.resource {
    case .r4(let resource):
      ImportJob.Resource(
        release: "r4", fullUrl: entry.fullUrl, json: resource.jsonBytes(), originalJSON: entry.originalJSON)
    case .dstu2(let resource):
      ImportJob.Resource(
        release: "dstu2", fullUrl: entry.fullUrl, json: resource.jsonBytes(), originalJSON: entry.originalJSON)
    }
  }
}

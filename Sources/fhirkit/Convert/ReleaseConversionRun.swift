import ArgumentParser
import FHIRKit

/// `convert --to r4|dstu2` from FHIR input: reads the records, converts them in batches on
/// `jobs` threads, and writes them in input order — the output does not depend on `jobs`.
///
/// Within a batch, release detection and then conversion run in parallel; everything a user
/// sees (messages, report lines, output) is produced afterwards, in input order, by one thread.
final class ReleaseConversionRun {
  /// Records converted together; large enough to keep the threads busy, small enough
  /// that memory stays bounded.
  static let batchSize = 2048

  private let from: ReleaseOption
  private let converter: RecordConverter
  private let strict: Bool
  private let jobs: Int
  private let issueReport: IssueReport
  private let output: ResourceOutput
  private var pending: [ResourceRecord] = []
  private var inputRelease: FHIRRelease?
  /// What the run did, for the summary.
  private(set) var summary = RunSummary()

  init(from: ReleaseOption, to target: FHIRRelease, strict: Bool, jobs: Int, issueReport: IssueReport, output: ResourceOutput) {
    self.from = from
    self.converter = RecordConverter(target: target)
    self.strict = strict
    self.jobs = jobs
    self.issueReport = issueReport
    self.output = output
  }

  /// Converts every record of `files`.
  /// - Throws: `ExitCode(1)` at the first bad record in strict mode (after writing the
  ///   records before it).
  func run(_ files: [InputFiles.Input]) throws {
    let hooks = ResourceReader.Hooks(
      bytesRead: { Console.shared.count(bytes: $0) }, topLevelValue: { [output] in output.noteTopLevelValue($0) })
    for file in files {
      inputRelease = nil
      do {
        try ResourceReader.read(
          file, hooks: hooks,
          onError: { [self] error in
            // Records before the bad one come out first, so that messages stay in order.
            try flush()
            summary.failed += 1
            Console.shared.count(issues: 1)
            printRecordMessage("fhirkit: \(error)")
            issueReport.write(error)
            if strict { throw someRecordsFailed }
          },
          { [self] record in
            pending.append(record)
            if pending.count >= Self.batchSize { try flush() }
          })
        try flush()
      } catch let error as JSONError {
        try flush()
        printError("fhirkit: \(error)")
        summary.unreadable += 1
      }
    }
  }

  /// Converts the pending records and writes them, in order.
  private func flush() throws {
    guard !pending.isEmpty else { return }
    let batch = pending
    pending.removeAll(keepingCapacity: true)
    var releases: [FHIRRelease] = []
    releases.reserveCapacity(batch.count)
    if from == .auto {
      let detected = ParallelMap.map(batch, jobs: jobs) { [from] record in from.detect(record.tokens) }
      for outcome in detected { releases.append(from.release(detected: try outcome.get(), inputRelease: &inputRelease)) }
    } else {
      releases = Array(repeating: from.release(detected: nil, inputRelease: &inputRelease), count: batch.count)
    }
    let work = Array(zip(batch, releases))
    let results = ParallelMap.map(work, jobs: jobs) { [converter] record, release in try converter.convert(record, from: release) }
    for ((record, _), outcome) in zip(work, results) {
      try handle(record, outcome)
    }
  }

  private func handle(_ record: ResourceRecord, _ outcome: ParallelMap.Outcome<RecordConverter.Converted>) throws {
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
      printRecordMessage("fhirkit: \(record.location): \(issue)")
      issueReport.write(issue, location: record.location)
    }
    for entry in converted.conversion.entries {
      issueReport.write([
        "location": .string(record.location), "path": .string(entry.path),
        "action": .string(entry.action.rawValue), "message": .string(entry.note),
      ])
    }
    for (action, count) in converted.conversion.counts { summary.actions[action.rawValue, default: 0] += count }
    guard let bytes = converted.bytes else {
      try fail(record, "not a resource the models can read")
      return
    }
    try output.write(bytes, from: record)
    summary.written += 1
    if !errors.isEmpty {
      summary.failed += 1
      Console.shared.count(issues: 1)
      if strict { throw someRecordsFailed }
    }
  }

  private func fail(_ record: ResourceRecord, _ message: String) throws {
    summary.failed += 1
    Console.shared.count(issues: 1)
    printRecordMessage("fhirkit: \(record.location): \(message)")
    if strict { throw someRecordsFailed }
  }
}

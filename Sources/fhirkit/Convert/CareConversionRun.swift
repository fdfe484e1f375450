import ArgumentParser
import CareModel
import CarePipeline
import FHIRKit
import Foundation

/// `convert --to care`: merges every resource of the inputs into care entities with the
/// care pipeline and writes them as care-entity NDJSON (one entity per line, with `"kind"`),
/// or as one JSON array with `--format json`.
///
/// References the pipeline could not follow, resources it could not convert, the coders' issues
/// and what the coders approximated are printed on stderr (referring `Type/id` and JSON path,
/// never values) and written to `--report` (``PipelineReportWriter``). Unresolved references,
/// error-level issues of the input and approximations are warnings; resources that could not be
/// read or converted (skipped) and numbers no `Double` holds that had to be skipped (a dose, a
/// timing duration) make the exit code 1, with every other record written; with `--strict`, the
/// first of them, or the first error-level issue, stops the run (``run(_:summary:)``).
struct CareConversionRun {
  var from: ReleaseOption
  var strict: Bool
  var format: OutputFormat
  /// `--care-format`: FHIRKit's care JSON or CareKit's.
  var careFormat: CareFormat
  var jobs: Int
  var issueReport: IssueReport
  var output: OutputFile

  /// Reads, stages, merges and writes: entities are written partition by partition as the
  /// staged merge hands them out, so memory stays bounded whatever the input's size.
  /// - Parameter summary: Receives what the run did, for the summary (``RunSummary/written``
  ///   counts the records written before a strict stop).
  /// - Throws: ``StagingError`` when the staging files cannot be made, written or read back;
  ///   `ExitCode(1)` in strict mode at the first bad record (nothing merged, nothing
  ///   written) or at the first error the coders report or resource they refuse: the records of
  ///   the partitions (patient groups) merged before it are written, none of its own or later.
  func run(_ files: [InputFiles.Input], summary: inout RunSummary) throws {
    let reportWriter = PipelineReportWriter(issueReport: issueReport)
    let staged = try StagedConversion(pipeline: reportWriter.pipeline(keepsSourceJSON: false), staging: .init(jobs: jobs))
    let reader = CareInputReader(from: from, strict: strict, issueReport: issueReport, jobs: jobs, staged: staged)
    try reader.read(files)
    if reader.entriesWithoutResource > 0 {
      summary.actions["entry(ies) without resource skipped"] = reader.entriesWithoutResource
    }
    let writer = RecordWriter(format: format, output: output)
    let report: PipelineReport
    let progress = MergeProgress(noun: "written")
    staged.onPartitionMerged = { progress.merged($0, of: $1) }
    progress.start("merging")
    do {
      // Each entity is encoded on the merging threads; lines are written here, in order.
      let encode = CareFormatOption.encoder(careFormat, native: CareJSONWriter.fastDates)
      report = try staged.finish(checking: strictCheck, preparing: { record, _ in encode(record) }) { line in
        try writer.write(line)
        summary.written += 1
        if summary.written % 256 == 0 { progress.stored(summary.written) }
      }
    } catch let code as ExitCode {
      try writer.close()  // the records handed out before the stop
      throw code
    }
    try writer.close()
    reportWriter.write(report, reader: reader, into: &summary)
    summary.valuesSkipped = ConversionIssueOutput.print(report)
    reportWriter.printApproximations(PipelineReportWriter.approximations(report))
    reportWriter.printNotConverted(report)
    for (kind, count) in report.entities where count > 0 { summary.actions[kind] = count }
  }

  /// With `--strict`, each partition's report is checked before its entities are written.
  private var strictCheck: (PipelineReport) throws -> Void {
    guard strict else { return { _ in } }
    return { [issueReport] report in try ConversionIssueOutput.stopAtFirstError(report, issueReport: issueReport) }
  }

  /// Writes care records, encoded as compact JSON, as NDJSON, or as one pretty JSON array for
  /// `--format json`.
  private final class RecordWriter {
    let format: OutputFormat
    let output: OutputFile
    var values: [JSONValue] = []

    init(format: OutputFormat, output: OutputFile) {
      self.format = format
      self.output = output
    }

    func write(_ bytes: [UInt8]) throws {
      switch format {
      case .ndjson, .bundle: try output.writeLine(bytes)
      case .json: values.append(try JSONValue(parsing: bytes))
      }
    }

    func close() throws {
      if format == .json {
        var writer = JSONWriter(style: .pretty)
        writer.value(.array(values))
        try output.writeDocument(writer.takeOutput())
      }
      try output.close()
    }
  }
}

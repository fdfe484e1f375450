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
/// timing duration) make the exit code 1, with every other record written.
struct CareConversionRun {
  var from: ReleaseOption
  var strict: Bool
  var format: OutputFormat
  var jobs: Int
  var issueReport: IssueReport
  var output: OutputFile

  /// Reads, stages, merges and writes: entities are written partition by partition as the
  /// staged merge hands them out, so memory stays bounded whatever the input's size.
  /// - Returns: What the run did, for the summary.
  /// - Throws: `ExitCode(1)` at the first bad record in strict mode.
  func run(_ files: [InputFiles.Input]) throws -> RunSummary {
    var summary = RunSummary()
    let reportWriter = PipelineReportWriter(issueReport: issueReport)
    let staged: StagedConversion
    do {
      staged = try StagedConversion(pipeline: reportWriter.pipeline)
    } catch let error as StagingError {
      printError("fhirkit: \(error)")
      throw ExitCode(3)
    }
    let reader = CareInputReader(from: from, strict: strict, issueReport: issueReport, jobs: jobs, staged: staged)
    try reader.read(files)
    if reader.entriesWithoutResource > 0 {
      summary.actions["entry(ies) without resource skipped"] = reader.entriesWithoutResource
    }
    let writer = RecordWriter(format: format, output: output)
    let report = try staged.finish { record in
      try writer.write(record)
      summary.written += 1
    }
    try writer.close()
    reportWriter.write(report, reader: reader, into: &summary)
    summary.valuesSkipped = ConversionIssueOutput.print(report)
    reportWriter.printApproximations(PipelineReportWriter.approximations(report))
    for (kind, count) in report.entities where count > 0 { summary.actions[kind] = count }
    return summary
  }

  /// Writes care records as NDJSON, or as one pretty JSON array for `--format json`.
  private final class RecordWriter {
    let format: OutputFormat
    let output: OutputFile
    let careJSON = CareJSONWriter()
    var values: [JSONValue] = []

    init(format: OutputFormat, output: OutputFile) {
      self.format = format
      self.output = output
    }

    func write(_ record: CareRecord) throws {
      let bytes = careJSON.bytes(record)
      switch format {
      case .ndjson, .bundle: try output.writeLine(bytes)
      case .json: values.append(try bytes.withUnsafeBytes { try JSONValue(parsing: $0) })
      }
    }

    func close() throws {
      if format == .json {
        var writer = JSONWriter(style: .pretty)
        writer.value(.array(values))
        try output.writeLine(writer.takeOutput())
      }
      try output.close()
    }
  }
}

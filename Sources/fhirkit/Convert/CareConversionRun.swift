import CareModel
import CarePipeline
import FHIRKit
import Foundation

/// `convert --to care`: merges every resource of the inputs into care entities with the
/// care pipeline and writes them as care-entity NDJSON (one entity per line, with `"kind"`),
/// or as one JSON array with `--format json`.
///
/// References the pipeline could not follow and resources it could not convert are printed
/// on stderr (referring `Type/id` and JSON path, never values) and written to `--report`.
/// Unresolved references are warnings; resources that could not be read or converted
/// make the exit code 1.
struct CareConversionRun {
  var from: ReleaseOption
  var strict: Bool
  var format: OutputFormat
  var jobs: Int
  var issueReport: IssueReport
  var output: OutputFile

  /// Reads, merges and writes.
  /// - Returns: What the run did, for the summary.
  /// - Throws: `ExitCode(1)` at the first bad record in strict mode.
  func run(_ files: [InputFiles.Input]) throws -> RunSummary {
    var summary = RunSummary()
    let (result, reading) = try mergeIntoCareEntities(files)
    summary.failed = reading.failed
    summary.unreadable = reading.unreadable
    let report = result.report
    for reference in report.unresolvedReferences {
      printRecordMessage("fhirkit: unresolved reference: \(reference)")
      var line: JSONObject = [
        "kind": "unresolvedReference", "resourceType": .string(reference.resourceType), "path": .string(reference.path),
        "form": .string(reference.form.rawValue), "reason": .string(reference.reason.rawValue),
      ]
      if let id = reference.resourceID { line["id"] = .string(id) }
      issueReport.write(line)
    }
    for failure in report.failures {
      printRecordMessage("fhirkit: not converted: \(failure)")
      var line: JSONObject = [
        "kind": "notConverted", "resourceType": .string(failure.resourceType), "path": .string(failure.path),
        "severity": "error", "code": .string(failure.code.rawValue), "message": .string(failure.message),
      ]
      if let id = failure.resourceID { line["id"] = .string(id) }
      issueReport.write(line)
    }
    summary.failed += report.failures.count
    if !report.unresolvedReferences.isEmpty { summary.actions["unresolved reference(s)"] = report.unresolvedReferences.count }
    for (kind, count) in report.entities where count > 0 { summary.actions[kind] = count }
    let records = result.records
    try write(records)
    summary.written = records.count
    return summary
  }

  /// Reads the inputs and runs the pipeline: the one place `convert --to care` calls it.
  /// - Returns: The pipeline's result and what reading the inputs found.
  private func mergeIntoCareEntities(_ files: [InputFiles.Input]) throws -> (PipelineResult, (failed: Int, unreadable: Int)) {
    let reader = CareInputReader(from: from, strict: strict, issueReport: issueReport, jobs: jobs)
    try reader.read(files)
    let result = Pipeline().run(reader.input)
    return (result, (reader.failed, reader.unreadable))
  }

  private func write(_ records: [CareRecord]) throws {
    let encoder = CareJSON.makeEncoder()
    switch format {
    case .ndjson, .bundle:
      for record in records { try output.writeLine(Array(try encoder.encode(record))) }
    case .json:
      let values = try records.map { record in
        try Array(try encoder.encode(record)).withUnsafeBytes { try JSONValue(parsing: $0) }
      }
      var writer = JSONWriter(style: .pretty)
      writer.value(.array(values))
      try output.writeLine(writer.takeOutput())
    }
    try output.close()
  }
}

import CarePipeline
import CareStore
import FHIRCoders
import FHIRKit

/// The coders' issues of a care pipeline run (numbers no `Double` holds, timing rules broken),
/// printed on stderr (hidden by `--quiet`) with their resource type and id and path, never a
/// value (``PipelineReportWriter`` writes them to `--report` as `conversionIssue` lines), and
/// the entities a store could not write, printed and written to `--report`.
enum ConversionIssueOutput {
  /// Prints the issues of every resource type's conversion report.
  /// - Returns: How many are numbers that had to be skipped
  ///   (``FHIRCoders/ConversionReport/isNumberSkipped(_:)``): each makes the run's exit code 1.
  ///   Other issues, errors of the input included, are worked around and do not.
  static func print(_ pipeline: PipelineReport) -> Int {
    var skipped = 0
    for type in pipeline.conversion.keys.sorted() {
      for issue in pipeline.conversion[type]?.issues ?? [] {
        // The issue's description ends with the resource, `in Observation/id`.
        printRecordMessage("fhirkit: \(issue)")
        if ConversionReport.isNumberSkipped(issue) { skipped += 1 }
      }
    }
    return skipped
  }

  /// With `--strict`: stops at the first error in `report` (a partition's, or a whole run's),
  /// the first resource the coders refused (skipped) or else the first error-level issue they
  /// found (a number skipped, a timing rule broken), printed and written to the issue report.
  /// - Throws: `ExitCode(1)` when there is one, so that nothing more is written or stored.
  static func stopAtFirstError(_ report: PipelineReport, issueReport: IssueReport) throws {
    if let failure = report.failures.first {
      issueReport.skipped(failure)
      throw someRecordsFailed
    }
    for type in report.conversion.keys.sorted() {
      guard let issue = report.conversion[type]?.issues.first(where: { $0.severity == .error }) else { continue }
      printRecordMessage("fhirkit: \(issue)")
      var line: JSONObject = [
        "kind": "conversionIssue", "resourceType": .string(issue.resourceType ?? type), "path": .string(issue.path.description),
        "severity": .string(issue.severity.rawValue), "code": .string(issue.code.rawValue), "message": .string(issue.message),
      ]
      if let id = issue.resourceID { line["id"] = .string(id) }
      issueReport.write(line)
      throw someRecordsFailed
    }
  }

  /// Prints and reports the entities an import skipped because the store could not write them.
  /// - Returns: Their number: each makes the run's exit code 1.
  static func report(_ failures: [ImportSummary.Failure], to issueReport: IssueReport) -> Int {
    for failure in failures {
      printRecordMessage("fhirkit: not stored: \(failure)")
      issueReport.write([
        "kind": "notStored", "entity": .string(failure.kind.rawValue), "id": .string(failure.id), "severity": "error",
        "message": .string(failure.reason),
      ])
    }
    return failures.count
  }
}

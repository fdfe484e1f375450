import CarePipeline
import CareStore
import FHIRKit

/// The coders' issues of a care pipeline run (numbers no `Double` holds, timing rules broken)
/// and the entities a store could not write, printed on stderr (hidden by `--quiet`) and written
/// to `--report`, each with its resource type and id (or entity kind and id) and path, never a
/// value.
enum ConversionIssueOutput {
  /// Prints and reports the issues of every resource type's conversion report.
  /// - Returns: How many are errors (a value was skipped): each makes the run's exit code 1.
  static func report(_ pipeline: PipelineReport, to issueReport: IssueReport) -> Int {
    var errors = 0
    for type in pipeline.conversion.keys.sorted() {
      for issue in pipeline.conversion[type]?.issues ?? [] {
        // The issue's description ends with the resource, `in Observation/id`.
        printRecordMessage("fhirkit: \(issue)")
        let place = (issue.resourceType ?? type) + (issue.resourceID.map { "/\($0)" } ?? "")
        issueReport.write(issue, location: place)
        if issue.severity == .error { errors += 1 }
      }
    }
    return errors
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

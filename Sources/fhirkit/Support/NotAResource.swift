import FHIRKit

/// A record that is a JSON object without `resourceType`: not a FHIR resource (a care entity
/// line, an object of some other format). Every command skips it, says where on stderr
/// (`fhirkit: in.ndjson:3: skipped: no resourceType (not a FHIR resource)`; never a value)
/// and in `--report`, and counts it among the skipped records (exit code 1).
///
/// A record that is not an object at all is left to the models, which refuse it as well.
enum NotAResource {
  /// The report's `code`.
  static let code = "noResourceType"
  /// What is said, after the place.
  static let message = "no resourceType (not a FHIR resource)"

  /// Whether `record` is an object without a `resourceType` member.
  static func matches(_ record: ResourceRecord) -> Bool {
    record.tokens[record.index].kind == .objectStart
      && record.tokens.memberIndex("resourceType", ofObjectAt: record.index) == nil
  }

  /// Says on stderr (hidden by `--quiet`) and in the report that `record` was skipped.
  static func report(_ record: ResourceRecord, to issueReport: IssueReport?) {
    printRecordMessage("fhirkit: \(record.location): skipped: \(message)")
    issueReport?.write([
      "kind": "skipped", "location": .string(record.location), "severity": "error", "code": .string(code),
      "message": .string(message),
    ])
  }
}

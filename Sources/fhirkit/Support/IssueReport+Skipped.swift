import FHIRKit

extension IssueReport {
  /// Names a resource the coders refused — skipped — on stderr with why, and writes its report
  /// line (`"kind":"skipped"`, type, id, path, code and message; never values).
  func skipped(_ failure: CoderError) {
    printRecordMessage("fhirkit: skipped: \(failure)")
    var line: JSONObject = [
      "kind": "skipped", "resourceType": .string(failure.resourceType), "path": .string(failure.path),
      "severity": "error", "code": .string(failure.code.rawValue), "message": .string(failure.message),
    ]
    if let id = failure.resourceID { line["id"] = .string(id) }
    write(line)
  }
}

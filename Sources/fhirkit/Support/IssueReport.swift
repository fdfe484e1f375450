import FHIRKit
import Foundation

/// `--report FILE`: one JSON object per line for every issue, with where it was found
/// and no data values: `file`, `location`, `path`, `resourceType`, `id`, `severity`,
/// `code`, `message`; conversion entries and repairs with their `action` instead of a
/// `severity`.
///
///
/// The file is written as `-o` is (``OutputFile``): a regular file through a temporary file
/// renamed into place by ``close()``, a special file in place.
final class IssueReport {
  private let file: OutputFile?
  /// A write that failed, thrown by ``close()``.
  private var failure: (any Error)?

  /// Opens `path` for writing, or does nothing when `path` is `nil`.
  /// - Throws: ``CLIError`` with exit code 3 when the file cannot be created.
  init(path: String?) throws {
    file = try path.map { try OutputFile(path: $0, role: "report") }
  }

  /// Whether a report file is written (`--report` was given).
  var isEnabled: Bool { file != nil }

  /// Writes what is buffered and puts the report in place.
  /// - Throws: ``CLIError`` with exit code 3 when the report cannot be written.
  func close() throws {
    if let failure { throw failure }
    try file?.close()
  }

  /// Writes one validation issue.
  func write(_ issue: ValidationIssue, location: String) {
    var object: JSONObject = [
      "location": .string(location), "path": .string(issue.path.description),
      "severity": .string(issue.severity.rawValue), "code": .string(issue.code.rawValue),
      "message": .string(issue.message),
    ]
    if let type = issue.resourceType { object["resourceType"] = .string(type) }
    if let id = issue.resourceID { object["id"] = .string(id) }
    if let offset = issue.offset { object["offset"] = .number(JSONNumber(offset)) }
    write(object)
  }

  /// Writes one repair the decoder made (`--repair`, or a conversion to the other
  /// release): `"action": "repaired"`, what it did as `repair` (`unwrapped`, `wrapped`,
  /// `dropped`, `defaulted`), and where.
  func write(_ repair: DecodingRepair, location: String) {
    guard isEnabled else { return }
    var object: JSONObject = [
      "location": .string(location), "path": .string(repair.path.description), "action": "repaired",
      "repair": .string(repair.action.rawValue), "message": .string(repair.message),
    ]
    if let type = repair.resourceType { object["resourceType"] = .string(type) }
    if let id = repair.resourceID { object["id"] = .string(id) }
    if let offset = repair.offset { object["offset"] = .number(JSONNumber(offset)) }
    write(object)
  }

  /// Writes one JSON error (a record that could not be read at all).
  func write(_ error: JSONError) {
    var object: JSONObject = [
      "location": .string("\(error.source ?? "-"):\(error.line):\(error.column)"),
      "path": .string(error.path.description), "severity": "error", "code": .string(error.kind.rawValue),
      "message": .string(error.message), "offset": .number(JSONNumber(error.offset)),
    ]
    if let source = error.source { object["file"] = .string(source) }
    write(object)
  }

  /// Writes any report line.
  func write(_ object: JSONObject) {
    guard let file, failure == nil else { return }
    do {
      try file.writeLine(JSONWriter.bytes(of: .object(object)))
    } catch {
      failure = error
    }
  }
}

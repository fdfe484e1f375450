import CareModel
import FHIRCoders
import FHIRDSTU2
import FHIRKit
import FHIRR4
import Foundation

/// `convert --from care --to r4|dstu2`: reads care-entity NDJSON (one entity per line, with
/// `"kind"`, as `--to care` writes it) and writes FHIR through the FHIRCoders encoders:
/// patient → Patient, carePlan → CarePlan with the tasks that belong to it as activities,
/// any other task → MedicationRequest (R4) / MedicationOrder (DSTU2), outcome → Observation.
///
/// Resources come out in the order of the input lines; a plan's tasks are written inside
/// the plan. Lines that are not care records, contacts (no FHIR coder) and entities a coder
/// refuses are reported with their line and counted as failed.
struct CareToFHIRRun {
  var target: FHIRRelease
  var strict: Bool
  var issueReport: IssueReport
  var output: ResourceOutput

  /// One entity read, with its place.
  private struct Line {
    var record: CareRecord
    var location: String
  }

  /// Reads, converts and writes.
  /// - Returns: What the run did, for the summary.
  /// - Throws: `ExitCode(1)` at the first bad line or entity in strict mode.
  func run(_ files: [InputFiles.Input], summary: inout RunSummary) throws {
    var lines: [Line] = []
    for file in files {
      let source = file.path == "-" ? "<stdin>" : file.path
      // As sent, like FHIR inputs: gzip decompressed, a leading byte order mark skipped.
      var bytes: [UInt8] = []
      let decoder = InputDecoder(source: source) { note in
        if note == .byteOrderMark { printRecordMessage("fhirkit: \(source): information: \(note)") }
      }
      do {
        try file.read { chunk in
          Console.shared.count(bytes: chunk.count)
          try decoder.feed(chunk) { bytes += $0 }
        }
        try decoder.finish { bytes += $0 }
      } catch let error as JSONError {
        printError("fhirkit: \(error)")
        summary.unreadable += 1
        continue
      }
      let data = Data(bytes)
      lines += try read(data, source: source, summary: &summary)
    }
    // Tasks of a plan in the input are written as the plan's activities.
    let plans = Set(lines.compactMap { line -> UUID? in if case .carePlan(let plan) = line.record { plan.uuid } else { nil } })
    var activities: [UUID: [CareModel.Task]] = [:]
    for line in lines {
      if case .task(let task) = line.record, let plan = task.carePlanUUID, plans.contains(plan) {
        activities[plan, default: []].append(task)
      }
    }
    for line in lines {
      if case .task(let task) = line.record, let plan = task.carePlanUUID, plans.contains(plan) { continue }
      Console.shared.count(resources: 1)
      do {
        let (bytes, report) = try encode(line.record, activities: activities)
        for (disposition, paths) in report.counts where disposition != .mapped {
          summary.actions[disposition.rawValue, default: 0] += paths.values.reduce(0, +)
          for (path, count) in paths.sorted(by: { $0.key < $1.key }) {
            issueReport.write([
              "location": .string(line.location), "path": .string(path), "action": .string(disposition.rawValue),
              "count": .number(JSONNumber(count)),
            ])
          }
        }
        try output.write(bytes, from: nil)
        output.noteTopLevelRecord()
        summary.written += 1
      } catch let error as CoderError {
        try fail("\(line.location): \(error)", code: error.code.rawValue, location: line.location, summary: &summary)
      } catch let error as UnsupportedKind {
        try fail("\(line.location): \(error.kind) entities have no FHIR coder", code: "unsupportedKind", location: line.location, summary: &summary)
      }
    }
  }

  /// The care records of one input, one per non-blank line; bad lines are reported and skipped.
  private func read(_ data: Data, source: String, summary: inout RunSummary) throws -> [Line] {
    let decoder = CareJSON.makeDecoder()
    var lines: [Line] = []
    for (index, bytes) in data.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated()
    where !bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) {
      let location = "\(source):\(index + 1)"
      do {
        lines.append(Line(record: try decoder.decode(CareRecord.self, from: Data(bytes)), location: location))
      } catch let error as DecodingError {
        // The coding path only: the decoder's own description may quote the value.
        var message = "not a care record"
        if let path = Self.path(of: error), !path.isEmpty { message += " (at \(path))" }
        if Console.shared.verbose { message += ": \(error)" }
        try fail("\(location): \(message)", code: "notACareRecord", location: location, summary: &summary)
      }
    }
    return lines
  }

  private func fail(_ message: String, code: String, location: String, summary: inout RunSummary) throws {
    summary.failed += 1
    Console.shared.count(issues: 1)
    printRecordMessage("fhirkit: \(message)")
    issueReport.write(["location": .string(location), "severity": "error", "code": .string(code), "message": .string(message)])
    if strict { throw someRecordsFailed }
  }

  private struct UnsupportedKind: Error {
    var kind: String
  }

  /// The compact FHIR JSON of `record` in ``target`` and the coder's report.
  private func encode(_ record: CareRecord, activities: [UUID: [CareModel.Task]]) throws -> ([UInt8], ConversionReport) {
    switch (target, record) {
    case (.r4, .patient(let e)):
      let c = try R4PatientCoder().encode(e)
      return (FHIRR4.AnyResource.patient(c.value).jsonBytes(), c.report)
    case (.r4, .carePlan(let e)):
      let c = try R4CarePlanCoder().encode(e, tasks: activities[e.uuid] ?? [])
      return (FHIRR4.AnyResource.carePlan(c.value).jsonBytes(), c.report)
    case (.r4, .task(let e)):
      let c = try R4MedicationRequestCoder().encode(e)
      return (FHIRR4.AnyResource.medicationRequest(c.value).jsonBytes(), c.report)
    case (.r4, .outcome(let e)):
      let c = try R4ObservationCoder().encode(e)
      return (FHIRR4.AnyResource.observation(c.value).jsonBytes(), c.report)
    case (.dstu2, .patient(let e)):
      let c = try DSTU2PatientCoder().encode(e)
      return (FHIRDSTU2.AnyResource.patient(c.value).jsonBytes(), c.report)
    case (.dstu2, .carePlan(let e)):
      let c = try DSTU2CarePlanCoder().encode(e, tasks: activities[e.uuid] ?? [])
      return (FHIRDSTU2.AnyResource.carePlan(c.value).jsonBytes(), c.report)
    case (.dstu2, .task(let e)):
      let c = try DSTU2MedicationOrderCoder().encode(e)
      return (FHIRDSTU2.AnyResource.medicationOrder(c.value).jsonBytes(), c.report)
    case (.dstu2, .outcome(let e)):
      let c = try DSTU2ObservationCoder().encode(e)
      return (FHIRDSTU2.AnyResource.observation(c.value).jsonBytes(), c.report)
    case (_, .contact):
      throw UnsupportedKind(kind: record.kind)
    }
  }

  private static func path(of error: DecodingError) -> String? {
    let context: DecodingError.Context?
    switch error {
    case .typeMismatch(_, let c), .valueNotFound(_, let c), .dataCorrupted(let c): context = c
    case .keyNotFound(let key, let c):
      return (c.codingPath + [key]).map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
    @unknown default: context = nil
    }
    return context?.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
  }
}

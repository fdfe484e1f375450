import CareModel
import CarePipeline
import CareStore
import CareStoreFHIR
import FHIRCoders
import FHIRDSTU2
import FHIRKit
import FHIRR4
import Foundation

/// `convert --from care --to r4|dstu2`: reads care-entity NDJSON (one entity per line, with
/// `"kind"`, as `--to care` writes it) and writes FHIR as `fhirkit export` does
/// (`FHIRExportWriter`): patient → Patient, carePlan → CarePlan with the tasks that belong to it
/// as activities, any other task → MedicationRequest (R4) / MedicationOrder (DSTU2), outcome →
/// Observation; plans, orders and Observations name their patient. A medication plan the
/// pipeline made (`medications/<patient>`) is not written: its tasks are orders, one dosage per
/// timing. A plan's task that came from an order and whose schedule no one `Timing` holds is
/// written as that order, after the plan, and its activity refers to it (`ExportPlacement`).
///
/// Resources come out in the order of the input lines; a plan's tasks are written inside
/// the plan. Lines that are not care records, contacts (no FHIR coder) and entities a coder
/// refuses are reported with their line and counted as skipped. What the coders could not carry
/// exactly is counted on stderr and written to `--report` as `approximated` and
/// `conversionIssue` lines (``PipelineReportWriter``: resource type and id, path, disposition,
/// reason; never values).
struct CareToFHIRRun {
  var target: FHIRRelease
  var strict: Bool
  var issueReport: IssueReport
  var output: ResourceOutput

  /// Reads, converts and writes.
  /// - Returns: What the run did, for the summary.
  /// - Throws: `ExitCode(1)` at the first bad line or entity in strict mode.
  func run(_ files: [InputFiles.Input], summary: inout RunSummary) throws {
    let lines = try CareLines(strict: strict, issueReport: issueReport).read(files, summary: &summary)
    var patients: [UUID: String] = [:], plans: [UUID: String] = [:], planPatient: [UUID: UUID] = [:]
    for line in lines {
      switch line.record {
      case .patient(let p): patients[p.uuid] = p.id
      case .carePlan(let p):
        plans[p.uuid] = p.id
        planPatient[p.uuid] = p.patientUUID
      default: break
      }
    }
    var taskPatient: [UUID: UUID] = [:]
    for case .task(let task) in lines.map(\.record) {
      taskPatient[task.uuid] = task.carePlanUUID.flatMap { planPatient[$0] }
    }
    let writer = FHIRExportWriter(
      release: target == .r4 ? .r4 : .dstu2, patients: patients, plans: plans, planPatient: planPatient,
      taskPatient: taskPatient)
    // Tasks of a plan in the input are written with the plan: as activities, or as orders its
    // activities refer to.
    var tasksOfPlan: [UUID: [TaskEntity]] = [:]
    var referenced: Set<UUID> = []
    var withPlan: Set<UUID> = []
    for case .task(let task) in lines.map(\.record) {
      switch writer.placement(of: task) {
      case .activity(let plan): tasksOfPlan[plan, default: []].append(task)
      case .referencedOrder(let plan):
        tasksOfPlan[plan, default: []].append(task)
        referenced.insert(task.uuid)
      case .order: continue
      }
      withPlan.insert(task.uuid)
    }
    let reportWriter = PipelineReportWriter(issueReport: issueReport)
    var totals = PipelineReportWriter.Approximations()
    for line in lines {
      if case .task(let task) = line.record, withPlan.contains(task.uuid) { continue }
      if case .carePlan(let plan) = line.record, !ExportPlacement.isWritten(planID: plan.id) { continue }
      Console.shared.count(resources: 1)
      do {
        let items: [StoreExporter.Item]
        switch line.record {
        case .patient(let p): items = [try writer.patient(p)]
        case .carePlan(let p): items = try writer.plan(p, tasks: tasksOfPlan[p.uuid] ?? [], referenced: referenced)
        case .task(let t): items = [try writer.order(t)]
        case .outcome(let o): items = [try writer.outcome(o)]
        case .contact: throw UnsupportedKind(kind: line.record.kind)
        }
        for item in items {
          totals.add(item.report)
          if issueReport.isEnabled,
            let resource = ResourceConversionReport(item.report, resourceType: item.type, resourceID: item.resourceID)
          {
            reportWriter.write(resource)
          }
          try output.write(item.json, from: nil)
          output.noteTopLevelRecord()
          summary.written += 1
        }
        summary.converted += 1
      } catch let error as CoderError {
        try fail("\(line.location): \(error)", code: error.code.rawValue, location: line.location, summary: &summary)
      } catch let error as UnsupportedKind {
        try fail("\(line.location): \(error.kind) entities have no FHIR coder", code: "unsupportedKind", location: line.location, summary: &summary)
      }
    }
    reportWriter.printApproximations(totals)
  }

  private func fail(_ message: String, code: String, location: String, summary: inout RunSummary) throws {
    summary.skipped += 1
    Console.shared.count(issues: 1)
    printRecordMessage("fhirkit: skipped: \(message)")
    issueReport.write([
      "kind": "skipped", "location": .string(location), "severity": "error", "code": .string(code), "message": .string(message),
    ])
    if strict { throw someRecordsFailed }
  }

  private struct UnsupportedKind: Error {
    var kind: String
  }
}

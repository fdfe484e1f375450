import CareModel
import CarePipeline
import CareStore
import FHIRJSON
import Foundation

/// What a FHIR export needs to know of the store's patients, plans and tasks before it writes
/// any resource (``ExportRun``): the ids references name, who belongs to whom, and which tasks
/// go out with which plan (``ExportPlacement``). Only uuids and ids are kept, never a version's
/// JSON, and no version is decoded.
struct ExportLinks {
  /// The writer, made from the links.
  let writer: FHIRExportWriter
  /// The medication plans (made by the pipeline for orders no CarePlan claims), by root: not
  /// written; their tasks go out as the MedicationRequests / MedicationOrders they came from.
  let medicationPlans: Set<UUID>
  /// The tasks written with each plan (its activities, and orders its activities refer to), by
  /// the plan's root: version uuids, in id order.
  let tasksOfPlan: [UUID: [UUID]]
  /// The tasks written as orders of their own: version uuids, in id order.
  let standalone: [UUID]

  /// Walks the patients, plans and tasks in effect.
  /// - Throws: ``StoreError``.
  init(run: ExportRun) throws {
    var patients: [UUID: String] = [:], plans: [UUID: String] = [:], planPatient: [UUID: UUID] = [:]
    var planVersions: [UUID: UUID] = [:]
    try run.pages(.patient) { page in
      for v in page where patients[v.rootUUID] == nil { patients[v.rootUUID] = v.id }
    }
    try run.pages(.carePlan) { page in
      for v in page where plans[v.rootUUID] == nil {
        plans[v.rootUUID] = v.id
        planVersions[v.rootUUID] = v.uuid
        if let link = v.link { planPatient[v.rootUUID] = link }
      }
    }
    // A plan the pipeline made for the orders or Observations of a Patient outside their import
    // links to the uuid that Patient gets from its id; until it is imported the store holds no
    // such patient, and the plan's id names it (docs/store.md, "Links"): `Patient/<id>`, as read.
    for (plan, patient) in planPatient where patients[patient] == nil {
      if let id = plans[plan].flatMap({ Pipeline.patientID(ofPlan: $0, linkedTo: patient) }) { patients[patient] = id }
    }
    // A CarePlan of such a Patient links to that uuid too; its `subject`, as imported, names it.
    let unnamed = planPatient.filter { patients[$0.value] == nil }.compactMap { planVersions[$0.key] }
    for (patient, id) in try Self.subjects(ofPlanVersions: unnamed, run: run) {
      patients[patient] = id
    }
    // A task of a written plan goes out with it (an activity, or an order the activity refers
    // to: ``ExportWriting`` tells which when it writes the plan); any other is an order
    // (``ExportPlacement/of(_:plans:capacity:fromOrder:)``). Known from its link: no task is decoded.
    var taskPatient: [UUID: UUID] = [:]
    var tasksOfPlan: [UUID: [UUID]] = [:], standalone: [UUID] = []
    try run.pages(.task) { page in
      for v in page {
        if taskPatient[v.rootUUID] == nil, let patient = v.link.flatMap({ planPatient[$0] }) {
          taskPatient[v.rootUUID] = patient
        }
        if let plan = v.link, let planID = plans[plan], ExportPlacement.isWritten(planID: planID) {
          tasksOfPlan[plan, default: []].append(v.uuid)
        } else {
          standalone.append(v.uuid)
        }
      }
    }
    writer = FHIRExportWriter(
      release: run.target == .r4 ? .r4 : .dstu2, patients: patients, plans: plans, planPatient: planPatient,
      taskPatient: taskPatient, coders: run.exporter.coders)
    medicationPlans = Set(plans.filter { !ExportPlacement.isWritten(planID: $0.value) }.keys)
    self.tasksOfPlan = tasksOfPlan
    self.standalone = standalone
  }

  /// The ids of the Patients the FHIR CarePlans among the plan versions `uuids` name as their
  /// `subject` (in the JSON kept with each version), by the uuid of the patient each plan links
  /// to, when that uuid is the one the named Patient's entity gets
  /// (``Pipeline/patientID(ofReference:linkedTo:)``). Read for the few plans whose patient the
  /// store does not hold; a plan without its JSON keeps the patient's `urn:uuid:`.
  private static func subjects(ofPlanVersions uuids: [UUID], run: ExportRun) throws
    -> [UUID: String]
  {
    var found: [UUID: String] = [:]
    for start in stride(from: 0, to: uuids.count, by: ExportRun.pageSize) {
      let page = Array(uuids[start..<min(start + ExportRun.pageSize, uuids.count)])
      let sources: [UUID: [SourceReference]]
      do {
        sources = try run.reader.sources(of: page)
      } catch let error as StoreError where error.kind == .corrupt {
        continue
      }
      for version in try run.reader.versions(.carePlan, .uuids(page)) {
        guard let patient = version.link else { continue }
        for source in sources[version.uuid] ?? [] where source.resourceType == "CarePlan" {
          guard let json = source.json, let reference = (try? JSONValue(parsing: json))?["subject"]?["reference"],
            let text = reference.stringValue, let id = Pipeline.patientID(ofReference: text, linkedTo: patient)
          else { continue }
          found[patient] = id
        }
      }
    }
    return found
  }
}

import CareModel
import CarePipeline
import CareStore
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
    try run.pages(.patient) { page in
      for v in page where patients[v.rootUUID] == nil { patients[v.rootUUID] = v.id }
    }
    try run.pages(.carePlan) { page in
      for v in page where plans[v.rootUUID] == nil {
        plans[v.rootUUID] = v.id
        if let link = v.link { planPatient[v.rootUUID] = link }
      }
    }
    // A plan the pipeline made for the orders or Observations of a Patient outside their import
    // links to the uuid that Patient gets from its id; until it is imported the store holds no
    // such patient, and the plan's id names it (docs/store.md, "Links"): `Patient/<id>`, as read.
    for (plan, patient) in planPatient where patients[patient] == nil {
      if let id = plans[plan].flatMap({ Pipeline.patientID(ofPlan: $0, linkedTo: patient) }) { patients[patient] = id }
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
}

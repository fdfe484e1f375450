import CareModel
import CareStore
import Foundation

/// What a FHIR export needs to know of the store's patients, plans and tasks before it writes
/// any resource (``ExportRun``): the ids references name, who belongs to whom, and where each
/// task goes (``ExportPlacement``). Only uuids and ids are kept, never a version's JSON.
struct ExportLinks {
  /// The writer, made from the links.
  let writer: FHIRExportWriter
  /// The medication plans (made by the pipeline for orders no CarePlan claims), by root: not
  /// written; their tasks go out as the MedicationRequests / MedicationOrders they came from.
  let medicationPlans: Set<UUID>
  /// The tasks written with each plan (its activities, and orders its activities refer to), by
  /// the plan's root: version uuids, in id order.
  var tasksOfPlan: [UUID: [UUID]] = [:]
  /// The tasks written as orders beside their plan, referred to by its activities.
  var referenced: Set<UUID> = []
  /// The tasks written as orders of their own: version uuids, in id order.
  var standalone: [UUID] = []

  /// Walks the patients, plans and tasks in effect.
  /// - Throws: ``StoreError`` (a version that does not decode is `badRecord`).
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
    let release: FHIRExportWriter.Release = run.target == .r4 ? .r4 : .dstu2
    // Where a task goes depends on the plans alone: a writer without the task → patient links places it.
    let placing = FHIRExportWriter(
      release: release, patients: patients, plans: plans, planPatient: planPatient, taskPatient: [:],
      coders: run.exporter.coders)
    var taskPatient: [UUID: UUID] = [:]
    var tasksOfPlan: [UUID: [UUID]] = [:], referenced: Set<UUID> = [], standalone: [UUID] = []
    try run.pages(.task) { page in
      for v in page {
        if taskPatient[v.rootUUID] == nil, let patient = v.link.flatMap({ planPatient[$0] }) { taskPatient[v.rootUUID] = patient }
        // A task of no written plan is an order (``ExportPlacement/of(_:plans:capacity:fromOrder:)``),
        // known from its link without decoding it (the writing walk decodes it once).
        guard let plan = v.link, let planID = plans[plan], ExportPlacement.isWritten(planID: planID) else {
          standalone.append(v.uuid)
          continue
        }
        guard case .task(let task) = try CareStore.record(v) else { continue }
        switch placing.placement(of: task, uuids: [v.rootUUID]) {
        case .activity(let plan): tasksOfPlan[plan, default: []].append(v.uuid)
        case .referencedOrder(let plan):
          tasksOfPlan[plan, default: []].append(v.uuid)
          referenced.insert(task.uuid)
        case .order: standalone.append(v.uuid)
        }
      }
    }
    writer = FHIRExportWriter(
      release: release, patients: patients, plans: plans, planPatient: planPatient, taskPatient: taskPatient,
      coders: run.exporter.coders)
    medicationPlans = Set(plans.filter { !ExportPlacement.isWritten(planID: $0.value) }.keys)
    self.tasksOfPlan = tasksOfPlan
    self.referenced = referenced
    self.standalone = standalone
  }
}

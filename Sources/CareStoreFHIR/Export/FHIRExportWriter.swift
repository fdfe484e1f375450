public import CareStore
public import CareModel
public import CarePipeline
public import FHIRCoders
import FHIRCore
import FHIRJSON
import FHIRDSTU2
import FHIRR4
public import Foundation

/// Care entities → FHIR R4 or DSTU2 resources as the store's export writes them, shared by
/// ``StoreExporter`` and `fhirkit convert --from care`: every resource with a valid `id`
/// (``ResourceIDMapping``), plans, orders and Observations naming their patient (`Patient/<id>`),
/// and each task placed by ``ExportPlacement``.
public struct FHIRExportWriter {
  /// The FHIR release written.
  public enum Release: Sendable {
    case r4, dstu2
  }

  /// The release written.
  public let release: Release
  /// The plans in the output, by the uuid their tasks link to, with their care id.
  public let plans: [UUID: String]
  let coders: StoreExporter.Coders

  /// Creates a writer.
  /// - Parameters:
  ///   - release: The release to write.
  ///   - patients: The patients in the output, by the uuid plans link to, with their care id.
  ///   - plans: The plans in the output, by the uuid tasks link to, with their care id.
  ///   - planPatient: Plan → patient (the uuids links name).
  ///   - taskPatient: Task → patient, for outcomes.
  ///   - coders: The coders to write with — the same set the import's ``Pipeline`` read with, so
  ///     that an overridden closure applies both ways (default: the defaults).
  public init(
    release: Release, patients: [UUID: String], plans: [UUID: String], planPatient: [UUID: UUID], taskPatient: [UUID: UUID],
    coders: Pipeline.Coders = Pipeline.Coders()
  ) {
    self.release = release
    self.plans = plans
    // Subjects are written `Patient/<id>`, which resolves without the Bundle's fullUrls (in
    // NDJSON too); the coders' default for a plan is the patient's `urn:uuid:`.
    let patientIDs = patients.mapValues { ResourceIDMapping.fhirID(forCareID: $0, kind: "patient") }
    let subject: @Sendable (UUID?) -> Primitive<FHIRString>? = { uuid in
      guard let uuid else { return nil }
      let text = patientIDs[uuid].map { "Patient/" + $0 } ?? "urn:uuid:" + uuid.uuidString.lowercased()
      return Primitive(FHIRString(uncheckedString: text))
    }
    let written = plans.filter { ExportPlacement.isWritten(planID: $0.value) }
      .mapValues { ResourceIDMapping.fhirID(forCareID: $0, kind: "carePlan") }
    self.coders = StoreExporter.Coders.forExport(
      subject: subject, planPatient: planPatient, taskPatient: taskPatient, planIDs: written, base: coders)
  }

  /// What the release's `Timing` holds.
  public var capacity: ScheduleEncoding.Capacity { release == .r4 ? .r4 : .dstu2 }

  /// Where `task` goes (``ExportPlacement/of(_:plans:capacity:fromOrder:)``).
  /// - Parameter uuids: The task's uuids besides its own (its root's in a store, its previous
  ///   versions'), for ``ExportPlacement/cameFromOrder(id:uuids:)``.
  public func placement(of task: TaskEntity, uuids: [UUID] = []) -> ExportPlacement {
    let fromOrder = ExportPlacement.cameFromOrder(id: task.id, uuids: [task.uuid] + task.previousVersionUUIDs + uuids)
    return ExportPlacement.of(task, plans: plans, capacity: capacity, fromOrder: fromOrder)
  }

  /// The Patient.
  /// - Throws: ``CoderError``.
  public func patient(_ patient: PatientEntity) throws -> StoreExporter.Item {
    switch release {
    case .r4: item("Patient", patient.uuid, try coders.r4Patient.encode(patient))
    case .dstu2: item("Patient", patient.uuid, try coders.dstu2Patient.encode(patient))
    }
  }

  /// The MedicationRequest (R4) or MedicationOrder (DSTU2) of a task.
  /// - Throws: ``CoderError``.
  public func order(_ task: TaskEntity) throws -> StoreExporter.Item {
    switch release {
    case .r4: item("MedicationRequest", task.uuid, try coders.r4MedicationRequest.encode(task))
    case .dstu2: item("MedicationOrder", task.uuid, try coders.dstu2MedicationOrder.encode(task))
    }
  }

  /// The Observation of an outcome.
  /// - Throws: ``CoderError``.
  public func outcome(_ outcome: OutcomeEntity) throws -> StoreExporter.Item {
    switch release {
    case .r4: item("Observation", outcome.uuid, try coders.r4Observation.encode(outcome))
    case .dstu2: item("Observation", outcome.uuid, try coders.dstu2Observation.encode(outcome))
    }
  }

  /// The CarePlan with `tasks` as its activities, then the orders of the tasks in `referenced`
  /// (by uuid; placed ``ExportPlacement/referencedOrder(plan:)``), each referred to by its
  /// activity. A task whose order the coder cannot write is an activity like the others.
  /// - Throws: ``CoderError`` from the plan's coders.
  public func plan(_ plan: CarePlanEntity, tasks: [TaskEntity], referenced: Set<UUID> = []) throws
    -> [StoreExporter.Item]
  {
    var orders: [StoreExporter.Item] = []
    var references: [UUID: String] = [:]
    for task in tasks where referenced.contains(task.uuid) {
      guard let order = try? order(task), let id = order.resourceID else { continue }
      references[task.uuid] = order.type + "/" + id
      orders.append(order)
    }
    // An activity cut to its first day because it or its plan is over or held goes out with
    // its patterns open again, beside the status that says so (``FirstDayCut``).
    let activities = tasks.map { task in
      guard references[task.uuid] == nil,
        FirstDayCut.applies(
          status: task.userInfo?[Pipeline.statusKey], intent: task.userInfo?[Pipeline.intentKey],
          planStatus: plan.userInfo?[Pipeline.statusKey])
      else { return task }
      var task = task
      task.schedule = FirstDayCut.reopened(task.schedule, zone: task.timezone)
      return task
    }
    let planItem =
      switch release {
      case .r4: item("CarePlan", plan.uuid, try coders.r4CarePlan.encode(plan, tasks: activities, orderReferences: references))
      case .dstu2: item("CarePlan", plan.uuid, try coders.dstu2CarePlan.encode(plan, tasks: activities, orderReferences: references))
      }
    return [planItem] + orders
  }

  private func item<R: FHIREncodable>(_ type: String, _ uuid: UUID, _ converted: Converted<R>) -> StoreExporter.Item {
    StoreExporter.Item(type: type, uuid: uuid, json: converted.value.jsonBytes(), report: converted.report)
  }
}

extension StoreExporter.Item {
  /// The `id` of the item's resource, if it has one.
  public var resourceID: String? {
    (try? JSONValue(parsing: String(decoding: json, as: UTF8.self)))?["id"]?.stringValue
  }
}

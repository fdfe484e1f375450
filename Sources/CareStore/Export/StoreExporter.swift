import CareModel
public import FHIRCoders
import FHIRCore
import FHIRDSTU2
import FHIRR4
public import Foundation

/// Writes the store's entities back out: as FHIR R4 or DSTU2 resources through the
/// `FHIRCoders` coders (each entity's care fields kept as FHIRKit care extensions, so that
/// entity → FHIR → entity is exact), or as care-entity NDJSON (`CareJSON`).
///
/// Each entity is written in its version in effect at ``date`` (by default the newest);
/// deleted entities are left out. A CarePlan is written with its tasks as activities; tasks
/// of no stored plan become MedicationRequests (R4) or MedicationOrders (DSTU2). Every resource
/// gets a valid FHIR `id` (``ResourceIDMapping``: the care id, or a uuid derived from it with the
/// care id in a care extension), and references name those ids.
public struct StoreExporter {
  /// What to write.
  public enum Target: String, CaseIterable, Sendable {
    case r4
    case dstu2
    case care
  }

  /// One exported resource (or care record) as compact JSON, with the uuid it stands for.
  public struct Item: Sendable {
    /// `resourceType` of a FHIR resource, or the care record's kind.
    public var type: String
    /// The entity's uuid (the `fullUrl` of its Bundle entry is `urn:uuid:` this).
    public var uuid: UUID
    /// The JSON.
    public var json: [UInt8]
    /// What the coder dropped, defaulted or could not represent fully (empty for care records).
    public var report = ConversionReport()

    /// Creates an item.
    public init(type: String, uuid: UUID, json: [UInt8], report: ConversionReport = ConversionReport()) {
      self.type = type
      self.uuid = uuid
      self.json = json
      self.report = report
    }
  }

  /// The store.
  public let store: CareStore
  /// The date whose versions are written.
  public var date: Date

  /// Creates an exporter.
  public init(store: CareStore, date: Date = .distantFuture) {
    self.store = store
    self.date = date
  }

  /// The export, in order: patients, plans (with their tasks), other tasks, outcomes.
  /// - Parameter failures: Receives the entities a coder could not write, as (kind, id).
  /// - Throws: ``StoreError``.
  public func items(_ target: Target, failures: (String, String) -> Void = { _, _ in }) throws -> [Item] {
    let patients = try store.records(.patient, at: date)
    let plans = try store.records(.carePlan, at: date)
    let tasks = try store.records(.task, at: date)
    let outcomes = try store.records(.outcome, at: date)
    if target == .care {
      let encoder = CareJSON.makeEncoder()
      return try (patients + plans + tasks + outcomes).map { record in
        Item(type: record.kind, uuid: record.uuid, json: Array(try encoder.encode(record)))
      }
    }
    var planRoots: Set<UUID> = []
    for case .carePlan(let plan) in plans {
      planRoots.insert(plan.previousVersionUUIDs.isEmpty ? plan.uuid : root(plan.uuid))
    }
    var tasksOfPlan: [UUID: [CareModel.Task]] = [:]
    var standalone: [CareModel.Task] = []
    for case .task(let task) in tasks {
      if let plan = task.carePlanUUID, planRoots.contains(plan) {
        tasksOfPlan[plan, default: []].append(task)
      } else {
        standalone.append(task)
      }
    }
    var items: [Item] = []
    func add(_ type: String, _ uuid: UUID, _ kind: String, _ id: String, _ body: () throws -> ([UInt8], ConversionReport)) {
      do {
        let (json, report) = try body()
        items.append(Item(type: type, uuid: uuid, json: json, report: report))
      } catch {
        failures(kind, id)
      }
    }
    func encoded<R>(_ converted: Converted<R>, _ bytes: (R) -> [UInt8]) -> ([UInt8], ConversionReport) {
      (bytes(converted.value), converted.report)
    }
    let r4 = target == .r4
    let coders = Coders()
    for case .patient(let p) in patients {
      add("Patient", p.uuid, "patient", p.id) {
        r4 ? encoded(try coders.r4Patient.encode(p)) { $0.jsonBytes() } : encoded(try coders.dstu2Patient.encode(p)) { $0.jsonBytes() }
      }
    }
    // A plan's subject is written `Patient/<id>`, which resolves without the Bundle's fullUrls
    // (in NDJSON too); the coders' default is the patient's `urn:uuid:`.
    var patientIDs: [UUID: String] = [:]
    for case .patient(let p) in patients {
      patientIDs[p.previousVersionUUIDs.isEmpty ? p.uuid : patientRoot(p.uuid)] =
        ResourceIDMapping.fhirID(forCareID: p.id, kind: "patient")
    }
    let subject: @Sendable (UUID?) -> Primitive<FHIRString>? = { [patientIDs] uuid in
      guard let uuid else { return nil }
      let text = patientIDs[uuid].map { "Patient/" + $0 } ?? "urn:uuid:" + uuid.uuidString.lowercased()
      return Primitive(FHIRString(uncheckedString: text))
    }
    var r4Plans = coders.r4Plan
    r4Plans.setFHIRPatientUUID = { e, r, _ in r.subject = subject(e.patientUUID).map { FHIRR4.Reference(reference: $0) }
    }
    var dstu2Plans = coders.dstu2Plan
    dstu2Plans.setFHIRPatientUUID = { e, r, _ in
      r.subject = subject(e.patientUUID).map { FHIRDSTU2.Reference(reference: $0) }
    }
    for case .carePlan(let plan) in plans {
      let own = tasksOfPlan[plan.previousVersionUUIDs.isEmpty ? plan.uuid : root(plan.uuid)] ?? []
      add("CarePlan", plan.uuid, "carePlan", plan.id) {
        r4
          ? encoded(try r4Plans.encode(plan, tasks: own)) { $0.jsonBytes() }
          : encoded(try dstu2Plans.encode(plan, tasks: own)) { $0.jsonBytes() }
      }
    }
    for task in standalone {
      add(r4 ? "MedicationRequest" : "MedicationOrder", task.uuid, "task", task.id) {
        r4
          ? encoded(try coders.r4Order.encode(task)) { $0.jsonBytes() }
          : encoded(try coders.dstu2Order.encode(task)) { $0.jsonBytes() }
      }
    }
    for case .outcome(let o) in outcomes {
      add("Observation", o.uuid, "outcome", o.id) {
        r4
          ? encoded(try coders.r4Observation.encode(o)) { $0.jsonBytes() }
          : encoded(try coders.dstu2Observation.encode(o)) { $0.jsonBytes() }
      }
    }
    return items
  }

  /// The root uuid of the plan version `uuid` (links name roots).
  private func root(_ uuid: UUID) -> UUID {
    (try? store.backend.read { try $0.versions(.carePlan, .uuids([uuid])).first?.rootUUID }) ?? uuid
  }

  /// The root uuid of the patient version `uuid`.
  private func patientRoot(_ uuid: UUID) -> UUID {
    (try? store.backend.read { try $0.versions(.patient, .uuids([uuid])).first?.rootUUID }) ?? uuid
  }

  /// `items` as a collection Bundle, each entry's `fullUrl` the entity's `urn:uuid:`.
  public static func bundle(_ items: [Item]) -> [UInt8] {
    var out = Array(#"{"resourceType":"Bundle","type":"collection","entry":["#.utf8)
    for (i, item) in items.enumerated() {
      if i > 0 { out.append(UInt8(ascii: ",")) }
      out += Array(#"{"fullUrl":"urn:uuid:"#.utf8) + Array(item.uuid.uuidString.lowercased().utf8)
      out += Array(#"","resource":"#.utf8) + item.json + [UInt8(ascii: "}")]
    }
    out += Array("]}".utf8)
    return out
  }
}

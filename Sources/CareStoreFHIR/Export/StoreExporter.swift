public import CareStore
public import CareModel
public import CarePipeline
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
/// of no stored plan or of a patient's medication plan (which is not written itself) become
/// MedicationRequests (R4) or MedicationOrders (DSTU2) with their patient as `subject` /
/// `patient`, and outcomes Observations with their patient as `subject` (``FHIRExportWriter``,
/// ``ExportPlacement``: a plan's task from an order whose schedule no one `Timing` holds is
/// written as that order, referred to by its activity). Every resource
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
    /// The `fullUrl` of its Bundle entry when it is not the entity's `urn:uuid:`: a source
    /// resource's own (``StoreExporter/fromSources``), so that the references it holds resolve.
    public var fullUrl: String? = nil

    /// Creates an item.
    public init(
      type: String, uuid: UUID, json: [UInt8], report: ConversionReport = ConversionReport(), fullUrl: String? = nil
    ) {
      self.type = type
      self.uuid = uuid
      self.json = json
      self.report = report
      self.fullUrl = fullUrl
    }
  }

  /// The store.
  public let store: CareStore
  /// The date whose versions are written.
  public var date: Date
  /// When set, only this patient's entities are written (``CareStore/entities(ofPatient:at:)``).
  public var patientID: String?
  /// Whether an entity whose version in effect came from an import is written as the resources
  /// it came from (kept in the store, ``SourceReference/json``): as they were read in their own
  /// release, converted by `ReleaseConverter` to the other. Entities without sources (changed or
  /// made on the care side) are written through the coders; the observation log and medication
  /// plans the pipeline made are left out (a re-import makes them again). Default `false`.
  public var fromSources = false
  /// The coders entities are written with: give the set the import's ``Pipeline`` converted
  /// with (``Pipeline/coders``), so that a closure overridden for import (`getCareName`) and its
  /// counterpart for export (`setFHIRName`) are one coder set, used both ways. Default: the
  /// defaults.
  public var coders = Pipeline.Coders()
  /// The JSON flavour of ``Target/care``: FHIRKit's care JSON (default) or CareKit's, each
  /// entity as CareKitStore's `Codable` writes it (``CareKitJSONWriter``).
  public var careFormat = CareFormat.native

  /// Creates an exporter.
  public init(store: CareStore, date: Date = .distantFuture, patientID: String? = nil) {
    self.store = store
    self.date = date
    self.patientID = patientID
  }

  /// The export, in order: patients, plans (with their tasks), other tasks, outcomes (and, as
  /// care JSON, contacts).
  /// - Parameter failures: Receives the entities a coder could not write, and the contacts
  ///   (which no coder writes as FHIR), as (kind, id).
  /// - Throws: ``StoreError``.
  /// - Parameter changes: With ``fromSources``, receives each entity changed on the care side that
  ///   was written as its source with the changed elements replaced.
  /// - Parameter unreadable: With ``fromSources``, receives each entity written through the coders
  ///   because a source of it (or of a task written with it) cannot be read back: a damaged store
  ///   stops no export.
  public func items(
    _ target: Target, failures: (String, String) -> Void = { _, _ in }, changes: (Change) -> Void = { _ in },
    unreadable: (SourceProblem) -> Void = { _ in }
  ) throws -> [Item] {
    let versions = try self.versions()
    let records = try versions.mapValues { try $0.map(CareStore.record) }
    let patients = records[.patient] ?? [], plans = records[.carePlan] ?? []
    let tasks = records[.task] ?? [], outcomes = records[.outcome] ?? [], contacts = records[.contact] ?? []
    if target == .care {
      let native = CareJSONWriter.fastDates, carekit = CareKitJSONWriter()
      return (patients + plans + tasks + outcomes + contacts).map { record in
        let json = careFormat == .carekit ? carekit.bytes(record) : native.bytes(record)
        return Item(type: record.kind, uuid: record.uuid, json: json)
      }
    }
    // Links name roots: each entity's root → what the export needs of it.
    func roots(_ kind: EntityKind) -> [UUID: StoredVersion] {
      Dictionary((versions[kind] ?? []).map { ($0.rootUUID, $0) }, uniquingKeysWith: { a, _ in a })
    }
    let patientVersions = roots(.patient), planVersions = roots(.carePlan), taskVersions = roots(.task)
    // The patient of a task's plan and of an outcome's task (nil when the links lead nowhere).
    let planPatient = planVersions.compactMapValues(\.link)
    let taskPatient = taskVersions.compactMapValues { $0.link.flatMap { planPatient[$0] } }
    let writer = FHIRExportWriter(
      release: target == .r4 ? .r4 : .dstu2, patients: patientVersions.mapValues(\.id), plans: planVersions.mapValues(\.id),
      planPatient: planPatient, taskPatient: taskPatient, coders: coders)
    // A medication plan (made by the pipeline for orders no CarePlan claims) is not written: its
    // tasks go out as the MedicationRequests / MedicationOrders they came from; a task of another
    // plan is an activity, or its order beside the plan (``ExportPlacement``).
    let medicationPlans = Set(planVersions.values.filter { !ExportPlacement.isWritten(planID: $0.id) }.map(\.rootUUID))
    var tasksOfPlan: [UUID: [TaskEntity]] = [:]
    var referenced: Set<UUID> = []
    var standalone: [TaskEntity] = []
    for (version, record) in zip(versions[.task] ?? [], tasks) {
      guard case .task(let task) = record else { continue }
      switch writer.placement(of: task, uuids: [version.rootUUID]) {
      case .activity(let plan): tasksOfPlan[plan, default: []].append(task)
      case .referencedOrder(let plan):
        tasksOfPlan[plan, default: []].append(task)
        referenced.insert(task.uuid)
      case .order: standalone.append(task)
      }
    }
    var items: [Item] = []
    func add(_ kind: String, _ id: String, _ body: () throws -> [Item]) {
      do {
        items += try body()
      } catch {
        failures(kind, id)
      }
    }
    let r4 = target == .r4
    let coders = writer.coders
    // From sources: each entity that came from an import as its resources (tried first).
    var fromSource = fromSources ? try SourceItems(of: versions.values.joined().map(\.uuid), in: store) : nil
    // A single-source entity changed on the care side: its source with the changed elements replaced.
    func encode(_ record: CareRecord) throws -> [UInt8] {
      switch record {
      case .patient(let p): r4 ? try coders.r4Patient.encode(p).value.jsonBytes() : try coders.dstu2Patient.encode(p).value.jsonBytes()
      case .task(let t): r4 ? try coders.r4MedicationRequest.encode(t).value.jsonBytes() : try coders.dstu2MedicationOrder.encode(t).value.jsonBytes()
      case .outcome(let o):
        r4 ? try coders.r4Observation.encode(o).value.jsonBytes() : try coders.dstu2Observation.encode(o).value.jsonBytes()
      case .carePlan, .contact: throw StoreError(.badRecord, store: "store", operation: "writing a change over a source")
      }
    }
    func addChanged(_ record: CareRecord, kind: EntityKind) -> Bool {
      guard fromSources else { return false }
      let base: (CareRecord, SourceReference)?
      do {
        base = try store.backend.read { try Self.base(of: kind, id: record.id, in: $0) }
      } catch {
        // A damaged source of an earlier version: written through the coders, and said.
        if let error = error as? StoreError, error.kind == .corrupt {
          unreadable(SourceProblem(kind: record.kind, id: record.id, reason: error.description))
        }
        return false
      }
      guard let (old, source) = base, let json = source.json, let converted = SourceItems.convert(json, from: source.release, to: target),
        let before = try? encode(old), let after = try? encode(record),
        let merged = Self.merge(source: converted, old: before, new: after)
      else { return false }
      items.append(
        Item(type: SourceItems.type(source.resourceType, in: target), uuid: record.uuid, json: merged.json, fullUrl: source.fullUrl))
      changes(Change(kind: record.kind, id: record.id, elements: merged.elements))
      return true
    }
    // Whether the entity `kind`/`id` (with the tasks written with it: `entities`) was written from
    // its sources, or, changed on the care side (`changed`), as its earlier source with the change.
    func addSources(
      _ kind: String, _ id: String, _ entities: [UUID], changed: (record: CareRecord, kind: EntityKind)? = nil
    ) -> Bool {
      switch fromSource?.add(of: entities, target: target) {
      case .items(let added)?:
        items += added
        return true
      case .unreadable(let reason)?:
        unreadable(SourceProblem(kind: kind, id: id, reason: reason))
        return false
      case .noSource?:
        return changed.map { addChanged($0.record, kind: $0.kind) } ?? false
      case nil:
        return false
      }
    }
    for case .patient(let p) in patients {
      if addSources("patient", p.id, [p.uuid], changed: (.patient(p), .patient)) { continue }
      add("patient", p.id) { [try writer.patient(p)] }
    }
    for (version, record) in zip(versions[.carePlan] ?? [], plans) where !medicationPlans.contains(version.rootUUID) {
      guard case .carePlan(let plan) = record else { continue }
      let own = tasksOfPlan[version.rootUUID] ?? []
      // The observation log plans are the pipeline's; their outcomes go out as their Observations.
      if fromSources && plan.id.hasPrefix(Pipeline.observationLogIDPrefix) { continue }
      if addSources("carePlan", plan.id, [plan.uuid] + own.map(\.uuid)) { continue }
      add("carePlan", plan.id) { try writer.plan(plan, tasks: own, referenced: referenced) }
    }
    for task in standalone {
      if addSources("task", task.id, [task.uuid], changed: (.task(task), .task)) { continue }
      add("task", task.id) { [try writer.order(task)] }
    }
    for case .outcome(let o) in outcomes {
      if addSources("outcome", o.id, [o.uuid], changed: (.outcome(o), .outcome)) { continue }
      add("outcome", o.id) { [try writer.outcome(o)] }
    }
    // Contacts have no FHIR coder: each is reported, never dropped silently.
    for contact in contacts { failures("contact", contact.id) }
    return items
  }

  /// The versions to write, by kind: each entity's version in effect at ``date`` (tombstones
  /// left out), of every patient or, with ``patientID``, of that patient only.
  private func versions() throws -> [EntityKind: [StoredVersion]] {
    try store.backend.read { reader in
      if let patientID {
        let owned = try CareStore.ownedVersions(ofPatient: patientID, at: date, in: reader)
        return Dictionary(grouping: owned, by: \.kind)
      }
      var out: [EntityKind: [StoredVersion]] = [:]
      for kind in EntityKind.allCases { out[kind] = CareStore.inEffect(try reader.versions(kind, .all), at: date) }
      return out
    }
  }

  /// `items` as a collection Bundle, each entry's `fullUrl` the entity's `urn:uuid:`.
  public static func bundle(_ items: [Item]) -> [UInt8] {
    var out = Array(#"{"resourceType":"Bundle","type":"collection","entry":["#.utf8)
    for (i, item) in items.enumerated() {
      if i > 0 { out.append(UInt8(ascii: ",")) }
      let url = (item.fullUrl ?? "urn:uuid:" + item.uuid.uuidString.lowercased())
        .replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
      out += Array(#"{"fullUrl":""#.utf8) + Array(url.utf8)
      out += Array(#"","resource":"#.utf8) + item.json + [UInt8(ascii: "}")]
    }
    out += Array("]}".utf8)
    return out
  }
}

import CareModel
import CarePipeline
import CareStore
import Foundation

/// The writing walk of a FHIR export (``ExportRun``): patients, plans with their tasks, other
/// tasks, outcomes, a page at a time. With ``StoreExporter/fromSources``, an entity that came
/// from an import is written as its sources (``StoreExporter/SourceItems``), one changed on the
/// care side as its source with the change, any other through the coders.
/// (A class: the walk's closures share it, and its coders, without copying them per entity.)
final class ExportWriting {
  typealias Item = StoreExporter.Item

  let run: ExportRun
  let links: ExportLinks
  let writer: FHIRExportWriter
  /// The sources of the page being written; `nil` unless exporting from sources.
  var fromSource: StoreExporter.SourceItems?

  init(run: ExportRun, links: ExportLinks) {
    self.run = run
    self.links = links
    writer = links.writer
    fromSource = run.exporter.fromSources ? StoreExporter.SourceItems() : nil
  }

  /// Writes the patients.
  func patients() throws {
    try run.pages(.patient) { try writeEach($0, as: .patient) }
  }

  /// Writes the plans (medication plans left out; observation log plans too from sources), each
  /// with its tasks.
  func plans() throws {
    try run.pages(.carePlan) { page in
      let plans = page.filter { !links.medicationPlans.contains($0.rootUUID) }
      var tasks: [UUID: TaskEntity] = [:]
      // The tasks written as orders beside their plan, referred to by its activities.
      var referenced: Set<UUID> = []
      try run.versions(.task, uuids: plans.flatMap { links.tasksOfPlan[$0.rootUUID] ?? [] }) { read in
        for v in read {
          guard case .task(let task) = try CareStore.record(v) else { continue }
          tasks[v.uuid] = task
          if case .referencedOrder = writer.placement(of: task, uuids: [v.rootUUID]) { referenced.insert(task.uuid) }
        }
      }
      try load(plans.map(\.uuid) + tasks.keys)
      for v in plans {
        guard case .carePlan(let plan) = try CareStore.record(v) else { continue }
        let own = (links.tasksOfPlan[v.rootUUID] ?? []).compactMap { tasks[$0] }
        // The observation log plans are the pipeline's; their outcomes go out as their Observations.
        if run.exporter.fromSources && plan.id.hasPrefix(Pipeline.observationLogIDPrefix) { continue }
        if try addSources("carePlan", plan.id, [plan.uuid] + own.map(\.uuid)) { continue }
        try add("carePlan", plan.id) { try writer.plan(plan, tasks: own, referenced: referenced) }
      }
    }
  }

  /// Writes the tasks that are orders of their own (`uuids`: version uuids).
  func standaloneTasks(_ uuids: [UUID]) throws {
    try run.versions(.task, uuids: uuids) { try writeEach($0, as: .task) }
  }

  /// Writes the outcomes.
  func outcomes() throws {
    try run.pages(.outcome) { try writeEach($0, as: .outcome) }
  }

  /// Writes each patient, task (as an order) or outcome of a page: from its sources, else,
  /// changed on the care side, over its earlier source, else through the coders.
  private func writeEach(_ page: [StoredVersion], as kind: EntityKind) throws {
    try load(page.map(\.uuid))
    for v in page {
      let record = try CareStore.record(v)
      if try addSources(record.kind, record.id, [record.uuid], changed: (record, kind)) { continue }
      try add(record.kind, record.id) { [try item(record)] }
    }
  }

  /// A patient's, task's (an order) or outcome's resource through the writer.
  private func item(_ record: CareRecord) throws -> Item {
    switch record {
    case .patient(let p): try writer.patient(p)
    case .task(let t): try writer.order(t)
    case .outcome(let o): try writer.outcome(o)
    case .carePlan, .contact: throw StoreError(.badRecord, store: "store", operation: "writing a \(record.kind) alone")
    }
  }

  /// Reads the sources of a page's versions, when exporting from sources.
  private func load(_ uuids: [UUID]) throws {
    let reader = run.reader
    try fromSource?.load(uuids, from: reader)
  }

  /// Emits what `body` writes, or reports the entity `kind`/`id` as not written when a coder fails.
  private func add(_ kind: String, _ id: String, _ body: () throws -> [Item]) throws {
    let items: [Item]
    do {
      items = try body()
    } catch {
      run.failures(kind, id)
      return
    }
    for item in items { try run.emit(item) }
  }

  /// Whether the entity `kind`/`id` (with the tasks written with it: `entities`) was written from
  /// its sources, or, changed on the care side (`changed`), as its earlier source with the change.
  private func addSources(
    _ kind: String, _ id: String, _ entities: [UUID], changed: (record: CareRecord, kind: EntityKind)? = nil
  ) throws -> Bool {
    let target = run.target
    switch fromSource?.add(of: entities, target: target) {
    case .items(let added)?:
      for item in added { try run.emit(item) }
      return true
    case .unreadable(let reason)?:
      run.unreadable(StoreExporter.SourceProblem(kind: kind, id: id, reason: reason))
      return false
    case .noSource?:
      guard let changed else { return false }
      return try addChanged(changed.record, kind: changed.kind)
    case nil:
      return false
    }
  }

  /// Writes an entity changed on the care side that came from exactly one resource as that
  /// source with the changed elements replaced; `false` when it cannot be.
  private func addChanged(_ record: CareRecord, kind: EntityKind) throws -> Bool {
    let base: (CareRecord, SourceReference)?
    do {
      base = try StoreExporter.base(of: kind, id: record.id, in: run.reader)
    } catch {
      // A damaged source of an earlier version: written through the coders, and said.
      if let error = error as? StoreError, error.kind == .corrupt {
        run.unreadable(StoreExporter.SourceProblem(kind: record.kind, id: record.id, reason: error.description))
      }
      return false
    }
    let target = run.target
    guard let (old, source) = base, let json = source.json,
      let converted = StoreExporter.SourceItems.convert(json, from: source.release, to: target),
      let before = try? encode(old), let after = try? encode(record),
      let merged = StoreExporter.merge(source: converted, old: before, new: after)
    else { return false }
    try run.emit(
      Item(
        type: StoreExporter.SourceItems.type(source.resourceType, in: target), uuid: record.uuid, json: merged.json,
        fullUrl: source.fullUrl))
    run.changes(StoreExporter.Change(kind: record.kind, id: record.id, elements: merged.elements))
    return true
  }

  /// A patient, task or outcome through the export's coders, as compact JSON.
  private func encode(_ record: CareRecord) throws -> [UInt8] {
    let coders = writer.coders, r4 = run.target == .r4
    switch record {
    case .patient(let p): return r4 ? try coders.r4Patient.encode(p).value.jsonBytes() : try coders.dstu2Patient.encode(p).value.jsonBytes()
    case .task(let t):
      return r4 ? try coders.r4MedicationRequest.encode(t).value.jsonBytes() : try coders.dstu2MedicationOrder.encode(t).value.jsonBytes()
    case .outcome(let o):
      return r4 ? try coders.r4Observation.encode(o).value.jsonBytes() : try coders.dstu2Observation.encode(o).value.jsonBytes()
    case .carePlan, .contact: throw StoreError(.badRecord, store: "store", operation: "writing a change over a source")
    }
  }
}

public import CareModel
public import Foundation

/// The entities a pipeline run produced, each kind sorted by `id` then `uuid`, and its report.
public struct PipelineResult: Sendable {
  /// Care patients.
  public var patients: [PatientEntity] = []
  /// Care plans: one per FHIR CarePlan, plus one observation log plan per patient with log tasks.
  public var carePlans: [CarePlanEntity] = []
  /// Tasks: CarePlan activities, medication orders not in a plan, and observation log tasks.
  public var tasks: [TaskEntity] = []
  /// Outcomes: one per occurrence of a task that converted Observations fall on (usually one
  /// Observation; several on one occurrence are merged into one outcome with all their values).
  public var outcomes: [OutcomeEntity] = []
  /// What the run did.
  public var report = PipelineReport()
  /// Provenance: for each entity's `uuid`, the resources it came from (a Patient, CarePlan,
  /// order or Observation; an activity Task also names the order it took its schedule from).
  /// Observation log plans and tasks are made by the pipeline and have no entry.
  public var sources: [UUID: [SourceReference]] = [:]

  public init() {}

  /// All entities as care records: patients, plans, tasks, then outcomes.
  public var records: [CareRecord] {
    patients.map(CareRecord.patient) + carePlans.map(CareRecord.carePlan) + tasks.map(CareRecord.task)
      + outcomes.map(CareRecord.outcome)
  }

  /// Calls `body` with each entity as a care record, in the order of ``records``, without
  /// making that array (a copy of every entity, 0.5 % of `convert --to care`'s instructions for
  /// each partition's pass).
  func forEachRecord(_ body: (CareRecord) throws -> Void) rethrows {
    for patient in patients { try body(.patient(patient)) }
    for plan in carePlans { try body(.carePlan(plan)) }
    for task in tasks { try body(.task(task)) }
    for outcome in outcomes { try body(.outcome(outcome)) }
  }

  /// The number of entities (of ``records``).
  var recordCount: Int { patients.count + carePlans.count + tasks.count + outcomes.count }
}

extension PipelineResult {
  /// Collects streamed entities (from ``Pipeline/convert(_:reading:staging:_:)`` or the async
  /// ``Pipeline/records(from:staging:)``) into a result sorted as ``Pipeline/run(_:)-(PipelineInput)`` sorts.
  /// - Parameters:
  ///   - records: The entities, in any order.
  ///   - report: The run's report.
  ///   - sources: The entities' provenance (from ``Pipeline/convert(_:reading:staging:withSources:)``
  ///     or ``StagedConversion/finish(withSources:)``), by uuid; entities without sources have no entry.
  public init(records: some Sequence<CareRecord>, report: PipelineReport, sources: [UUID: [SourceReference]] = [:]) {
    self.init()
    self.sources = sources.filter { !$0.value.isEmpty }
    for record in records {
      switch record {
      case .patient(let x): patients.append(x)
      case .carePlan(let x): carePlans.append(x)
      case .task(let x): tasks.append(x)
      case .outcome(let x): outcomes.append(x)
      case .contact: break  // the pipeline makes none
      }
    }
    patients = Self.sortedByID(patients)
    carePlans = Self.sortedByID(carePlans)
    tasks = Self.sortedByID(tasks)
    outcomes = Self.sortedByID(outcomes)
    self.report = report
  }

  /// `entities` in a run's order: by id, then (for the same id) by uuid as text. The uuid's
  /// text is formatted only for equal ids — formatting it in every comparison was a tenth of a
  /// merge's time — and the positions are sorted, then the entities taken in their order: moving
  /// whole entities while sorting cost more than the comparisons
  /// (docs/benchmarks/job-2026-11-28-sessions-11-13.md, "Sorted by position").
  static func sortedByID<E: CareEntity>(_ entities: [E]) -> [E] {
    let ids = entities.map(\.id)
    let order = ids.indices.sorted { a, b in
      if ids[a] != ids[b] { return ids[a] < ids[b] }
      return entities[a].uuid.uuidString < entities[b].uuid.uuidString
    }
    return order.map { entities[$0] }
  }
}

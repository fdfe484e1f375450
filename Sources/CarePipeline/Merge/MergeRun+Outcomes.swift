import CareModel
import Foundation

extension MergeRun {
  /// One Observation's outcome on its way to a task, before the outcomes of an occurrence are merged.
  struct PendingOutcome {
    /// The outcome as the coder made it.
    var outcome: OutcomeEntity
    /// The Observation it came from.
    var resource: IndexedResource
    /// The task's position in `result.tasks`.
    var position: Int
  }

  /// One occurrence of one task.
  struct OccurrenceKey: Hashable {
    var position: Int
    var index: Int
  }

  /// Adds the outcomes of `pending`: all Observations that fall on the same occurrence of the
  /// same task become one outcome (see ``merged(_:)``), so an occurrence never has two.
  /// Occurrences are visited in the order of their first Observation in `pending`.
  mutating func addOutcomes(_ pending: [PendingOutcome]) {
    var groups: [OccurrenceKey: [PendingOutcome]] = [:]
    var order: [OccurrenceKey] = []
    var beforeStart: [OccurrenceKey: Bool] = [:]
    for var item in pending {
      let task = result.tasks[item.position]
      let occurrence = OccurrenceIndex.index(of: item.outcome.effectiveDate, in: task.schedule, timeZone: task.timezone)
      item.outcome.taskUUID = task.uuid
      item.outcome.taskOccurrenceIndex = occurrence.index
      let key = OccurrenceKey(position: item.position, index: occurrence.index)
      if groups[key] == nil { order.append(key) }
      groups[key, default: []].append(item)
      if occurrence.beforeStart { beforeStart[key] = true }
    }
    for key in order {
      let members = groups[key]!.sorted(by: Self.outcomeOrder)
      let outcome = Self.merged(members.map(\.outcome))
      if beforeStart[key] == true { result.report.outcomesBeforeSchedule += 1 }
      result.report.observationsMergedIntoOutcomes += members.count - 1
      for member in members { addSource(outcome.uuid, member.resource) }
      result.outcomes.append(outcome)
    }
  }

  /// The order of the Observations of one occurrence: effective time, then resource type and key.
  static func outcomeOrder(_ a: PendingOutcome, _ b: PendingOutcome) -> Bool {
    (a.outcome.effectiveDate, a.resource.type, a.resource.key) < (b.outcome.effectiveDate, b.resource.type, b.resource.key)
  }

  /// One outcome for the Observations of one occurrence, in ``outcomeOrder(_:_:)``. A single
  /// outcome is returned as it is. Several give the first one's identity (id, uuid), effective
  /// date, time zone and other common fields, the latest `endDate` any has, their notes one after
  /// the other, and all their values in order, each value's `createdDate` (when it has none) set
  /// to its Observation's effective time, so that every value keeps its own time.
  static func merged(_ outcomes: [OutcomeEntity]) -> OutcomeEntity {
    guard outcomes.count > 1 else { return outcomes[0] }
    var merged = outcomes[0]
    merged.values = []
    merged.notes = nil
    merged.endDate = outcomes.compactMap(\.endDate).max()
    for outcome in outcomes {
      for var value in outcome.values {
        if value.createdDate == nil { value.createdDate = outcome.effectiveDate }
        merged.values.append(value)
      }
      if let notes = outcome.notes { merged.notes = (merged.notes ?? []) + notes }
    }
    return merged
  }
}

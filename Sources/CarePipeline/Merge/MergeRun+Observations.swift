import CareModel
import FHIRCoders
import Foundation

extension MergeRun {
  /// The observation log task an untied Observation goes to: one per patient and code.
  struct LogKey: Hashable, Comparable {
    /// The Patient's resource key (empty when the subject is not a converted Patient).
    var patient: String
    /// The observation code's kind.
    var kind: String

    static func < (a: Self, b: Self) -> Bool { (a.patient, a.kind) < (b.patient, b.kind) }
  }

  /// Turns Observations into Outcomes: of the task a CarePlan activity or R4 `basedOn` ties them
  /// to, else of the observation log task for their patient and code.
  mutating func addObservations(_ observations: [(IndexedResource, ResourceFacts.Observation)]) {
    var tied: [(Outcome, Int)] = []
    var logged: [LogKey: [Outcome]] = [:]
    var titles: [LogKey: String] = [:]
    let taskOfUUID = Dictionary(result.tasks.enumerated().map { ($1.uuid, $0) }, uniquingKeysWith: { a, _ in a })
    for (resource, facts) in observations {
      guard var converted = attempt(resource, facts.decode) else { continue }
      record(converted.report, for: resource.type)
      identify(&converted.value, resource)
      addSource(converted.value.uuid, resource)
      var position = taskOfObservation[resource.key]
      if position == nil {
        for site in facts.basedOn {
          guard let target = follow(site, from: resource, expecting: nil) else { continue }
          if let p = taskOfOrder[target.key] {
            position = p
            break
          }
        }
      }
      if position == nil { position = taskOfPartOf(resource, facts) }
      if position == nil, let uuid = converted.value.taskUUID {
        // A task named by a care extension (an exported store) is kept only when it is in the output.
        position = taskOfUUID[uuid]
      }
      if let position {
        tied.append((converted.value, position))
        continue
      }
      guard pipeline.options.logsUntiedObservations else {
        result.report.notConverted[resource.type, default: 0] += 1
        continue
      }
      let key = LogKey(patient: patientKey(facts.subject, from: resource) ?? "", kind: facts.kind ?? "unknown")
      logged[key, default: []].append(converted.value)
      if titles[key] == nil { titles[key] = facts.title }
    }
    for (outcome, position) in tied { addOutcome(outcome, to: position) }
    var logPlans: [String: Int] = [:]
    for key in logged.keys.sorted() {
      let outcomes = logged[key]!
      let position = addLogTask(key, title: titles[key], outcomes: outcomes, plans: &logPlans)
      for outcome in outcomes { addOutcome(outcome, to: position) }
    }
  }

  /// Links `outcome` to the task at `position`, with the occurrence its effective time falls in.
  mutating func addOutcome(_ outcome: Outcome, to position: Int) {
    var outcome = outcome
    let task = result.tasks[position]
    outcome.taskUUID = task.uuid
    let occurrence = OccurrenceIndex.index(of: outcome.effectiveDate, in: task.schedule, timeZone: task.timezone)
    outcome.taskOccurrenceIndex = occurrence.index
    if occurrence.beforeStart { result.report.outcomesBeforeSchedule += 1 }
    result.outcomes.append(outcome)
  }

  /// Adds the log task for `key` — daily, all day, from the day (UTC) of its first outcome, not
  /// counting towards adherence — in its patient's log plan (made on first use).
  mutating func addLogTask(_ key: LogKey, title: String?, outcomes: [Outcome], plans: inout [String: Int]) -> Int {
    let utc = TimeZone(secondsFromGMT: 0)!
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = utc
    let first = outcomes.map(\.effectiveDate).min() ?? Date(timeIntervalSince1970: 0)
    let start = calendar.startOfDay(for: first)
    let patient = patients[key.patient]
    let patientID = patient?.id ?? "unknown-patient"
    var planUUID: UUID?
    if let patient {
      if let existing = plans[key.patient] {
        planUUID = result.carePlans[existing].uuid
        if result.carePlans[existing].effectiveDate > start { result.carePlans[existing].effectiveDate = start }
      } else {
        let plan = CareModel.CarePlan(
          id: "observation-log/" + patientID, title: pipeline.options.logPlanTitle, patientUUID: patient.uuid,
          uuid: StableUUID.forResource(type: "ObservationLogPlan", id: key.patient), effectiveDate: start, timezone: utc)
        plans[key.patient] = result.carePlans.count
        result.carePlans.append(plan)
        planUUID = plan.uuid
      }
    }
    let task = CareModel.Task(
      id: "observation-log/" + patientID + "/" + key.kind, title: title, impactsAdherence: false,
      schedule: .daily(start: start), carePlanUUID: planUUID,
      uuid: StableUUID.forResource(type: "ObservationLogTask", id: key.patient + "|" + key.kind), effectiveDate: start,
      timezone: utc)
    result.tasks.append(task)
    return result.tasks.count - 1
  }
}

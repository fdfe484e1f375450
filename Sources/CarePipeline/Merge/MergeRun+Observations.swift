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
  /// to, else of the observation log task for their patient and code. The Observations that fall
  /// on one occurrence of a task become one outcome (``addOutcomes(_:)``).
  mutating func addObservations(_ observations: [(IndexedResource, ResourceFacts.Observation)]) {
    var tied: [PendingOutcome] = []
    var logged: [LogKey: [(OutcomeEntity, IndexedResource)]] = [:]
    var titles: [LogKey: String] = [:]
    let taskOfUUID = Dictionary(result.tasks.enumerated().map { ($1.uuid, $0) }, uniquingKeysWith: { a, _ in a })
    for (resource, facts) in observations {
      guard var converted = attempt(resource, facts.decode) else { continue }
      // The patient the outcome belongs to, whom export names again as the subject.
      if namesPatient(facts.subject, from: resource) { converted.report.kept("Observation.subject.reference") }
      record(converted.report, for: resource)
      identify(&converted.value, resource)
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
        tied.append(PendingOutcome(outcome: converted.value, resource: resource, position: position))
        continue
      }
      guard pipeline.options.logsUntiedObservations else {
        result.report.notConverted[resource.type, default: 0] += 1
        continue
      }
      let patient = patientKey(facts.subject, from: resource) ?? outsidePatientKey(facts.subject, from: resource)
      let key = LogKey(patient: patient ?? "", kind: facts.kind ?? "unknown")
      logged[key, default: []].append((converted.value, resource))
      if titles[key] == nil { titles[key] = facts.title }
    }
    addOutcomes(tied)
    var logPlans: [String: Int] = [:]
    for key in logged.keys.sorted() {
      let members = logged[key]!
      let position = addLogTask(key, title: titles[key], outcomes: members.map(\.0), plans: &logPlans)
      addOutcomes(members.map { PendingOutcome(outcome: $0.0, resource: $0.1, position: position) })
    }
  }

  /// Adds the log task for `key` — daily, all day, from the day (UTC) of its first outcome, not
  /// counting towards adherence — in its patient's log plan (made on first use). A patient outside
  /// this run (``outsidePatientKey(_:from:)``) gets the same plan and task as one inside it.
  mutating func addLogTask(_ key: LogKey, title: String?, outcomes: [OutcomeEntity], plans: inout [String: Int]) -> Int {
    let utc = TimeZone(secondsFromGMT: 0)!
    let first = outcomes.map(\.effectiveDate).min() ?? Date(timeIntervalSince1970: 0)
    // A UTC day is 86,400 seconds, and 2001-01-01, where a `Date` counts from, is a midnight:
    // counted directly, not asked of a `Calendar` for every log task.
    let start = Date(timeIntervalSinceReferenceDate: (first.timeIntervalSinceReferenceDate / 86_400).rounded(.down) * 86_400)
    let owner = patients[key.patient].map { (id: $0.id, uuid: $0.uuid) } ?? Self.outsidePatient(key.patient)
    let patientID = owner?.id ?? "unknown-patient"
    var planUUID: UUID?
    if let owner {
      if let existing = plans[key.patient] {
        planUUID = result.carePlans[existing].uuid
        if result.carePlans[existing].effectiveDate > start { result.carePlans[existing].effectiveDate = start }
      } else {
        let plan = CarePlanEntity(
          id: "observation-log/" + patientID, title: pipeline.options.logPlanTitle, patientUUID: owner.uuid,
          uuid: StableUUID.forResource(type: "ObservationLogPlan", id: key.patient), effectiveDate: start, timezone: utc)
        plans[key.patient] = result.carePlans.count
        result.carePlans.append(plan)
        planUUID = plan.uuid
      }
    }
    let task = TaskEntity(
      id: "observation-log/" + patientID + "/" + key.kind, title: title, impactsAdherence: false,
      schedule: .daily(start: start), carePlanUUID: planUUID,
      uuid: StableUUID.forResource(type: "ObservationLogTask", id: key.patient + "|" + key.kind), effectiveDate: start,
      timezone: utc)
    result.tasks.append(task)
    return result.tasks.count - 1
  }
}

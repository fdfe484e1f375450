extension MergeRun {
  /// What an activity's outcome reference may name: an Observation, or an R4 event resource an
  /// Observation may be `partOf`.
  static let outcomeTypes: Set<String> = R4Targets.events.union(["Observation"])

  /// The task an event resource (R4 MedicationAdministration, Procedure, …) leads to.
  enum EventTie {
    case task(Int)
    /// No request of the event became a task.
    case none
    /// A CarePlan the event carries out has several activities, and none names the event.
    case ambiguous
  }

  /// The task an R4 Observation's `partOf` ties it to: through the first event resource that
  /// leads to one (see ``eventTie(_:)``). Each `partOf` that leads nowhere, to another type, or
  /// to an event with no task is reported; nothing is guessed.
  mutating func taskOfPartOf(_ resource: IndexedResource, _ facts: ResourceFacts.Observation) -> Int? {
    for site in facts.partOf {
      guard let event = follow(site, from: resource, expecting: R4Targets.events) else { continue }
      switch eventTie(event) {
      case .task(let position): return position
      case .none: unresolved(site, from: resource, .noTask)
      case .ambiguous: unresolved(site, from: resource, .ambiguous)
      }
    }
    return nil
  }

  /// The task `event` leads to, computed once per event: the task of the CarePlan activity whose
  /// `outcomeReference` names it; else, following its requests in order (MedicationAdministration
  /// `request`, MedicationDispense `authorizingPrescription`, `basedOn` of the others), the task
  /// of the first MedicationRequest that became one, or of the only activity of a CarePlan.
  /// The event's own references that cannot be followed are reported, with the event as referrer.
  mutating func eventTie(_ event: IndexedResource) -> EventTie {
    if let known = eventTies[event.key] { return known }
    var tie = EventTie.none
    if let position = taskOfEvent[event.key] {
      tie = .task(position)
    } else if case .event(let facts) = pipeline.coders.facts(for: event) {
      for site in facts.requests {
        guard let target = follow(site, from: event, expecting: nil) else { continue }
        if let position = taskOfOrder[target.key] {
          tie = .task(position)
          break
        }
        if target.type == "CarePlan", let tasks = tasksOfPlan[target.key] {
          if tasks.count == 1 {
            tie = .task(tasks[0])
            break
          }
          tie = .ambiguous
        }
      }
    }
    eventTies[event.key] = tie
    return tie
  }
}

import FHIRCoders
import FHIRCore
import FHIRDSTU2

extension Pipeline.Coders {
  /// The merge facts of a DSTU2 resource; its coder accounts from `source` (the tokens it was
  /// read from), if given.
  func dstu2Facts(_ resource: FHIRDSTU2.AnyResource, source: ResourceSource? = nil) -> ResourceFacts {
    switch resource {
    case .patient(let patient):
      let coder = dstu2Patient
      return .patient { try coder.decode(patient, from: source) }
    case .carePlan(let plan):
      let coder = dstu2CarePlan
      let activities = plan.activity.enumerated().map { i, a in
        ResourceFacts.Activity(
          reference: Site.make(a.reference?.reference?.string, "CarePlan.activity[\(i)].reference"),
          outcomes: a.actionResulting.enumerated().compactMap { j, ref in
            Site.make(ref.reference?.string, "CarePlan.activity[\(i)].actionResulting[\(j)]")
          }, prohibited: a.detail?.prohibited?.value?.bool == true, status: a.detail?.status?.string)
      }
      return .carePlan(
        ResourceFacts.Plan(
          subject: Site.make(plan.subject?.reference?.string, "CarePlan.subject"), status: plan.status?.string,
          activities: activities,
          decode: { try coder.decodeWithTasks(plan, from: source) }))
    case .medicationOrder(let order):
      let coder = dstu2MedicationOrder
      var medication: Site?
      if case .reference(let ref) = order.medication {
        medication = Site.make(ref.reference?.string, "MedicationOrder.medicationReference")
      }
      return .order(
        ResourceFacts.Order(
          subject: Site.make(order.patient?.reference?.string, "MedicationOrder.patient"),
          status: order.status?.string, dateEnded: order.dateEnded?.string,
          basedOn: [], medication: medication,
          decode: { resolved in
            // A Medication found elsewhere in the input gives the title through a copy of the
            // coder that resolves the reference to it: its elements stay its own (the order is
            // still what its tokens hold, and is accounted from them).
            guard case .dstu2(.medication(let m))? = resolved?.resource, case .reference(let ref) = order.medication,
              !(ref.reference?.string?.hasPrefix("#") ?? false)
            else { return try coder.decode(order, from: source) }
            var resolving = coder
            resolving.resolveMedication = { _ in m }
            return try resolving.decode(order, from: source)
          }))
    case .observation(let observation):
      let coder = dstu2Observation
      let code = observation.code
      let kind = ObservedValue.kind(
        codings: (code?.coding ?? []).map { (system: $0.system?.string, code: $0.code?.string) }, text: code?.text?.string)
      return .observation(
        ResourceFacts.Observation(
          subject: Site.make(observation.subject?.reference?.string, "Observation.subject"), basedOn: [],
          members: observation.related.enumerated().compactMap { k, related in
            related.type?.string == "has-member"
              ? Site.make(related.target?.reference?.string, "Observation.related[\(k)].target") : nil
          },
          kind: kind, title: code?.text?.string ?? code?.coding.lazy.compactMap(\.display?.string).first ?? kind,
          decode: { try coder.decode(observation, from: source) }))
    case .medication, .bundle, .other:
      return .notConverted
    }
  }
}

import FHIRCoders
import FHIRCore
import FHIRR4

extension Pipeline.Coders {
  typealias Site = ResourceFacts.Site

  /// The merge facts of an R4 resource.
  func r4Facts(_ resource: FHIRR4.AnyResource) -> ResourceFacts {
    switch resource {
    case .patient(let patient):
      let coder = r4Patient
      return .patient { try coder.decode(patient) }
    case .carePlan(let plan):
      let coder = r4CarePlan
      let activities = plan.activity.enumerated().map { i, a in
        ResourceFacts.Activity(
          reference: Site.make(a.reference?.reference?.string, "CarePlan.activity[\(i)].reference"),
          outcomes: a.outcomeReference.enumerated().compactMap { j, ref in
            Site.make(ref.reference?.string, "CarePlan.activity[\(i)].outcomeReference[\(j)]")
          })
      }
      return .carePlan(
        ResourceFacts.Plan(
          subject: Site.make(plan.subject?.reference?.string, "CarePlan.subject"), activities: activities,
          decode: { try coder.decodeWithTasks(plan) }))
    case .medicationRequest(let request):
      let coder = r4MedicationRequest
      var medication: Site?
      if case .reference(let ref) = request.medication {
        medication = Site.make(ref.reference?.string, "MedicationRequest.medicationReference")
      }
      return .order(
        ResourceFacts.Order(
          subject: Site.make(request.subject?.reference?.string, "MedicationRequest.subject"),
          basedOn: request.basedOn.enumerated().compactMap { k, ref in
            Site.make(ref.reference?.string, "MedicationRequest.basedOn[\(k)]")
          },
          medication: medication,
          decode: { resolved in
            var request = request
            // A Medication found elsewhere in the input is handed to the coder as a contained one.
            if case .r4(.medication(var m))? = resolved?.resource, case .reference(var ref) = request.medication,
              let target = ref.reference?.string, !target.hasPrefix("#")
            {
              let id = m.id?.string ?? "medication"
              m.id = Primitive(FHIRID(uncheckedString: id))
              request.contained.append(.medication(m))
              ref.reference = Primitive(FHIRString(uncheckedString: "#" + id))
              request.medication = .reference(ref)
            }
            return try coder.decode(request)
          }))
    case .observation(let observation):
      let coder = r4Observation
      let code = observation.code
      let kind = ObservedValue.kind(
        codings: (code?.coding ?? []).map { (system: $0.system?.string, code: $0.code?.string) }, text: code?.text?.string)
      return .observation(
        ResourceFacts.Observation(
          subject: Site.make(observation.subject?.reference?.string, "Observation.subject"),
          basedOn: observation.basedOn.enumerated().compactMap { k, ref in
            Site.make(ref.reference?.string, "Observation.basedOn[\(k)]")
          },
          members: observation.hasMember.enumerated().compactMap { k, ref in
            Site.make(ref.reference?.string, "Observation.hasMember[\(k)]")
          },
          kind: kind, title: code?.text?.string ?? code?.coding.lazy.compactMap(\.display?.string).first ?? kind,
          decode: { try coder.decode(observation) }))
    case .medication, .bundle, .other:
      return .notConverted
    }
  }
}

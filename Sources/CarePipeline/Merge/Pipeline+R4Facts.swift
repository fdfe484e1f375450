import FHIRCoders
import FHIRCore
import FHIRR4

extension Pipeline.Coders {
  typealias Site = ResourceFacts.Site

  /// The merge facts of an R4 resource; its coder accounts from `source` (the tokens it was
  /// read from), if given.
  func r4Facts(_ resource: FHIRR4.AnyResource, source: ResourceSource? = nil) -> ResourceFacts {
    switch resource {
    case .patient(let patient):
      let coder = r4Patient
      return .patient { try coder.decode(patient, from: source) }
    case .carePlan(let plan):
      let coder = r4CarePlan
      let activities = plan.activity.enumerated().map { i, a in
        ResourceFacts.Activity(
          reference: Self.site(a.reference, "CarePlan.activity[\(i)].reference", R4Targets.activity),
          outcomes: a.outcomeReference.enumerated().compactMap { j, ref in
            Self.site(ref, "CarePlan.activity[\(i)].outcomeReference[\(j)]", [])
          }, prohibited: a.detail?.doNotPerform?.value?.bool == true,
          status: a.detail?.status?.string)
      }
      return .carePlan(
        ResourceFacts.Plan(
          subject: Self.site(plan.subject, "CarePlan.subject", R4Targets.subject), status: plan.status?.string,
          intent: plan.intent?.string, activities: activities,
          decode: { try coder.decodeWithTasks(plan, from: source) }))
    case .medicationRequest(let request):
      let coder = r4MedicationRequest
      var medication: Site?
      if case .reference(let ref) = request.medication {
        medication = Self.site(ref, "MedicationRequest.medicationReference", ["Medication"])
      }
      return .order(
        ResourceFacts.Order(
          subject: Self.site(request.subject, "MedicationRequest.subject", R4Targets.subject),
          status: request.status?.string, intent: request.intent?.string,
          dateEnded: CarriedDateEnded.value(in: request.extension)?.string,
          basedOn: request.basedOn.enumerated().compactMap { k, ref in
            Self.site(ref, "MedicationRequest.basedOn[\(k)]", R4Targets.requestBasedOn)
          },
          medication: medication,
          decode: { resolved in
            // A Medication found elsewhere in the input gives the title through a copy of the
            // coder that resolves the reference to it: its elements stay its own (the order is
            // still what its tokens hold, and is accounted from them).
            guard case .r4(.medication(let m))? = resolved?.resource, case .reference(let ref) = request.medication,
              !(ref.reference?.string?.hasPrefix("#") ?? false)
            else { return try coder.decode(request, from: source) }
            var resolving = coder
            resolving.resolveMedication = { _ in m }
            return try resolving.decode(request, from: source)
          }))
    case .observation(let observation):
      let coder = r4Observation
      let code = observation.code
      let kind = ObservedValue.kind(
        codings: (code?.coding ?? []).map { (system: $0.system?.string, code: $0.code?.string) }, text: code?.text?.string)
      return .observation(
        ResourceFacts.Observation(
          subject: Self.site(observation.subject, "Observation.subject", R4Targets.observationSubject),
          basedOn: observation.basedOn.enumerated().compactMap { k, ref in
            Self.site(ref, "Observation.basedOn[\(k)]", R4Targets.observationBasedOn)
          },
          partOf: observation.partOf.enumerated().compactMap { k, ref in
            Self.site(ref, "Observation.partOf[\(k)]", R4Targets.events)
          },
          members: observation.hasMember.enumerated().compactMap { k, ref in
            Self.site(ref, "Observation.hasMember[\(k)]", MergeRun.memberTypes)
          },
          kind: kind, title: code?.text?.string ?? code?.coding.lazy.compactMap(\.display?.string).first ?? kind,
          decode: { try coder.decode(observation, from: source) }))
    case .other(let json):
      return r4EventFacts(json)
    case .medication, .bundle:
      return .notConverted
    }
  }

  /// The site of an R4 reference: literal, else logical (by identifier, among `types` or the
  /// reference's own `type`).
  static func site(_ reference: FHIRR4.Reference?, _ path: String, _ types: Set<String>) -> Site? {
    guard let reference else { return nil }
    let identifier = reference.identifier.map {
      LogicalIdentifier(system: $0.system?.string ?? "", value: $0.value?.string ?? "")
    }
    return Site.make(
      reference: reference.reference?.string, identifier: identifier, type: reference.type?.string, path,
      allowing: types)
  }
}

public import FHIRCoders

extension Pipeline {
  /// The coders the pipeline converts resources with. Each is a value whose `get…` closures can be
  /// replaced; the pipeline then sets the links (`patientUUID`, `carePlanUUID`, `taskUUID`) and
  /// occurrence indexes from the references it resolved.
  public struct Coders: Sendable {
    /// R4 Patient ⇄ Patient.
    public var r4Patient = R4PatientCoder()
    /// R4 MedicationRequest ⇄ Task.
    public var r4MedicationRequest = R4MedicationRequestCoder()
    /// R4 CarePlan ⇄ CarePlan, activities ⇄ Tasks.
    public var r4CarePlan = R4CarePlanCoder()
    /// R4 Observation ⇄ Outcome.
    public var r4Observation = R4ObservationCoder()
    /// DSTU2 Patient ⇄ Patient.
    public var dstu2Patient = DSTU2PatientCoder()
    /// DSTU2 MedicationOrder ⇄ Task.
    public var dstu2MedicationOrder = DSTU2MedicationOrderCoder()
    /// DSTU2 CarePlan ⇄ CarePlan, activities ⇄ Tasks.
    public var dstu2CarePlan = DSTU2CarePlanCoder()
    /// DSTU2 Observation ⇄ Outcome.
    public var dstu2Observation = DSTU2ObservationCoder()

    /// The default coders.
    public init() {}

    /// The merge facts of `resource`, by release; the coders account from its source when it has one.
    func facts(for resource: IndexedResource) -> ResourceFacts {
      switch resource.resource {
      case .r4(let r): r4Facts(r, source: resource.source)
      case .dstu2(let r): dstu2Facts(r, source: resource.source)
      }
    }
  }
}

import CareModel
public import Foundation
extension Pipeline {
  /// How the pipeline merges.
  public struct Options: Sendable {
    /// Whether Observations tied to no task become outcomes of observation log tasks (one per
    /// observation code per patient). Default `true`; when `false` they are counted as not converted.
    public var logsUntiedObservations = true
    /// The title of each patient's observation log plan. Default `"Observations"`.
    public var logPlanTitle = "Observations"
    /// Whether the report keeps what the coders approximated per resource
    /// (``PipelineReport/resourceReports``), besides the totals per type. Default `false`:
    /// the list grows with the input.
    public var keepsResourceReports = false
    /// Whether the task of a medication order that no CarePlan activity claims (and that is
    /// `basedOn` no CarePlan) goes into its patient's medication plan (one per patient, id
    /// ``Pipeline/medicationPlanIDPrefix`` + the patient's id), so that it belongs to its patient.
    /// Default `true`; when `false` such a task has no `carePlanUUID`.
    public var groupsStandaloneOrders = true
    /// The title of each patient's medication plan. Default `"Medications"`.
    public var medicationPlanTitle = "Medications"
    /// Whether each ``SourceReference`` carries its resource's JSON (``SourceReference/json``),
    /// which the store keeps with the version. Default `true`.
    public var keepsSourceJSON = true

    /// The default options.
    public init() {}
  }

  /// The id prefix of the per-patient medication plans (`medications/<patient id>`). The store's
  /// exporter writes the tasks of such a plan as MedicationRequests / MedicationOrders, not as
  /// activities of a CarePlan the input never had.
  public static let medicationPlanIDPrefix = "medications/"

  /// The id prefix of the per-patient observation log plans and tasks (`observation-log/<patient id>`).
  public static let observationLogIDPrefix = "observation-log/"

  /// The id of the Patient a plan the pipeline made stands for (`medications/<id>`,
  /// `observation-log/<id>`), when `patient`, the plan's link, is the uuid that Patient's entity
  /// gets from that id — as for a Patient outside the input, which a store may not hold yet;
  /// `nil` for any other plan.
  public static func patientID(ofPlan planID: String, linkedTo patient: UUID) -> String? {
    for prefix in [medicationPlanIDPrefix, observationLogIDPrefix] where planID.hasPrefix(prefix) {
      let id = String(planID.dropFirst(prefix.count))
      if MergeRun.outsidePatient("Patient/" + id)?.uuid == patient { return id }
    }
    return nil
  }

  /// The id of the Patient that `reference` names (`Patient/<id>`, relative or absolute, as a
  /// CarePlan's `subject` has it), when `patient`, the link of an entity made from the resource
  /// holding the reference, is the uuid that Patient's entity gets from that id — as for the
  /// CarePlan of a Patient outside its import, which a store may not hold yet; `nil` otherwise.
  public static func patientID(ofReference reference: String, linkedTo patient: UUID) -> String? {
    guard let key = ReferenceResolver.Literal(reference).typeAndID,
      let outside = MergeRun.outsidePatient(key), outside.uuid == patient
    else { return nil }
    return outside.id
  }

  /// The uuid the entity of the Patient with FHIR `id` gets, to which the plans the pipeline
  /// makes for its orders and Observations, and its CarePlans, link whether or not the Patient
  /// is in their input: so a store may hold them before it holds the Patient.
  public static func patientUUID(ofPatientID id: String) -> UUID? { MergeRun.outsidePatient("Patient/" + id)?.uuid }

  /// The `userInfo` key under which a care plan or task keeps its FHIR CarePlan's or order's
  /// `status` when it is not `active` (`stopped`, `completed`, `cancelled`, `on-hold`, …, in the
  /// code of the release it came from); absent means active. An activity's task keeps its
  /// `detail.status` there when it is not `scheduled` (what a detail is written with). The
  /// store's exporter writes it back as the resource's (or detail's) `status`, mapped to the
  /// target release, instead of a care extension.
  public static let statusKey = "fhirStatus"

  /// The `userInfo` key under which an order's task keeps its R4 MedicationRequest's `intent`
  /// when it is not `order` (`proposal`, `plan`, …), and a care plan its R4 CarePlan's `intent`
  /// when it is not `plan`; absent means the default. The store's exporter writes it back as
  /// the resource's `intent`.
  public static let intentKey = "fhirIntent"

  /// The `userInfo` key under which an order's task keeps its DSTU2 MedicationOrder's
  /// `dateEnded`, as written: the schedule ends there (the coder cuts it), and this keeps the
  /// date the order was stopped for export, which writes it back as `dateEnded` to DSTU2 (R4
  /// has no such element: there the entry stays in `userInfo`, a care extension).
  public static let dateEndedKey = "fhirDateEnded"
}

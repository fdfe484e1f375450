import CareModel
import FHIRCoders
import Foundation

extension MergeRun {
  /// The id prefix of the pipeline's per-patient medication plans (`medications/<patient id>`).
  static let medicationPlanPrefix = Pipeline.medicationPlanIDPrefix

  /// The uuid of the medication plan of the Patient `subject` names — the plan a medication order
  /// that no CarePlan claims goes to, so that its task belongs to its patient — made on first use
  /// (effective from the earliest of its tasks). A Patient outside this run
  /// (``outsidePatientKey(_:from:)``) gets the same plan as one inside it. `nil` when `subject`
  /// leads to no Patient (reported once, by ``checkReferences(orders:observations:)``).
  mutating func medicationPlan(of subject: ResourceFacts.Site?, from resource: IndexedResource, since date: Date)
    -> UUID?
  {
    guard pipeline.options.groupsStandaloneOrders, let subject else { return nil }
    let key: String
    let owner: (id: String, uuid: UUID)
    if case .found(let target) = resolver.resolve(subject, from: resource) {
      guard let patient = patients[target.key] else { return nil }
      (key, owner) = (target.key, (patient.id, patient.uuid))
    } else if let outside = outsidePatientKey(subject, from: resource), let patient = Self.outsidePatient(outside) {
      (key, owner) = (outside, patient)
    } else {
      return nil
    }
    if let existing = medicationPlans[key] {
      if result.carePlans[existing].effectiveDate > date { result.carePlans[existing].effectiveDate = date }
      return result.carePlans[existing].uuid
    }
    let plan = CarePlanEntity(
      id: Self.medicationPlanPrefix + owner.id, title: pipeline.options.medicationPlanTitle,
      patientUUID: owner.uuid, uuid: StableUUID.forResource(type: "MedicationPlan", id: key),
      effectiveDate: date, timezone: TimeZone(secondsFromGMT: 0)!)
    medicationPlans[key] = result.carePlans.count
    result.carePlans.append(plan)
    return plan.uuid
  }
}

import CareModel
import FHIRCoders
import Foundation

extension MergeRun {
  /// The id prefix of the pipeline's per-patient medication plans (`medications/<patient id>`).
  static let medicationPlanPrefix = Pipeline.medicationPlanIDPrefix

  /// The uuid of the medication plan of the Patient `subject` names — the plan a medication order
  /// that no CarePlan claims goes to, so that its task belongs to its patient — made on first use
  /// (effective from the earliest of its tasks). `nil` when `subject` does not lead to a converted
  /// Patient (reported once, by ``checkReferences(orders:observations:)``).
  mutating func medicationPlan(of subject: ResourceFacts.Site?, from resource: IndexedResource, since date: Date)
    -> UUID?
  {
    guard pipeline.options.groupsStandaloneOrders, let subject,
      case .found(let target) = resolver.resolve(subject, from: resource), let patient = patients[target.key]
    else { return nil }
    if let existing = medicationPlans[target.key] {
      if result.carePlans[existing].effectiveDate > date { result.carePlans[existing].effectiveDate = date }
      return result.carePlans[existing].uuid
    }
    let plan = CareModel.CarePlan(
      id: Self.medicationPlanPrefix + patient.id, title: pipeline.options.medicationPlanTitle,
      patientUUID: patient.uuid, uuid: StableUUID.forResource(type: "MedicationPlan", id: target.key),
      effectiveDate: date, timezone: TimeZone(secondsFromGMT: 0)!)
    medicationPlans[target.key] = result.carePlans.count
    result.carePlans.append(plan)
    return plan.uuid
  }
}

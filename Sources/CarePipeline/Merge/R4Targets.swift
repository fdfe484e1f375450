/// The resource types R4 allows for the references the merge follows: what a logical
/// reference (by identifier, without `Reference.type`) may match.
enum R4Targets {
  /// `CarePlan.subject`, `MedicationRequest.subject`.
  static let subject: Set<String> = ["Patient", "Group"]
  /// `Observation.subject`.
  static let observationSubject: Set<String> = ["Patient", "Group", "Device", "Location"]
  /// `CarePlan.activity.reference`.
  static let activity: Set<String> = [
    "Appointment", "CommunicationRequest", "DeviceRequest", "MedicationRequest", "NutritionOrder", "Task",
    "ServiceRequest", "VisionPrescription", "RequestGroup",
  ]
  /// `MedicationRequest.basedOn`.
  static let requestBasedOn: Set<String> = [
    "CarePlan", "MedicationRequest", "ServiceRequest", "ImmunizationRecommendation",
  ]
  /// `Observation.basedOn`.
  static let observationBasedOn: Set<String> = [
    "CarePlan", "DeviceRequest", "ImmunizationRecommendation", "MedicationRequest", "NutritionOrder",
    "ServiceRequest",
  ]
  /// `Observation.partOf`: the event resources an observation is made as part of.
  static let events: Set<String> = [
    "MedicationAdministration", "MedicationDispense", "MedicationStatement", "Procedure", "Immunization",
    "ImagingStudy",
  ]
}

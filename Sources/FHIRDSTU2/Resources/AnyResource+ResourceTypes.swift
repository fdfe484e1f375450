import FHIRCore
import FHIRJSON

extension AnyResource {
  /// Every resource type of FHIR DSTU2 (1.0.2), the modelled ones and the others. A
  /// `resourceType` outside this set is reported (`unexpectedResourceType`): it is no
  /// DSTU2 resource at all, not merely one FHIRKit does not model.
  public static let resourceTypes: Set<String> = [
    "Account", "AllergyIntolerance", "Appointment", "AppointmentResponse", "AuditEvent", "Basic", "Binary", "BodySite",
    "Bundle", "CarePlan", "Claim", "ClaimResponse", "ClinicalImpression", "Communication", "CommunicationRequest",
    "Composition", "ConceptMap", "Condition", "Conformance", "Contract", "Coverage", "DataElement", "DetectedIssue",
    "Device", "DeviceComponent", "DeviceMetric", "DeviceUseRequest", "DeviceUseStatement", "DiagnosticOrder",
    "DiagnosticReport", "DocumentManifest", "DocumentReference", "EligibilityRequest", "EligibilityResponse",
    "Encounter", "EnrollmentRequest", "EnrollmentResponse", "EpisodeOfCare", "ExplanationOfBenefit",
    "FamilyMemberHistory", "Flag", "Goal", "Group", "HealthcareService", "ImagingObjectSelection", "ImagingStudy",
    "Immunization", "ImmunizationRecommendation", "ImplementationGuide", "List", "Location", "Media", "Medication",
    "MedicationAdministration", "MedicationDispense", "MedicationOrder", "MedicationStatement", "MessageHeader",
    "NamingSystem", "NutritionOrder", "Observation", "OperationDefinition", "OperationOutcome", "Order",
    "OrderResponse", "Organization", "Parameters", "Patient", "PaymentNotice", "PaymentReconciliation", "Person",
    "Practitioner", "Procedure", "ProcedureRequest", "ProcessRequest", "ProcessResponse", "Provenance",
    "Questionnaire", "QuestionnaireResponse", "ReferralRequest", "RelatedPerson", "RiskAssessment", "Schedule",
    "SearchParameter", "Slot", "Specimen", "StructureDefinition", "Subscription", "Substance", "SupplyDelivery",
    "SupplyRequest", "TestScript", "ValueSet", "VisionPrescription",
  ]
}

extension AnyResource {
  /// Reports a `resourceType` that is a string but no DSTU2 resource type, at that member.
  static func reportUnknownType(_ decoder: inout FHIRDecoder, inObjectAt index: Int) throws {
    guard var members = try decoder.members(ofObjectAt: index) else { return }
    while let member = decoder.nextMember(&members) {
      guard decoder.tokens.text(at: member.keyIndex, equals: "resourceType".utf8) else { continue }
      try decoder.record(.error, .unexpectedResourceType, "resourceType is no DSTU2 resource type", at: member.valueIndex)
      return
    }
  }
}

import FHIRCore
import FHIRJSON

extension AnyResource {
  /// Every resource type of FHIR R4 (4.0.1), the modelled ones and the others. A
  /// `resourceType` outside this set is reported (`unexpectedResourceType`): it is no R4
  /// resource at all, not merely one FHIRKit does not model.
  public static let resourceTypes: Set<String> = [
    "Account", "ActivityDefinition", "AdverseEvent", "AllergyIntolerance", "Appointment", "AppointmentResponse",
    "AuditEvent", "Basic", "Binary", "BiologicallyDerivedProduct", "BodyStructure", "Bundle", "CapabilityStatement",
    "CarePlan", "CareTeam", "CatalogEntry", "ChargeItem", "ChargeItemDefinition", "Claim", "ClaimResponse",
    "ClinicalImpression", "CodeSystem", "Communication", "CommunicationRequest", "CompartmentDefinition", "Composition",
    "ConceptMap", "Condition", "Consent", "Contract", "Coverage", "CoverageEligibilityRequest",
    "CoverageEligibilityResponse", "DetectedIssue", "Device", "DeviceDefinition", "DeviceMetric", "DeviceRequest",
    "DeviceUseStatement", "DiagnosticReport", "DocumentManifest", "DocumentReference", "EffectEvidenceSynthesis",
    "Encounter", "Endpoint", "EnrollmentRequest", "EnrollmentResponse", "EpisodeOfCare", "EventDefinition", "Evidence",
    "EvidenceVariable", "ExampleScenario", "ExplanationOfBenefit", "FamilyMemberHistory", "Flag", "Goal",
    "GraphDefinition", "Group", "GuidanceResponse", "HealthcareService", "ImagingStudy", "Immunization",
    "ImmunizationEvaluation", "ImmunizationRecommendation", "ImplementationGuide", "InsurancePlan", "Invoice", "Library",
    "Linkage", "List", "Location", "Measure", "MeasureReport", "Media", "Medication", "MedicationAdministration",
    "MedicationDispense", "MedicationKnowledge", "MedicationRequest", "MedicationStatement", "MedicinalProduct",
    "MedicinalProductAuthorization", "MedicinalProductContraindication", "MedicinalProductIndication",
    "MedicinalProductIngredient", "MedicinalProductInteraction", "MedicinalProductManufactured",
    "MedicinalProductPackaged", "MedicinalProductPharmaceutical", "MedicinalProductUndesirableEffect",
    "MessageDefinition", "MessageHeader", "MolecularSequence", "NamingSystem", "NutritionOrder", "Observation",
    "ObservationDefinition", "OperationDefinition", "OperationOutcome", "Organization", "OrganizationAffiliation",
    "Parameters", "Patient", "PaymentNotice", "PaymentReconciliation", "Person", "PlanDefinition", "Practitioner",
    "PractitionerRole", "Procedure", "Provenance", "Questionnaire", "QuestionnaireResponse", "RelatedPerson",
    "RequestGroup", "ResearchDefinition", "ResearchElementDefinition", "ResearchStudy", "ResearchSubject",
    "RiskAssessment", "RiskEvidenceSynthesis", "Schedule", "SearchParameter", "ServiceRequest", "Slot", "Specimen",
    "SpecimenDefinition", "StructureDefinition", "StructureMap", "Subscription", "Substance", "SubstanceNucleicAcid",
    "SubstancePolymer", "SubstanceProtein", "SubstanceReferenceInformation", "SubstanceSourceMaterial",
    "SubstanceSpecification", "SupplyDelivery", "SupplyRequest", "Task", "TerminologyCapabilities", "TestReport",
    "TestScript", "ValueSet", "VerificationResult", "VisionPrescription",
  ]
}

extension AnyResource {
  /// Reports a `resourceType` that is a string but no R4 resource type, at that member.
  static func reportUnknownType(_ decoder: inout FHIRDecoder, inObjectAt index: Int) throws {
    guard var members = try decoder.members(ofObjectAt: index) else { return }
    while let member = decoder.nextMember(&members) {
      guard decoder.tokens.text(at: member.keyIndex, equals: "resourceType".utf8) else { continue }
      try decoder.record(.error, .unexpectedResourceType, "resourceType is no R4 resource type", at: member.valueIndex)
      return
    }
  }
}

public import FHIRDSTU2
public import FHIRR4

extension ReleaseConverter {
  /// Converts a DSTU2 `Patient` to R4.
  public static func toR4(_ patient: FHIRDSTU2.Patient) -> (FHIRR4.Patient, ReleaseConversionReport) {
    var converter = DSTU2ToR4()
    let converted = converter.patient(patient, "")
    return (converted, converter.conversion.report)
  }

  /// Converts an R4 `Patient` to DSTU2.
  public static func toDSTU2(_ patient: FHIRR4.Patient) -> (FHIRDSTU2.Patient, ReleaseConversionReport) {
    R4ToDSTU2.convert { $0.patient(patient, "") }
  }

  /// Converts a DSTU2 `MedicationOrder` to an R4 `MedicationRequest` (intent defaults to `order`).
  public static func toR4(_ order: FHIRDSTU2.MedicationOrder) -> (FHIRR4.MedicationRequest, ReleaseConversionReport) {
    var converter = DSTU2ToR4()
    let converted = converter.medicationRequest(order, "")
    return (converted, converter.conversion.report)
  }

  /// Converts an R4 `MedicationRequest` to a DSTU2 `MedicationOrder`.
  public static func toDSTU2(_ request: FHIRR4.MedicationRequest) -> (FHIRDSTU2.MedicationOrder, ReleaseConversionReport) {
    R4ToDSTU2.convert { $0.medicationRequest(request, "") }
  }

  /// Converts a DSTU2 `Medication` to R4.
  public static func toR4(_ medication: FHIRDSTU2.Medication) -> (FHIRR4.Medication, ReleaseConversionReport) {
    var converter = DSTU2ToR4()
    let converted = converter.medication(medication, "")
    return (converted, converter.conversion.report)
  }

  /// Converts an R4 `Medication` to DSTU2.
  public static func toDSTU2(_ medication: FHIRR4.Medication) -> (FHIRDSTU2.Medication, ReleaseConversionReport) {
    R4ToDSTU2.convert { $0.medication(medication, "") }
  }

  /// Converts a DSTU2 `Observation` to R4.
  public static func toR4(_ observation: FHIRDSTU2.Observation) -> (FHIRR4.Observation, ReleaseConversionReport) {
    var converter = DSTU2ToR4()
    let converted = converter.observation(observation, "")
    return (converted, converter.conversion.report)
  }

  /// Converts an R4 `Observation` to DSTU2.
  public static func toDSTU2(_ observation: FHIRR4.Observation) -> (FHIRDSTU2.Observation, ReleaseConversionReport) {
    R4ToDSTU2.convert { $0.observation(observation, "") }
  }

  /// Converts a DSTU2 `CarePlan` to R4 (intent defaults to `plan`).
  public static func toR4(_ carePlan: FHIRDSTU2.CarePlan) -> (FHIRR4.CarePlan, ReleaseConversionReport) {
    var converter = DSTU2ToR4()
    let converted = converter.carePlan(carePlan, "")
    return (converted, converter.conversion.report)
  }

  /// Converts an R4 `CarePlan` to DSTU2.
  public static func toDSTU2(_ carePlan: FHIRR4.CarePlan) -> (FHIRDSTU2.CarePlan, ReleaseConversionReport) {
    R4ToDSTU2.convert { $0.carePlan(carePlan, "") }
  }

  /// Converts a DSTU2 `Bundle` to R4, entry by entry.
  public static func toR4(_ bundle: FHIRDSTU2.Bundle) -> (FHIRR4.Bundle, ReleaseConversionReport) {
    var converter = DSTU2ToR4()
    let converted = converter.bundle(bundle, "")
    return (converted, converter.conversion.report)
  }

  /// Converts an R4 `Bundle` to DSTU2, entry by entry.
  public static func toDSTU2(_ bundle: FHIRR4.Bundle) -> (FHIRDSTU2.Bundle, ReleaseConversionReport) {
    R4ToDSTU2.convert { $0.bundle(bundle, "") }
  }
}

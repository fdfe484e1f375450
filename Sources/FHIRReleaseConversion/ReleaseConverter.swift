import FHIRCore
public import FHIRDSTU2
import FHIRJSON
public import FHIRR4

/// Converts resources between FHIR DSTU2 and R4: Patient, MedicationOrder ⇄
/// MedicationRequest, CarePlan, Observation, Medication and Bundle, with the datatypes
/// they use. Other resource types pass through unchanged.
///
/// Every conversion returns a ``ReleaseConversionReport`` of what did not map one to one:
/// elements with no home in the target travel as cross-version extensions (and come back
/// on the reverse conversion) or are dropped; required target elements the source lacks
/// get a documented default; unknown elements travel along. `docs/release-conversion.md`
/// holds the full mapping table.
///
/// Both directions convert model to model (`DSTU2ToR4`, `R4ToDSTU2`): each reads the
/// source model's properties and builds the target model's.
public enum ReleaseConverter {
  /// Converts a DSTU2 resource to R4.
  /// - Parameter resource: Any DSTU2 resource; types without a mapping pass through as JSON (reported).
  /// - Returns: The R4 resource and the report.
  public static func toR4(_ resource: FHIRDSTU2.AnyResource) -> (FHIRR4.AnyResource, ReleaseConversionReport) {
    var converter = DSTU2ToR4()
    let converted = converter.resource(resource, path: "")
    return (converted, converter.conversion.report)
  }

  /// Converts an R4 resource to DSTU2.
  /// - Parameter resource: Any R4 resource; types without a mapping pass through as JSON (reported).
  /// - Returns: The DSTU2 resource and the report.
  public static func toDSTU2(_ resource: FHIRR4.AnyResource) -> (FHIRDSTU2.AnyResource, ReleaseConversionReport) {
    R4ToDSTU2.convert { $0.resource(resource, path: "") }
  }

}

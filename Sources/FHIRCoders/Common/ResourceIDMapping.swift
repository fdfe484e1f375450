public import FHIRCore
import Foundation

/// Valid FHIR resource ids for care entity ids. A care id may be any string (the pipeline's
/// observation log plans and tasks are `observation-log/<patient>/…`), a FHIR `id` only
/// `[A-Za-z0-9\-\.]{1,64}`. A care id that is a valid FHIR id is written as it is; any other one
/// as a name-based uuid of the care kind and id (the same for both releases and every run), with
/// the care id kept in a `care-id` extension, which ``CareExtensions/readVersionFields(_:into:)``
/// reads back, so that entity → FHIR → entity keeps the id.
public enum ResourceIDMapping {
  /// The FHIR `id` for the care entity of `kind` (`"patient"`, `"task"`, …) with `careID`.
  public static func fhirID(forCareID careID: String, kind: String) -> String {
    if FHIRID.problem(with: careID) == nil { return careID }
    return StableUUID.derived("care-id/" + kind + "/" + careID).uuidString.lowercased()
  }

  /// The care extension that keeps `careID` when the FHIR id is not the care id itself (empty otherwise).
  public static func extensions(forCareID careID: String, fhirID: String) -> [Extension] {
    careID == fhirID ? [] : [CareExtensions.string("id", careID)]
  }

  /// Writes the FHIR id for `careID` into `id`, and appends the `care-id` extension to
  /// `extensions` when the two differ. The coders' default `setFHIRID` closures call this.
  public static func assign(
    _ careID: String, kind: String, id: inout Primitive<FHIRID>?, extensions: inout [Extension]
  ) {
    let fhirID = fhirID(forCareID: careID, kind: kind)
    id = Primitive(FHIRID(uncheckedString: fhirID))
    extensions += Self.extensions(forCareID: careID, fhirID: fhirID)
  }
}

import CareModel
import FHIRCoders
import FHIRCore
import FHIRDSTU2
import FHIRR4

extension StoreExporter {
  /// The coders an export writes with: the defaults, except that every resource's `id` is a valid
  /// FHIR id (``ResourceIDMapping``), the care id kept in a care extension when it is not one.
  struct Coders {
    var r4Patient = R4PatientCoder()
    var dstu2Patient = DSTU2PatientCoder()
    var r4Plan = R4CarePlanCoder()
    var dstu2Plan = DSTU2CarePlanCoder()
    var r4Order = R4MedicationRequestCoder()
    var dstu2Order = DSTU2MedicationOrderCoder()
    var r4Observation = R4ObservationCoder()
    var dstu2Observation = DSTU2ObservationCoder()

    init() {
      r4Patient.setFHIRID = { e, r, _ in (r.id, r.extension) = Self.id(e, kind: "patient", r.extension) }
      dstu2Patient.setFHIRID = { e, r, _ in (r.id, r.extension) = Self.id(e, kind: "patient", r.extension) }
      r4Plan.setFHIRID = { e, r, _ in (r.id, r.extension) = Self.id(e, kind: "carePlan", r.extension) }
      dstu2Plan.setFHIRID = { e, r, _ in (r.id, r.extension) = Self.id(e, kind: "carePlan", r.extension) }
      r4Order.setFHIRID = { e, r, _ in (r.id, r.extension) = Self.id(e, kind: "task", r.extension) }
      dstu2Order.setFHIRID = { e, r, _ in (r.id, r.extension) = Self.id(e, kind: "task", r.extension) }
      r4Observation.setFHIRID = { e, r, _ in (r.id, r.extension) = Self.id(e, kind: "outcome", r.extension) }
      dstu2Observation.setFHIRID = { e, r, _ in (r.id, r.extension) = Self.id(e, kind: "outcome", r.extension) }
    }

    /// The FHIR id of `entity`, and `extensions` with the care id's extension added when needed.
    static func id(_ entity: some CareEntity, kind: String, _ extensions: [Extension]) -> (Primitive<FHIRID>?, [Extension]) {
      let id = ResourceIDMapping.fhirID(forCareID: entity.id, kind: kind)
      return (Primitive(FHIRID(uncheckedString: id)), extensions + ResourceIDMapping.extensions(forCareID: entity.id, fhirID: id))
    }
  }
}

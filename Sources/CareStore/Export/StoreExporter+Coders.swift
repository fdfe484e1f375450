import FHIRCoders

extension StoreExporter {
  /// The coders an export writes with: the defaults, whose `setFHIRID` gives every resource a
  /// valid FHIR `id` (``ResourceIDMapping``: the care id, or a uuid derived from it with the care
  /// id kept in a care extension).
  struct Coders {
    var r4Patient = R4PatientCoder()
    var dstu2Patient = DSTU2PatientCoder()
    var r4Plan = R4CarePlanCoder()
    var dstu2Plan = DSTU2CarePlanCoder()
    var r4Order = R4MedicationRequestCoder()
    var dstu2Order = DSTU2MedicationOrderCoder()
    var r4Observation = R4ObservationCoder()
    var dstu2Observation = DSTU2ObservationCoder()
  }
}

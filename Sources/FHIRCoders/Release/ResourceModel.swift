import FHIRCore
import FHIRDSTU2
import FHIRR4

/// The elements the resource models of both releases have alike, by the same names and types:
/// what every release adapter reads and writes the same way (``ResourceRelease``). The models
/// stay per release; they conform here.
protocol ResourceModel: FHIREncodable, Sendable {
  var id: Primitive<FHIRID>? { get set }
  var `extension`: [Extension] { get set }
  /// `meta.versionId`.
  var versionID: String? { get }
  /// `meta.lastUpdated`.
  var lastUpdated: FHIRInstant? { get }
}

extension FHIRR4.DomainResource {
  var versionID: String? { meta?.versionId?.string }
  var lastUpdated: FHIRInstant? { meta?.lastUpdated?.value }
}

extension FHIRDSTU2.DomainResource {
  var versionID: String? { meta?.versionId?.string }
  var lastUpdated: FHIRInstant? { meta?.lastUpdated?.value }
}

extension FHIRR4.Patient: ResourceModel, PatientModel {}
extension FHIRR4.CarePlan: ResourceModel {}
extension FHIRR4.Observation: ResourceModel {}
extension FHIRR4.MedicationRequest: ResourceModel {}
extension FHIRDSTU2.Patient: ResourceModel, PatientModel {}
extension FHIRDSTU2.CarePlan: ResourceModel {}
extension FHIRDSTU2.Observation: ResourceModel {}
extension FHIRDSTU2.MedicationOrder: ResourceModel {}

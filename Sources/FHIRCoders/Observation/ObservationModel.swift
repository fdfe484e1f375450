import FHIRCore
import FHIRDSTU2
import FHIRR4

/// The elements both releases' Observation models have alike, by the same names (the value
/// choices differ: the release adapters read those).
protocol ObservationModel: ResourceModel {
  associatedtype Component: ObservationComponentModel where Component.Value == Value
  associatedtype Concept: ConceptModel
  associatedtype Value
  /// A `final` observation with nothing else in it.
  static func final() -> Self
  var status: Primitive<FHIRCode>? { get }
  var code: Concept? { get }
  var value: Value? { get }
  var component: [Component] { get }
  var issued: Primitive<FHIRInstant>? { get }
}

/// An `Observation.component` of either release.
protocol ObservationComponentModel {
  associatedtype Concept: ConceptModel
  associatedtype Value
  var code: Concept? { get }
  var value: Value? { get }
  var `extension`: [Extension] { get }
}

extension FHIRR4.Observation: ObservationModel {
  static func final() -> Self { Self(status: "final") }
}

extension FHIRR4.Observation.Component: ObservationComponentModel {}
extension FHIRDSTU2.Observation: ObservationModel {
  static func final() -> Self {
    var r = Self()
    r.status = "final"
    return r
  }
}

extension FHIRDSTU2.Observation.Component: ObservationComponentModel {}

import FHIRCore
import FHIRDSTU2
import FHIRR4

/// The elements both releases' `CarePlan.activity` models have alike, by the same names (the
/// detail's `scheduled[x]` choices and how a detail is made differ: the release adapters do those).
protocol ActivityModel: FHIREncodable, Sendable {
  associatedtype Detail: ActivityDetailModel
  associatedtype Ref: ReferenceModel
  var id: String? { get set }
  var `extension`: [Extension] { get set }
  var reference: Ref? { get set }
  var detail: Detail? { get set }
}

/// An activity's `detail`, of either release.
protocol ActivityDetailModel {
  associatedtype Concept: ConceptModel
  associatedtype Amount: QuantityModel
  var code: Concept? { get }
  var description: Primitive<FHIRString>? { get }
  var `extension`: [Extension] { get }
  var quantity: Amount? { get }
  var status: Primitive<FHIRCode>? { get }
}

extension FHIRR4.CarePlan.Activity: ActivityModel {}
extension FHIRR4.CarePlan.Detail: ActivityDetailModel {}
extension FHIRDSTU2.CarePlan.Activity: ActivityModel {}
extension FHIRDSTU2.CarePlan.Activity.Detail: ActivityDetailModel {}

import FHIRCore
import FHIRDSTU2
import FHIRR4

/// The elements both releases' CarePlan models have alike, by the same names (the title and
/// the fallback date differ: the release adapters read those).
protocol CarePlanModel: ResourceModel {
  associatedtype Activity
  associatedtype Concept: ConceptModel
  associatedtype Subject: ReferenceModel
  associatedtype Span: PeriodModel
  var category: [Concept] { get }
  var subject: Subject? { get set }
  var period: Span? { get }
  var status: Primitive<FHIRCode>? { get }
  var activity: [Activity] { get set }
}

extension FHIRR4.CarePlan: CarePlanModel {}
extension FHIRDSTU2.CarePlan: CarePlanModel {}

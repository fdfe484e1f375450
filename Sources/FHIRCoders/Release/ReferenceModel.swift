import FHIRCore
import FHIRDSTU2
import FHIRR4

/// A `Reference` of either release (the same elements by the same names).
protocol ReferenceModel {
  var reference: Primitive<FHIRString>? { get }
  var display: Primitive<FHIRString>? { get }
  init(reference: Primitive<FHIRString>?, display: Primitive<FHIRString>?)
}

/// A `Period` of either release.
protocol PeriodModel {
  var start: Primitive<FHIRDateTime>? { get }
  var end: Primitive<FHIRDateTime>? { get }
}

extension FHIRR4.Reference: ReferenceModel {}
extension FHIRR4.Period: PeriodModel {}
extension FHIRDSTU2.Reference: ReferenceModel {}
extension FHIRDSTU2.Period: PeriodModel {}

import FHIRCore
import FHIRDSTU2
import FHIRR4

/// A `Coding` of either release (the same elements by the same names).
protocol CodingModel {
  var system: Primitive<FHIRURI>? { get }
  var code: Primitive<FHIRCode>? { get }
  var display: Primitive<FHIRString>? { get }
}

/// A `CodeableConcept` of either release.
protocol ConceptModel {
  associatedtype Coding: CodingModel
  var coding: [Coding] { get }
  var text: Primitive<FHIRString>? { get }
}

extension ConceptModel {
  /// The concept's text, else its first coding's display.
  var textOrDisplay: String? { text?.string ?? coding.lazy.compactMap({ $0.display?.string }).first }
}

extension FHIRR4.Coding: CodingModel {}
extension FHIRR4.CodeableConcept: ConceptModel {}
extension FHIRDSTU2.Coding: CodingModel {}
extension FHIRDSTU2.CodeableConcept: ConceptModel {}

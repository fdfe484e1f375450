import FHIRCore
import FHIRDSTU2
import FHIRR4

/// A `Coding` of either release (the same elements by the same names).
protocol CodingModel {
  var system: Primitive<FHIRURI>? { get }
  var code: Primitive<FHIRCode>? { get }
  var display: Primitive<FHIRString>? { get }
  init(system: Primitive<FHIRURI>?, code: Primitive<FHIRCode>?, display: Primitive<FHIRString>?)
}

/// A `CodeableConcept` of either release.
protocol ConceptModel {
  associatedtype Coding: CodingModel
  var coding: [Coding] { get }
  var text: Primitive<FHIRString>? { get }
  init(coding: [Coding], text: Primitive<FHIRString>?)
}

extension ConceptModel {
  /// The concept's text, else its first coding's display.
  var textOrDisplay: String? { text?.string ?? coding.lazy.compactMap({ $0.display?.string }).first }

  /// The code of an outcome value's `kind`, which reads back as the same kind: a LOINC coding
  /// when the kind is shaped like a LOINC code (``ObservedValue/looksLikeLOINC(_:)``), else the text.
  init(kind: String) {
    if ObservedValue.looksLikeLOINC(kind) {
      let loinc = Coding(
        system: Primitive(FHIRURI(uncheckedString: "http://loinc.org")), code: Primitive(FHIRCode(uncheckedString: kind)), display: nil)
      self.init(coding: [loinc], text: nil)
    } else {
      self.init(coding: [], text: Primitive(FHIRString(uncheckedString: kind)))
    }
  }
}

extension FHIRR4.Coding: CodingModel {}
extension FHIRR4.CodeableConcept: ConceptModel {}
extension FHIRDSTU2.Coding: CodingModel {}
extension FHIRDSTU2.CodeableConcept: ConceptModel {}

import FHIRCore
import FHIRDSTU2
import FHIRR4

/// References, R4 → DSTU2: `identifier` and `type` (new in R4) travel as the extensions
/// `Reference.identifier` and `Reference.type` on the reference, wherever it stands.
extension R4ToDSTU2 {
  mutating func reference(_ source: FHIRR4.Reference, _ path: String) -> FHIRDSTU2.Reference {
    var target = FHIRDSTU2.Reference(
      reference: keep(source.reference, path, "reference"), display: keep(source.display, path, "display"))
    target.id = source.id
    var extensions = self.extensions(source.extension, Self.join(path, "extension"))
    carry(
      source.identifier, type: "Identifier", element: "Reference.identifier", path: path, key: "identifier",
      into: &extensions)
    carry(source.type, Extension.Value.uri, element: "Reference.type", path: path, key: "type", into: &extensions)
    target.extension = extensions
    target.unknown = conversion.unknown(source.unknown, path)
    return target
  }

  /// The optional reference `key` of the element at `path`.
  mutating func reference(_ source: FHIRR4.Reference?, _ path: String, _ key: String) -> FHIRDSTU2.Reference? {
    source.map { reference($0, Self.join(path, key)) }
  }

  /// The reference list `key` of the element at `path`.
  mutating func references(_ source: [FHIRR4.Reference], _ path: String, _ key: String) -> [FHIRDSTU2.Reference] {
    source.enumerated().map { reference($1, Self.join(path, key, $0)) }
  }
}

import FHIRCore
import FHIRDSTU2
import FHIRR4

/// `Reference`, DSTU2 → R4, and the defaults for required references the source lacks.
extension DSTU2ToR4 {
  /// `Reference`: R4 added `identifier` and `type`; the R4 → DSTU2 conversion carries them
  /// as cross-version extensions on the reference, which are put back here.
  mutating func reference(_ source: FHIRDSTU2.Reference, _ path: String) -> FHIRR4.Reference {
    var target = FHIRR4.Reference()
    target.id = source.id
    target.extension = extensionList(source.extension, Self.at(path, "extension"))
    target.reference = primitive(source.reference, path, "reference")
    target.display = primitive(source.display, path, "display")
    target.unknown = conversion.unknown(source.unknown, path)
    return restoringParts(target)
  }

  /// An optional `Reference` at `path.key`.
  mutating func reference(_ source: FHIRDSTU2.Reference?, _ path: String, _ key: String) -> FHIRR4.Reference? {
    one(source, path, key) { $0.reference($1, $2) }
  }

  /// A list of `Reference`s at `path.key`.
  mutating func references(_ source: [FHIRDSTU2.Reference], _ path: String, _ key: String) -> [FHIRR4.Reference] {
    each(source, path, key) { $0.reference($1, $2) }
  }

  // MARK: Required elements the source lacks

  /// The `data-absent-reason` extension with code `unknown`.
  static var absentReason: [Extension] {
    [Extension(url: FHIRURI(uncheckedString: ReleaseConverter.dataAbsentReason), value: .code(code("unknown")))]
  }

  /// `reference`, or — when the source has none — a reference holding only a
  /// `data-absent-reason`, reported as defaulted at `path.key`.
  mutating func required(_ reference: FHIRR4.Reference?, _ path: String, _ key: String) -> FHIRR4.Reference {
    if let reference { return reference }
    conversion.defaulted(Self.at(path, key), "required in the target; data-absent-reason unknown")
    var absent = FHIRR4.Reference()
    absent.extension = Self.absentReason
    return absent
  }

  /// `concept`, or — when the source has none — a concept holding only a
  /// `data-absent-reason`, reported as defaulted at `path.key`.
  mutating func required(_ concept: FHIRR4.CodeableConcept?, _ path: String, _ key: String) -> FHIRR4.CodeableConcept {
    if let concept { return concept }
    conversion.defaulted(Self.at(path, key), "required in the target; data-absent-reason unknown")
    return Self.absentConcept
  }

  /// A CodeableConcept holding only a `data-absent-reason`.
  static var absentConcept: FHIRR4.CodeableConcept {
    var absent = FHIRR4.CodeableConcept()
    absent.extension = absentReason
    return absent
  }

  /// `code`, or — when it has no value — `value` (the code's `id` and extensions kept),
  /// reported as defaulted at `path.key`.
  mutating func required(_ code: Primitive<FHIRCode>?, default value: String, _ path: String, _ key: String) -> Primitive<FHIRCode> {
    if let code, code.value != nil || code.invalidJSON != nil { return code }
    conversion.defaulted(Self.at(path, key), "required in the target; default \(value)")
    return ModelConversion.replacing(code, with: value)
  }
}

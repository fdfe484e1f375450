import FHIRCore
import FHIRDSTU2
import FHIRJSON
import FHIRR4

/// Converts R4 models directly into DSTU2 models, element by element, recording in
/// ``conversion`` what does not map one to one (see `docs/release-conversion.md`).
///
/// Each converter takes the source element and the JSON path of that element in the
/// source resource (`dosageInstruction[0].timing`), used only for the report. Elements
/// with no DSTU2 home travel as cross-version extensions
/// (`http://hl7.org/fhir/4.0/StructureDefinition/extension-<Path>`, their values in R4
/// form) or are dropped; DSTU2 elements the reverse conversion carried into R4
/// (`…/1.0/StructureDefinition/extension-<Path>`) are put back.
struct R4ToDSTU2 {
  /// The direction and the report being built.
  var conversion = ModelConversion(.toDSTU2)

  /// Converts one resource (`path` is its JSON path: empty at the top, `entry[2].resource`
  /// in a Bundle, `contained[0]`). Types without a mapping pass through unchanged.
  mutating func resource(_ resource: FHIRR4.AnyResource, path: String) -> FHIRDSTU2.AnyResource {
    switch resource {
    case .patient(let patient): .patient(self.patient(patient, path))
    case .medication(let medication): .medication(self.medication(medication, path))
    case .medicationRequest(let request): .medicationOrder(medicationRequest(request, path))
    case .observation(let observation): .observation(self.observation(observation, path))
    case .carePlan(let carePlan): .carePlan(self.carePlan(carePlan, path))
    case .bundle(let bundle): .bundle(self.bundle(bundle, path))
    case .other(let json): passThrough(json, path)
    }
  }

  /// A resource of a type without a mapping, unchanged (reported).
  mutating func passThrough(_ json: JSONValue, _ path: String) -> FHIRDSTU2.AnyResource {
    conversion.report.record(
      .passedThrough, path: path, note: "resource type without a mapping; passed through unchanged")
    return .other(json)
  }

  /// Contained resources, each converted like a top-level one at `contained[i]`.
  mutating func contained(_ resources: [FHIRR4.AnyResource], _ path: String) -> [FHIRDSTU2.AnyResource] {
    resources.enumerated().map { index, item in resource(item, path: Self.join(path, "contained", index)) }
  }

  /// Runs one conversion on a fresh converter and returns its result with the report.
  static func convert<T>(_ body: (inout R4ToDSTU2) -> T) -> (T, ReleaseConversionReport) {
    var converter = R4ToDSTU2()
    let result = body(&converter)
    return (result, converter.conversion.report)
  }

  /// Converts the elements every resource but Bundle has (`id`, `meta`, `implicitRules`,
  /// `language`, `text`, `contained`, `modifierExtension`) into `target`, and returns the
  /// converted `extension` list, to which the caller adds the extensions it carries.
  mutating func domainResource<Source: FHIRR4.DomainResource, Target: FHIRDSTU2.DomainResource>(
    _ source: Source, _ path: String, into target: inout Target
  ) -> [Extension] {
    target.id = source.id
    target.meta = source.meta.map { meta($0, Self.join(path, "meta")) }
    target.implicitRules = keep(source.implicitRules, path, "implicitRules")
    target.language = keep(source.language, path, "language")
    target.text = source.text.map { narrative($0, Self.join(path, "text")) }
    target.contained = contained(source.contained, path)
    let converted = extensions(source.extension, Self.join(path, "extension"))
    target.modifierExtension = extensions(source.modifierExtension, Self.join(path, "modifierExtension"))
    return converted
  }

  // MARK: Paths

  /// `path.key` (``ModelConversion/join(_:_:)``).
  static func join(_ path: String, _ key: String) -> String { ModelConversion.join(path, key) }

  /// `path.key[index]` (``ModelConversion/join(_:_:_:)``).
  static func join(_ path: String, _ key: String, _ index: Int) -> String { ModelConversion.join(path, key, index) }
}

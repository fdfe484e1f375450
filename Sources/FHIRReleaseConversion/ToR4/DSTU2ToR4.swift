import FHIRCore
import FHIRDSTU2
import FHIRJSON
import FHIRR4

/// Converts DSTU2 models directly into R4 models, element by element, recording in
/// ``conversion`` what did not map one to one (`docs/release-conversion.md`).
///
/// Each converter takes a DSTU2 element and the JSON path it stands at in the source
/// document (`dosageInstruction[0].timing`), and returns the R4 element. Nothing is
/// encoded or decoded on the way, except complex values that travel in cross-version
/// extensions (which the ``Extension`` model keeps as JSON).
struct DSTU2ToR4 {
  /// The report being built, and the cross-version extension helpers.
  var conversion = ModelConversion(.toR4)

  /// Converts any DSTU2 resource at `path` (`""` for the document itself,
  /// `entry[3].resource` in a Bundle, `contained[0]`). Types without a mapping pass through
  /// unchanged and are reported.
  mutating func resource(_ resource: FHIRDSTU2.AnyResource, path: String) -> FHIRR4.AnyResource {
    switch resource {
    case .patient(let patient): .patient(self.patient(patient, path))
    case .medication(let medication): .medication(self.medication(medication, path))
    case .medicationOrder(let order): .medicationRequest(medicationRequest(order, path))
    case .observation(let observation): .observation(self.observation(observation, path))
    case .carePlan(let carePlan): .carePlan(self.carePlan(carePlan, path))
    case .bundle(let bundle): .bundle(self.bundle(bundle, path))
    case .other(let json):
      passThrough(json, path)
    }
  }

  /// A resource of a type without a mapping: unchanged but for its DSTU2 `fhir_comments`
  /// (left out and reported), reported as passed through.
  mutating func passThrough(_ json: JSONValue, _ path: String) -> FHIRR4.AnyResource {
    conversion.report.record(.passedThrough, path: path, note: "resource type without a mapping; passed through unchanged")
    var json = json
    conversion.dropComments(&json, path)
    return .other(json)
  }

  /// The contained resources of a resource at `path`, each converted on its own.
  mutating func contained(_ resources: [FHIRDSTU2.AnyResource], _ path: String) -> [FHIRR4.AnyResource] {
    guard !resources.isEmpty else { return [] }
    let base = ModelConversion.join(path, "contained")
    return resources.enumerated().map { index, item in resource(item, path: ModelConversion.join(base, index)) }
  }

  /// Converts the elements every resource but Bundle has (`id`, `meta`, `implicitRules`,
  /// `language`, `text`, `contained`, `modifierExtension`) into `target`, and returns the
  /// converted `extension` list, to which the caller adds the extensions it carries.
  mutating func domainResource<Source: FHIRDSTU2.DomainResource, Target: FHIRR4.DomainResource>(
    _ source: Source, _ path: String, into target: inout Target
  ) -> [Extension] {
    target.id = primitive(source.id, path, "id")
    target.meta = one(source.meta, path, "meta") { $0.meta($1, $2) }
    target.implicitRules = primitive(source.implicitRules, path, "implicitRules")
    target.language = primitive(source.language, path, "language")
    target.text = one(source.text, path, "text") { $0.narrative($1, $2) }
    target.contained = contained(source.contained, path)
    let extensions = extensionList(source.extension, Self.at(path, "extension"))
    target.modifierExtension = extensionList(source.modifierExtension, Self.at(path, "modifierExtension"))
    return extensions
  }

  // MARK: Paths

  /// `path.key`.
  static func at(_ path: String, _ key: String) -> String { ModelConversion.join(path, key) }
  /// `path.key[index]`.
  static func at(_ path: String, _ key: String, _ index: Int) -> String { ModelConversion.join(path, key, index) }

  /// Converts each item of `items` with `convert`, giving it its path `path.key[index]`.
  mutating func each<Source, Target>(
    _ items: [Source], _ path: String, _ key: String, _ convert: (inout Self, Source, String) -> Target
  ) -> [Target] {
    guard !items.isEmpty else { return [] }
    let base = Self.at(path, key)
    var result: [Target] = []
    result.reserveCapacity(items.count)
    for index in items.indices {
      result.append(convert(&self, items[index], ModelConversion.join(base, index)))
    }
    return result
  }

  /// Converts an optional element with `convert`, giving it its path `path.key`.
  mutating func one<Source, Target>(
    _ item: Source?, _ path: String, _ key: String, _ convert: (inout Self, Source, String) -> Target
  ) -> Target? {
    guard let item else { return nil }
    return convert(&self, item, Self.at(path, key))
  }
}

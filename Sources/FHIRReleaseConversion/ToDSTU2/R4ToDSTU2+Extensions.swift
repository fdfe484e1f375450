import FHIRCore
import FHIRDSTU2
import FHIRJSON
import FHIRR4

/// Extension lists, R4 → DSTU2. Extensions are the same model in both releases; their
/// complex values are JSON in the source release's form, turned into DSTU2 form.
extension R4ToDSTU2 {
  /// The extension list at `path` (`name[0].extension`) in DSTU2: code systems in
  /// complex values rewritten (``ModelConversion/extensions(_:)``), and the R4
  /// `identifier` and `type` of a `valueReference` — at any depth of nested
  /// extensions — carried as extensions on that reference, as everywhere else; unknown
  /// members of the extensions reported.
  mutating func extensions(_ list: [Extension], _ path: String) -> [Extension] {
    guard !list.isEmpty else { return list }
    var converted = conversion.extensions(list)
    for index in converted.indices {
      referenceValues(&converted[index], ModelConversion.join(path, index))
    }
    return converted
  }

  /// Converts the `valueReference` of `ext` at `path`, and those of its nested extensions;
  /// reports their unknown members.
  mutating func referenceValues(_ ext: inout Extension, _ path: String) {
    for index in ext.extension.indices {
      referenceValues(&ext.extension[index], Self.join(path, "extension", index))
    }
    if !ext.unknown.isEmpty { ext.unknown = conversion.unknown(ext.unknown, path) }
    guard case .complex("Reference", let json)? = ext.value,
      json["identifier"]?.objectValue != nil || json["type"]?.stringValue != nil,
      let source = ModelConversion.model(FHIRR4.Reference.self, from: json)
    else { return }
    ext.value = conversion.complex(reference(source, Self.join(path, "valueReference")), type: "Reference")
  }
}

import FHIRCore
import FHIRDSTU2
import FHIRR4

/// Reading back the cross-version extensions (`http://hl7.org/fhir/4.0/StructureDefinition/
/// extension-<element>`) that the R4 → DSTU2 conversion wrote for R4 elements with no
/// DSTU2 home, and writing the ones for DSTU2 elements with no R4 home.
extension DSTU2ToR4 {
  /// The extension list at `path` (`name[0].extension`) in R4: code systems in complex
  /// values rewritten (``ModelConversion/extensions(_:)``); the `identifier` and `type`
  /// the R4 → DSTU2 conversion carried on a `valueReference`, at any depth of nested
  /// extensions, put back; unknown members of the extensions reported.
  mutating func extensionList(_ list: [Extension], _ path: String) -> [Extension] {
    guard !list.isEmpty else { return list }
    var converted = conversion.extensions(list)
    for index in converted.indices {
      referenceValues(&converted[index], ModelConversion.join(path, index))
    }
    return converted
  }

  /// Restores the carried parts of the `valueReference` of `ext` at `path` and of its
  /// nested extensions; reports their unknown members.
  mutating func referenceValues(_ ext: inout Extension, _ path: String) {
    for index in ext.extension.indices {
      referenceValues(&ext.extension[index], Self.at(path, "extension", index))
    }
    if !ext.unknown.isEmpty { ext.unknown = conversion.unknown(ext.unknown, path) }
    primitiveValueTwin(&ext, path)
    if case .complex(let type, var value)? = ext.value, ModelConversion.containsComments(value) {
      conversion.dropComments(&value, Self.at(path, "value" + type))
      ext.value = .complex(type: type, value)
    }
    guard case .complex("Reference", let json)? = ext.value, let list = json["extension"]?.arrayValue,
      list.contains(where: { $0["url"]?.stringValue?.hasPrefix(conversion.restoreURL("Reference.")) == true }),
      let reference = ModelConversion.model(FHIRR4.Reference.self, from: json)
    else { return }
    ext.value = complex(restoringParts(reference), "Reference")
  }

  /// The `_value<Type>` twin of a primitive extension value at `path` in R4: its
  /// extensions converted, its unknown members carried and reported (DSTU2
  /// `fhir_comments` left out), as for any primitive (``primitive(_:_:_:)``).
  mutating func primitiveValueTwin(_ ext: inout Extension, _ path: String) {
    guard let value = ext.value else { return }
    let key = "value" + value.typeSuffix
    switch value {
    case .base64Binary(let p): ext.value = primitive(p, path, key).map(Extension.Value.base64Binary)
    case .boolean(let p): ext.value = primitive(p, path, key).map(Extension.Value.boolean)
    case .canonical(let p): ext.value = primitive(p, path, key).map(Extension.Value.canonical)
    case .code(let p): ext.value = primitive(p, path, key).map(Extension.Value.code)
    case .date(let p): ext.value = primitive(p, path, key).map(Extension.Value.date)
    case .dateTime(let p): ext.value = primitive(p, path, key).map(Extension.Value.dateTime)
    case .decimal(let p): ext.value = primitive(p, path, key).map(Extension.Value.decimal)
    case .id(let p): ext.value = primitive(p, path, key).map(Extension.Value.id)
    case .instant(let p): ext.value = primitive(p, path, key).map(Extension.Value.instant)
    case .integer(let p): ext.value = primitive(p, path, key).map(Extension.Value.integer)
    case .markdown(let p): ext.value = primitive(p, path, key).map(Extension.Value.markdown)
    case .oid(let p): ext.value = primitive(p, path, key).map(Extension.Value.oid)
    case .positiveInt(let p): ext.value = primitive(p, path, key).map(Extension.Value.positiveInt)
    case .string(let p): ext.value = primitive(p, path, key).map(Extension.Value.string)
    case .time(let p): ext.value = primitive(p, path, key).map(Extension.Value.time)
    case .unsignedInt(let p): ext.value = primitive(p, path, key).map(Extension.Value.unsignedInt)
    case .uri(let p): ext.value = primitive(p, path, key).map(Extension.Value.uri)
    case .url(let p): ext.value = primitive(p, path, key).map(Extension.Value.url)
    case .uuid(let p): ext.value = primitive(p, path, key).map(Extension.Value.uuid)
    case .complex: break
    }
  }

  /// Removes the extensions carried for `element` from `list` and returns their values as
  /// R4 models of type `type` (values of another shape are left out).
  func restore<T: FHIRDecodable>(_ list: inout [Extension], _ element: String, as type: T.Type) -> [T] {
    conversion.restore(&list, element: element).compactMap { ModelConversion.model(T.self, from: $0) }
  }

  /// Removes the extensions carried for `element` from `list` and returns their values as
  /// R4 References, with the `identifier` and `type` carried inside them put back.
  func restore(_ list: inout [Extension], _ element: String, as type: FHIRR4.Reference.Type) -> [FHIRR4.Reference] {
    conversion.restore(&list, element: element).compactMap { ModelConversion.model(type, from: $0) }.map(restoringParts)
  }

  /// Removes the extensions carried for `element` from `list` and returns their values as
  /// R4 Identifiers, with the parts carried inside their `assigner` put back.
  func restore(_ list: inout [Extension], _ element: String, as type: FHIRR4.Identifier.Type) -> [FHIRR4.Identifier] {
    conversion.restore(&list, element: element).compactMap { ModelConversion.model(type, from: $0) }.map(restoringParts)
  }

  /// Removes the extensions carried for `element` from `list` and returns their values as
  /// R4 Annotations, with the parts carried inside their `authorReference` put back.
  func restore(_ list: inout [Extension], _ element: String, as type: FHIRR4.Annotation.Type) -> [FHIRR4.Annotation] {
    conversion.restore(&list, element: element).compactMap { ModelConversion.model(type, from: $0) }.map { annotation in
      guard case .reference(let author)? = annotation.author else { return annotation }
      var result = annotation
      result.author = .reference(restoringParts(author))
      return result
    }
  }

  /// An R4 Reference with the `identifier` and `type` that the R4 → DSTU2 conversion
  /// carried in its extensions put back.
  func restoringParts(_ reference: FHIRR4.Reference) -> FHIRR4.Reference {
    guard !reference.extension.isEmpty || reference.identifier?.assigner != nil else { return reference }
    var result = reference
    if let identifier = restore(&result.extension, "Reference.identifier", as: FHIRR4.Identifier.self).first {
      result.identifier = identifier
    }
    if let type = restore(&result.extension, "Reference.type", Self.uri).first { result.type = type }
    result.identifier = result.identifier.map(restoringParts)
    return result
  }

  /// An R4 Identifier whose `assigner` has its carried parts put back.
  func restoringParts(_ identifier: FHIRR4.Identifier) -> FHIRR4.Identifier {
    guard let assigner = identifier.assigner else { return identifier }
    var result = identifier
    result.assigner = restoringParts(assigner)
    return result
  }

  /// Removes the extensions carried for `element` from `list` and returns their primitive
  /// values that `extract` accepts.
  func restore<V>(
    _ list: inout [Extension], _ element: String, _ extract: (Extension.Value) -> Primitive<V>?
  ) -> [Primitive<V>] {
    conversion.restore(&list, element: element).compactMap(extract)
  }

  /// The complex value of an extension for an R4 model: the model as JSON, typed `type`.
  func complex(_ value: some FHIREncodable, _ type: String) -> Extension.Value {
    conversion.complex(value, type: type)
  }

  // MARK: Primitive extension values

  static func code(_ value: Extension.Value) -> Primitive<FHIRCode>? {
    if case .code(let primitive) = value { primitive } else { nil }
  }

  static func boolean(_ value: Extension.Value) -> Primitive<FHIRBoolean>? {
    if case .boolean(let primitive) = value { primitive } else { nil }
  }

  static func string(_ value: Extension.Value) -> Primitive<FHIRString>? {
    if case .string(let primitive) = value { primitive } else { nil }
  }

  static func dateTime(_ value: Extension.Value) -> Primitive<FHIRDateTime>? {
    if case .dateTime(let primitive) = value { primitive } else { nil }
  }

  static func instant(_ value: Extension.Value) -> Primitive<FHIRInstant>? {
    if case .instant(let primitive) = value { primitive } else { nil }
  }

  static func time(_ value: Extension.Value) -> Primitive<FHIRTime>? {
    if case .time(let primitive) = value { primitive } else { nil }
  }

  static func integer(_ value: Extension.Value) -> Primitive<FHIRInteger>? {
    if case .integer(let primitive) = value { primitive } else { nil }
  }

  static func positiveInt(_ value: Extension.Value) -> Primitive<FHIRPositiveInt>? {
    if case .positiveInt(let primitive) = value { primitive } else { nil }
  }

  static func unsignedInt(_ value: Extension.Value) -> Primitive<FHIRUnsignedInt>? {
    if case .unsignedInt(let primitive) = value { primitive } else { nil }
  }

  /// A `uri`, `url` or `canonical` value.
  static func uri(_ value: Extension.Value) -> Primitive<FHIRURI>? {
    switch value {
    case .uri(let primitive), .url(let primitive), .canonical(let primitive): primitive
    default: nil
    }
  }
}

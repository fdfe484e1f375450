import FHIRCore
import FHIRDSTU2
import FHIRJSON
import FHIRR4

/// Carrying R4 elements without a DSTU2 home, and putting back DSTU2 elements the reverse
/// conversion carried, as cross-version extensions.
extension R4ToDSTU2 {
  /// Carries the R4 primitives `values` of the element `key` of the element at `path` as
  /// extensions `extension-<element>` (each value wrapped by `wrap`). Their own `id` and
  /// extensions (the `_key` data) have no home and are reported dropped.
  mutating func carry<V>(
    _ values: [Primitive<V>], _ wrap: (Primitive<V>) -> Extension.Value, element: String, path: String, key: String,
    into list: inout [Extension]
  ) {
    if values.contains(where: \.hasExtras) {
      conversion.dropped(Self.join(path, "_" + key), "primitive extensions of an element without a home")
    }
    let plain = values.compactMap { primitive in primitive.value.map { Primitive($0) } }
    conversion.carry(plain.map(wrap), element: element, path: Self.join(path, key), into: &list)
  }

  /// Carries one optional R4 primitive (see ``carry(_:_:element:path:key:into:)``).
  mutating func carry<V>(
    _ value: Primitive<V>?, _ wrap: (Primitive<V>) -> Extension.Value, element: String, path: String, key: String,
    into list: inout [Extension]
  ) {
    carry(value.map { [$0] } ?? [], wrap, element: element, path: path, key: key, into: &list)
  }

  /// Carries R4 complex values (in their R4 form) of the element `key` as extensions typed `type`.
  mutating func carry(
    _ values: [some FHIREncodable], type: String, element: String, path: String, key: String,
    into list: inout [Extension]
  ) {
    let carried = values.map { conversion.complex($0, type: type) }
    conversion.carry(carried, element: element, path: Self.join(path, key), into: &list)
  }

  /// Carries one optional R4 complex value (see ``carry(_:type:element:path:key:into:)``).
  mutating func carry(
    _ value: (some FHIREncodable)?, type: String, element: String, path: String, key: String,
    into list: inout [Extension]
  ) {
    guard let value else { return }
    carry([value], type: type, element: element, path: path, key: key, into: &list)
  }

  /// The R4 model of a complex value carried in an extension (written in R4 or DSTU2
  /// form: the shapes used here are the same), or `nil`.
  func restored<T: FHIRDecodable>(_ type: T.Type, _ value: Extension.Value) -> T? {
    ModelConversion.model(type, from: value)
  }

  /// A DSTU2 reference put back from a carried value.
  mutating func restoredReference(_ value: Extension.Value, _ path: String) -> FHIRDSTU2.Reference? {
    restored(FHIRR4.Reference.self, value).map { reference($0, path) }
  }

  /// A DSTU2 CodeableConcept put back from a carried value.
  mutating func restoredConcept(_ value: Extension.Value, _ path: String) -> FHIRDSTU2.CodeableConcept? {
    restored(FHIRR4.CodeableConcept.self, value).map { codeableConcept($0, path) }
  }

  /// A DSTU2 CodeableConcept-or-Reference choice put back from a carried value.
  mutating func restoredConceptOrReference(_ value: Extension.Value, _ path: String) -> FHIRDSTU2.ConceptOrReference? {
    switch value.typeSuffix {
    case "CodeableConcept": restoredConcept(value, path).map { .codeableConcept($0) }
    case "Reference": restoredReference(value, path).map { .reference($0) }
    default: nil
    }
  }

  // MARK: Defaults

  /// Whether `extensions` is exactly the data-absent-reason `unknown` the reverse
  /// conversion sets on required elements the source lacked.
  static func isAbsent(_ extensions: [Extension]) -> Bool {
    guard extensions.count == 1, let only = extensions.first, only.url?.string == ReleaseConverter.dataAbsentReason,
      only.id == nil, only.extension.isEmpty, only.unknown.isEmpty, case .code(let code)? = only.value
    else { return false }
    return code == Primitive(FHIRCode(uncheckedString: "unknown"))
  }

  /// A DSTU2 element holding only a data-absent-reason `unknown`.
  static var absentExtensions: [Extension] {
    [
      Extension(
        url: FHIRURI(uncheckedString: ReleaseConverter.dataAbsentReason),
        value: .code(Primitive(FHIRCode(uncheckedString: "unknown"))))
    ]
  }

  // MARK: Primitive types

  /// A string-like primitive as another string-like type (markdown → string), its `id`
  /// and extensions kept.
  static func retype<A: StringPrimitiveValue, B: StringPrimitiveValue>(_ primitive: Primitive<A>?) -> Primitive<B>? {
    guard let primitive else { return nil }
    return Primitive(
      primitive.value.map { B(uncheckedString: $0.string) }, id: primitive.id, extension: primitive.extension,
      unknown: primitive.unknown, invalidJSON: primitive.invalidJSON)
  }

  /// An integer primitive as another integer type (positiveInt → integer), its `id` and
  /// extensions kept.
  static func retype<A: IntegerPrimitiveValue, B: IntegerPrimitiveValue>(_ primitive: Primitive<A>?) -> Primitive<B>? {
    guard let primitive else { return nil }
    return Primitive(
      primitive.value.map { B(uncheckedInt: $0.int) }, id: primitive.id, extension: primitive.extension,
      unknown: primitive.unknown, invalidJSON: primitive.invalidJSON)
  }
}

extension R4ToDSTU2 {
  /// A primitive in DSTU2: the same model in both releases, kept with its value, `id` and
  /// unknown members; the code systems in its extensions' complex values are rewritten.
  func keep<V>(_ primitive: Primitive<V>?) -> Primitive<V>? {
    guard var kept = primitive, !kept.extension.isEmpty else { return primitive }
    kept.extension = conversion.extensions(kept.extension)
    return kept
  }

  /// The primitive `key` of the element at `path` in DSTU2 (see ``keep(_:)``); its unknown
  /// members (in `_key`) travel along and are reported.
  mutating func keep<V>(_ primitive: Primitive<V>?, _ path: String, _ key: String) -> Primitive<V>? {
    guard let primitive, primitive.hasElementData else { return primitive }
    return keep(primitive, at: Self.join(path, "_" + key))
  }

  /// The primitive list `key` of the element at `path` in DSTU2 (see ``keep(_:_:_:)``).
  mutating func keep<V>(_ primitives: [Primitive<V>], _ path: String, _ key: String) -> [Primitive<V>] {
    guard primitives.contains(where: \.hasElementData) else { return primitives }
    return primitives.enumerated().map { index, primitive in
      primitive.hasElementData ? keep(primitive, at: Self.join(path, "_" + key, index)) : primitive
    }
  }

  /// A primitive whose `_x` element is at `elementPath` (`name[0]._given[1]`).
  mutating func keep<V>(_ primitive: Primitive<V>, at elementPath: String) -> Primitive<V> {
    var kept = primitive
    if !kept.extension.isEmpty { kept.extension = extensions(kept.extension, Self.join(elementPath, "extension")) }
    if !kept.unknown.isEmpty { kept.unknown = conversion.unknown(kept.unknown, elementPath) }
    return kept
  }

  /// A primitive in DSTU2 (see ``keep(_:)``).
  func keep<V>(one primitive: Primitive<V>) -> Primitive<V> {
    keep(Optional(primitive)) ?? primitive
  }

  /// A primitive list in DSTU2 (see ``keep(_:)``).
  func keep<V>(_ primitives: [Primitive<V>]) -> [Primitive<V>] {
    guard primitives.contains(where: { !$0.extension.isEmpty }) else { return primitives }
    return primitives.map { primitive in
      var kept = primitive
      kept.extension = conversion.extensions(primitive.extension)
      return kept
    }
  }
}

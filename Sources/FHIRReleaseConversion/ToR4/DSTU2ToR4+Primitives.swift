import FHIRCore
import FHIRJSON

/// Primitives are the same FHIRCore type in both releases: their values are copied, their
/// extensions converted, and the unknown members of their `_name` twin reported.
extension DSTU2ToR4 {
  /// The primitive `key` of the element at `path`, in R4: the same value and `id`; its
  /// extensions converted; unknown members of `_key` carried and reported.
  mutating func primitive<V>(_ source: Primitive<V>?, _ path: String, _ key: String) -> Primitive<V>? {
    guard var value = source, value.hasElementData else { return source }
    if !value.extension.isEmpty { value.extension = extensionList(value.extension, Self.at(Self.at(path, "_" + key), "extension")) }
    if !value.unknown.isEmpty { value.unknown = conversion.unknown(value.unknown, Self.at(path, "_" + key)) }
    return value
  }

  /// The primitive list `key` of the element at `path`, in R4 (see ``primitive(_:_:_:)``).
  mutating func primitives<V>(_ source: [Primitive<V>], _ path: String, _ key: String) -> [Primitive<V>] {
    guard source.contains(where: { $0.hasElementData }) else { return source }
    let twin = Self.at(path, "_" + key)
    var result = source
    for index in result.indices where result[index].hasElementData {
      if !result[index].extension.isEmpty {
        let itemPath = Self.at(ModelConversion.join(twin, index), "extension")
        result[index].extension = extensionList(result[index].extension, itemPath)
      }
      if !result[index].unknown.isEmpty {
        result[index].unknown = conversion.unknown(result[index].unknown, ModelConversion.join(twin, index))
      }
    }
    return result
  }

  /// An integer primitive as another integer type (`integer` → `positiveInt`), its `id`,
  /// extensions and unknown members kept. A value out of the new type's range is kept as
  /// it is, for the target's validation to report.
  mutating func integer<A: IntegerPrimitiveValue, B: IntegerPrimitiveValue>(
    _ source: Primitive<A>?, _ path: String, _ key: String, as type: B.Type
  ) -> Primitive<B>? {
    guard let converted = primitive(source, path, key) else { return nil }
    return Self.retyped(converted) { B(uncheckedInt: $0.int) }
  }

  /// A string primitive as another string type (`string` → `markdown`), its `id`,
  /// extensions and unknown members kept.
  mutating func text<A: StringPrimitiveValue, B: StringPrimitiveValue>(
    _ source: Primitive<A>?, _ path: String, _ key: String, as type: B.Type
  ) -> Primitive<B>? {
    guard let converted = primitive(source, path, key) else { return nil }
    return Self.retyped(converted) { B(uncheckedString: $0.string) }
  }

  /// `source` with its value turned into another primitive type.
  static func retyped<A, B>(_ source: Primitive<A>, _ convert: (A) -> B) -> Primitive<B> {
    guard source.hasElementData || source.invalidJSON != nil else { return Primitive(source.value.map(convert)) }
    return Primitive(
      source.value.map(convert), id: source.id, extension: source.extension, unknown: source.unknown,
      invalidJSON: source.invalidJSON)
  }

  /// A code primitive holding `value` and nothing else.
  static func code(_ value: String) -> Primitive<FHIRCode> { Primitive(FHIRCode(uncheckedString: value)) }
}

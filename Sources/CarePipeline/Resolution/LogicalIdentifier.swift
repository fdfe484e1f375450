import FHIRJSON

/// The identifier of a logical reference (R4 `Reference.identifier` without `reference`), or one
/// of a resource's `identifier`s: matched on `system` and `value`, both exactly.
struct LogicalIdentifier: Hashable {
  var system: String
  var value: String

  /// Whether the identifier can match anything: both `system` and `value` are given.
  var isComplete: Bool { !system.isEmpty && !value.isEmpty }

  /// A resource that has an identifier, as a logical reference may find it.
  struct Holder: Hashable {
    var type: String
    var key: String
  }

  /// What a logical reference leads to among `holders` of its identifier: the keys of those whose
  /// type is in `types` (the reference's `type`, else the types the element allows; empty for
  /// any type). One key is a match; several are ambiguous; none is not found.
  static func matches(_ holders: [Holder], types: Set<String>) -> [String] {
    var keys: [String] = []
    for holder in holders where (types.isEmpty || types.contains(holder.type)) && !keys.contains(holder.key) {
      keys.append(holder.key)
    }
    return keys
  }

  /// The identifier of a logical reference given as JSON (`{"system": …, "value": …}`).
  init?(json: JSONValue?) {
    guard let json, json.objectValue != nil else { return nil }
    self.init(system: json["system"]?.stringValue ?? "", value: json["value"]?.stringValue ?? "")
  }

  init(system: String, value: String) {
    self.system = system
    self.value = value
  }

  /// The resource type a `Reference.type` URI names: its last path segment
  /// (`http://hl7.org/fhir/StructureDefinition/Patient` → `Patient`).
  static func typeName(_ uri: String) -> String {
    String(uri.split(separator: "/").last ?? Substring(uri))
  }
}

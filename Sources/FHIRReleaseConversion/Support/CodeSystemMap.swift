import FHIRJSON

/// The code-system URLs that changed between DSTU2 and R4: HL7 v2 tables and v3 code
/// systems moved to `terminology.hl7.org`, and some FHIR-defined code systems with them.
/// The mapping is one to one, so a round trip gives back the original URL.
enum CodeSystemMap {
  /// FHIR-defined DSTU2 code systems (`http://hl7.org/fhir/<name>`) that live at
  /// `http://terminology.hl7.org/CodeSystem/<name>` in R4.
  static let moved: [String: String] = [
    "observation-category": "observation-category",
    "data-absent-reason": "data-absent-reason",
    "referencerange-meaning": "referencerange-meaning",
    "reference-range-meaning": "referencerange-meaning",
    "care-plan-activity-category": "care-plan-activity-category",
  ]

  static let dstu2Base = "http://hl7.org/fhir/"
  static let r4Base = "http://terminology.hl7.org/CodeSystem/"

  /// The R4 URL of a DSTU2 code-system URL, or `nil` if it did not change.
  static func toR4(_ url: String) -> String? {
    guard url.hasPrefix(dstu2Base) else { return nil }
    let rest = url.dropFirst(dstu2Base.count)
    if rest.hasPrefix("v2/") { return r4Base + "v2-" + rest.dropFirst(3) }
    if rest.hasPrefix("v3/") { return r4Base + "v3-" + rest.dropFirst(3) }
    if let name = moved[String(rest)], rest != "reference-range-meaning" { return r4Base + name }
    return nil
  }

  /// The DSTU2 URL of an R4 code-system URL, or `nil` if it did not change.
  static func toDSTU2(_ url: String) -> String? {
    guard url.hasPrefix(r4Base) else { return nil }
    let rest = url.dropFirst(r4Base.count)
    if rest.hasPrefix("v2-") { return dstu2Base + "v2/" + rest.dropFirst(3) }
    if rest.hasPrefix("v3-") { return dstu2Base + "v3/" + rest.dropFirst(3) }
    if moved[String(rest)] != nil { return dstu2Base + rest }
    return nil
  }

  /// Rewrites the `system` of every Coding-like object (one with a `system` and a `code`
  /// or `display`) in `value`, recursively, except in nested resources (objects with a
  /// `resourceType`), which are converted — or passed through unchanged — on their own.
  static func rewrite(_ value: inout JSONValue, _ direction: ConversionDirection) {
    switch value {
    case .object(var object):
      guard object["resourceType"] == nil else { return }
      value = .null  // drop the reference so the object is mutated in place
      for index in object.members.indices {
        rewrite(&object.members[index].value, direction)
      }
      if let system = object["system"]?.stringValue, object["code"] != nil || object["display"] != nil {
        let mapped = direction == .toR4 ? toR4(system) : toDSTU2(system)
        if let mapped { object["system"] = .string(mapped) }
      }
      value = .object(object)
    case .array(var items):
      value = .null
      for index in items.indices { rewrite(&items[index], direction) }
      value = .array(items)
    default:
      break
    }
  }
}

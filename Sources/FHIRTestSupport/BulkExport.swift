import FHIRJSON

/// Turns Bundles into a Bulk Data `$export`: one NDJSON line per resource, grouped by
/// resource type, with `urn:uuid:` and absolute references to the Bundle's entries rewritten
/// as relative `Type/id` (as servers write them). A copy number other than 0 gives every
/// resource a new id (`<id>-c<copy>`) and rewrites the references to it the same way, so that
/// copies are distinct patients with distinct resources.
public enum BulkExport {
  /// The NDJSON lines of `bundle`'s resources, per resource type, in entry order.
  /// - Parameters:
  ///   - bundle: A Bundle's JSON.
  ///   - copy: The copy number (0 keeps the ids).
  public static func lines(ofBundle bundle: [UInt8], copy: Int = 0) throws -> [String: [[UInt8]]] {
    var lines: [String: [[UInt8]]] = [:]
    for (type, json) in try resources(ofBundle: bundle, copy: copy) { lines[type, default: []].append(json) }
    return lines
  }

  /// `bundle`'s resources, rewritten as in ``lines(ofBundle:copy:)``, in entry order.
  public static func resources(ofBundle bundle: [UInt8], copy: Int = 0) throws -> [(type: String, json: [UInt8])] {
    let value = try bundle.withUnsafeBytes { try JSONValue(parsing: $0) }
    let entries = value["entry"]?.arrayValue ?? []
    var targets: [String: String] = [:]
    for entry in entries {
      guard let url = entry["fullUrl"]?.stringValue, let resource = entry["resource"],
        let type = resource["resourceType"]?.stringValue, let id = resource["id"]?.stringValue
      else { continue }
      targets[url] = type + "/" + id
    }
    let suffix = copy == 0 ? "" : "-c\(copy)"
    var resources: [(type: String, json: [UInt8])] = []
    for entry in entries {
      guard var resource = entry["resource"], let type = resource["resourceType"]?.stringValue else { continue }
      resource = rewritten(resource, targets: targets, suffix: suffix)
      if !suffix.isEmpty, case .object(var object) = resource,
        let i = object.members.firstIndex(where: { $0.key == "id" }), case .string(let id) = object.members[i].value
      {
        // The resource's own id only: contained resources keep theirs, as `#id` references do.
        object.members[i].value = .string(id + suffix)
        resource = .object(object)
      }
      resources.append((type, JSONWriter.bytes(of: resource)))
    }
    return resources
  }

  /// `value` with its id and every `reference` rewritten.
  static func rewritten(_ value: JSONValue, targets: [String: String], suffix: String) -> JSONValue {
    switch value {
    case .object(var object):
      for i in object.members.indices {
        let key = object.members[i].key
        if key == "reference", case .string(let reference) = object.members[i].value {
          object.members[i].value = .string(relative(reference, targets: targets, suffix: suffix))
        } else {
          object.members[i].value = rewritten(object.members[i].value, targets: targets, suffix: suffix)
        }
      }
      return .object(object)
    case .array(let array):
      return .array(array.map { rewritten($0, targets: targets, suffix: suffix) })
    default:
      return value
    }
  }

  static func relative(_ reference: String, targets: [String: String], suffix: String) -> String {
    if let target = targets[reference] { return target + suffix }
    if reference.hasPrefix("#") || suffix.isEmpty { return reference }
    // A relative `Type/id` written as such in the Bundle.
    let parts = reference.split(separator: "/")
    if parts.count == 2, parts[0].first?.isUppercase == true { return reference + suffix }
    return reference
  }
}

public import FHIRCore
import FHIRJSON

/// Accounts for every element of a resource: each leaf of its JSON that the coder did not
/// record as mapped (itself or an ancestor) is recorded as dropped.
public enum ElementAccounting {
  /// Walks `resource`'s JSON and records unmapped leaves as dropped under `root`.
  /// - Parameters:
  ///   - resource: The FHIR value that was decoded.
  ///   - root: The path prefix (`"Patient"`, `"CarePlan.activity"`).
  ///   - report: The report holding what was mapped; dropped paths are added to it.
  public static func account<R: FHIREncodable>(_ resource: R, root: String, in report: inout ConversionReport) {
    let bytes = resource.jsonBytes()
    guard let json = try? bytes.withUnsafeBytes({ try JSONValue(parsing: $0) }) else {
      report.dropped(root)
      return
    }
    var seen: [String: Int] = [:]
    walk(json, path: root, isRoot: true, seen: &seen)
    for (path, count) in seen where !report.isMapped(path) {
      for _ in 0..<count { report.dropped(path) }
    }
  }

  static func walk(_ value: JSONValue, path: String, isRoot: Bool, seen: inout [String: Int]) {
    switch value {
    case .object(let object):
      if let url = object["url"]?.stringValue, url.hasPrefix(CareExtensions.base) { return }
      for member in object.members {
        if isRoot && member.key == "resourceType" { continue }
        walk(member.value, path: path + "." + member.key, isRoot: false, seen: &seen)
      }
    case .array(let values):
      for element in values { walk(element, path: path, isRoot: false, seen: &seen) }
    case .null:
      break
    default:
      seen[path, default: 0] += 1
    }
  }
}

import FHIRCoders
import FHIRCore
import FHIRJSON

/// An independent check that a report accounts for an input: every leaf of the input's JSON is
/// either under a mapped or unrepresentable path or reported dropped exactly as often as it occurs; nothing is
/// reported dropped that is not in the input; nothing is reported mapped that is not in the input.
enum AccountingCheck {
  static func leaves<R: FHIREncodable>(_ resource: R, root: String) -> [String: Int] {
    let bytes = resource.jsonBytes()
    guard let json = try? bytes.withUnsafeBytes({ try JSONValue(parsing: $0) }) else { return [root: 1] }
    var seen: [String: Int] = [:]
    walk(json, path: root, isRoot: true, into: &seen)
    return seen
  }

  static func walk(_ value: JSONValue, path: String, isRoot: Bool, into seen: inout [String: Int]) {
    switch value {
    case .object(let object):
      if let url = object["url"]?.stringValue, url.hasPrefix(CareExtensions.base) { return }
      for member in object.members where !(isRoot && member.key == "resourceType") {
        walk(member.value, path: path + "." + member.key, isRoot: false, into: &seen)
      }
    case .array(let values): for v in values { walk(v, path: path, isRoot: false, into: &seen) }
    case .null: break
    default: seen[path, default: 0] += 1
    }
  }

  /// The problems found (paths only); empty when the report accounts for the input.
  static func problems<R: FHIREncodable>(_ resource: R, root: String, report: ConversionReport) -> [String] {
    let leaves = leaves(resource, root: root)
    var problems: [String] = []
    // A leaf under a path reported unrepresentable is accounted for as one under a mapped path.
    func isUnrepresentable(_ path: String) -> Bool {
      report.unrepresentable.keys.contains { path == $0 || path.hasPrefix($0 + ".") }
    }
    for (path, count) in leaves where !report.isMapped(path) && !isUnrepresentable(path) && report.dropped[path] != count {
      problems.append("unaccounted \(path)")
    }
    func present(_ path: String) -> Bool {
      leaves.keys.contains { $0 == path || $0.hasPrefix(path + ".") }
    }
    for path in report.dropped.keys where !present(path) { problems.append("dropped but absent \(path)") }
    for path in report.mapped.keys where path.hasPrefix(root + ".") && !present(path) {
      problems.append("mapped but absent \(path)")
    }
    return problems.sorted()
  }
}

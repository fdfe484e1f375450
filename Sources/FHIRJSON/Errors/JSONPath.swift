/// A location inside a JSON value, written the way FHIR tools write element paths:
/// `entry[3].resource.name[0].given`.
///
/// Paths name object keys and array indices only, never values, so they are safe
/// to log for health data.
public struct JSONPath: Hashable, Sendable, CustomStringConvertible {
  /// One step of a path.
  public enum Component: Hashable, Sendable {
    /// A member of an object.
    case key(String)
    /// An element of an array.
    case index(Int)
  }

  /// The steps from the top-level value down.
  public var components: [Component]

  /// Creates a path from its steps.
  public init(_ components: [Component] = []) {
    self.components = components
  }

  /// The top-level value itself.
  public static let root = JSONPath()

  /// This path extended by one object key.
  public func appending(key: String) -> JSONPath {
    JSONPath(components + [.key(key)])
  }

  /// This path extended by one array index.
  public func appending(index: Int) -> JSONPath {
    JSONPath(components + [.index(index)])
  }

  /// The path as text: keys joined by `.`, indices in brackets, `$` for the root.
  /// Keys that are not plain identifiers are quoted: `a["odd key"]`.
  public var description: String {
    if components.isEmpty { return "$" }
    var text = ""
    for component in components {
      switch component {
      case .index(let index):
        text += "[\(index)]"
      case .key(let key):
        if key.utf8.allSatisfy(Self.isPlain), !key.isEmpty {
          if !text.isEmpty { text += "." }
          text += key
        } else {
          text += "[\"" + key.replacingAll("\\", with: "\\\\").replacingAll("\"", with: "\\\"") + "\"]"
        }
      }
    }
    return text
  }

  /// ``description`` as a message shows it: whole, or, deeper than 24 levels (nesting past the
  /// depth limit), its first 8 levels, how many are left out, and its last 4 — a 512-level path
  /// made a 2 KB line.
  public var shortDescription: String {
    guard components.count > 24 else { return description }
    let head = JSONPath(Array(components.prefix(8))).description
    let tail = JSONPath(Array(components.suffix(4))).description
    return "\(head) … (\(components.count - 12) levels) … \(tail)"
  }

  private static func isPlain(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
      return true
    default:
      return false
    }
  }
}

extension String {
  fileprivate func replacingAll(_ target: Character, with replacement: String) -> String {
    var result = ""
    result.reserveCapacity(utf8.count)
    for character in self {
      if character == target { result += replacement } else { result.append(character) }
    }
    return result
  }
}

import FHIRKit

/// With `--verbose` only: the data value an issue is about, for its message. Messages
/// never quote values otherwise.
enum VerboseValue {
  /// The longest value quoted, in characters.
  static let limit = 120

  /// ` (value: …)` for the element at `path` (a path in the record's document, as issues
  /// give it) of `record`, when `--verbose` is on and the element exists; else "".
  static func suffix(for record: ResourceRecord, at path: JSONPath) -> String {
    guard Console.shared.verbose else { return "" }
    var components = path.components[...]
    let prefix = record.pathPrefix.components + (record.isBundleEntry ? [.key("resource")] : [])
    if components.starts(with: prefix) { components = components.dropFirst(prefix.count) }
    var value: JSONValue? = JSONValue(tokens: record.tokens, at: record.index)
    for component in components {
      switch component {
      case .key(let key): value = value?[key]
      case .index(let index): value = value?.arrayValue.flatMap { index < $0.count ? $0[index] : nil }
      }
    }
    guard let value else { return "" }
    var text = JSONWriter.string(of: value)
    if text.count > limit { text = String(text.prefix(limit)) + "…" }
    return " (value: \(text))"
  }
}

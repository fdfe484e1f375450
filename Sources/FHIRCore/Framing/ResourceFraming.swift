/// How the JSON of an input is framed.
public enum ResourceFraming: Hashable, Sendable {
  /// One value per line (NDJSON, as Bulk Data `$export` writes it).
  case ndjson
  /// One or more JSON values: Bundles (streamed entry by entry) or single resources.
  case json

  /// The framing a file's name suggests: `.ndjson` files (in any case, gzip-compressed
  /// `.ndjson.gz` too) are NDJSON, any other JSON.
  public init(path: String) {
    self = Self.nameStem(path).hasSuffix(".ndjson") ? .ndjson : .json
  }

  /// Whether a file found in a folder is an input: its name ends with `.json` or
  /// `.ndjson`, in any case, optionally followed by `.gz` (as Bulk Data servers send).
  public static func isInputName(_ path: String) -> Bool {
    let stem = nameStem(path)
    return stem.hasSuffix(".json") || stem.hasSuffix(".ndjson")
  }

  /// The name lower-cased, without a final `.gz`.
  private static func nameStem(_ path: String) -> String {
    let name = path.lowercased()
    return name.hasSuffix(".gz") ? String(name.dropLast(3)) : name
  }
}

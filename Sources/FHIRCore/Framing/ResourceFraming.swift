/// How the JSON of an input is framed.
public enum ResourceFraming: Hashable, Sendable {
  /// One value per line (NDJSON, as Bulk Data `$export` writes it).
  case ndjson
  /// One or more JSON values: Bundles (streamed entry by entry) or single resources.
  case json

  /// The framing a file's name suggests: `.ndjson` files are NDJSON, any other JSON.
  public init(path: String) {
    self = path.hasSuffix(".ndjson") ? .ndjson : .json
  }
}

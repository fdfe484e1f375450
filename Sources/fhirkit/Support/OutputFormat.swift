import ArgumentParser

/// `--format`: how converted records are written.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
  /// One record per line (the default; streams, any size).
  case ndjson
  /// One pretty-printed JSON document: a single resource stays a single resource, one
  /// input Bundle stays that Bundle (type and metadata kept), anything else becomes a
  /// `collection` Bundle. Care entities become one JSON array.
  case json
  /// Always one pretty-printed `collection` Bundle.
  case bundle
}

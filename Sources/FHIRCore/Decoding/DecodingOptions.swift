public import FHIRJSON

/// How a decoder treats problems in its input.
public struct DecodingOptions: Hashable, Sendable {
  /// What to do at an error-level issue.
  public enum Mode: Hashable, Sendable {
    /// Decode what can be decoded and collect every issue.
    case lenient
    /// Throw ``FHIRDecodingError`` at the first error-level issue.
    case strict
  }

  public var mode: Mode
  /// The path of the decoded value inside its document, prefixed to every issue's
  /// path (`entry[3].resource` for a Bundle entry's resource).
  public var pathPrefix: JSONPath

  public init(mode: Mode = .lenient, pathPrefix: JSONPath = .root) {
    self.mode = mode
    self.pathPrefix = pathPrefix
  }

  /// Lenient decoding from the root.
  public static let lenient = DecodingOptions()
  /// Strict decoding from the root.
  public static let strict = DecodingOptions(mode: .strict)
}

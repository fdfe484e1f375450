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

  /// What to do at an error-level issue: collect it (``Mode/lenient``, the default) or throw (``Mode/strict``).
  public var mode: Mode
  /// The path of the decoded value inside its document, prefixed to every issue's
  /// path (`entry[3].resource` for a Bundle entry's resource).
  public var pathPrefix: JSONPath
  /// Whether to repair shapes the models cannot fit instead of keeping them as they came.
  ///
  /// Off (the default), a value the models cannot fit — an array where one value belongs,
  /// one value where an array belongs, a value of the wrong JSON type, an empty object or
  /// array, `null`, a second type for a choice element — is kept exactly as it came (in
  /// the `unknown` bag of the element where it stood, or a primitive's
  /// ``Primitive/invalidJSON``), written back unchanged on encode, and reported as an issue;
  /// the model's property stays empty. On, the decoder makes such values fit — an array's
  /// first element, a value wrapped into an array, empties, nulls and wrong types left out —
  /// and lists every change in ``FHIRDecoder/repairs`` (``DecodingRepair``) instead of
  /// reporting an issue. Strict mode throws before anything is repaired.
  public var repair: Bool

  /// Options for a decoder.
  /// - Parameters:
  ///   - mode: Whether an error-level issue is collected or thrown.
  ///   - pathPrefix: The path of the decoded value inside its document, prefixed to every issue's path.
  ///   - repair: Whether to make shapes the models cannot fit fit, listing each change (see ``repair``).
  public init(mode: Mode = .lenient, pathPrefix: JSONPath = .root, repair: Bool = false) {
    self.mode = mode
    self.pathPrefix = pathPrefix
    self.repair = repair
  }

  /// Lenient decoding from the root.
  public static let lenient = DecodingOptions()
  /// Strict decoding from the root.
  public static let strict = DecodingOptions(mode: .strict)
  /// Lenient decoding from the root that repairs what the models cannot fit.
  public static let repairing = DecodingOptions(repair: true)
}

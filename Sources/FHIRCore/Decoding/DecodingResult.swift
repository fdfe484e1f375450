public import FHIRJSON

/// A decoded value and everything found while decoding it.
public struct DecodingResult<Value> {
  /// The value, or `nil` if the input could not be decoded at all.
  public var value: Value?
  /// Issues, in the order they were found.
  public var issues: [ValidationIssue]
  /// What the decoder changed to make the input fit (only with ``DecodingOptions/repair``).
  public var repairs: [DecodingRepair]

  /// A result.
  public init(value: Value?, issues: [ValidationIssue], repairs: [DecodingRepair] = []) {
    self.value = value
    self.issues = issues
    self.repairs = repairs
  }

  /// The error-level issues.
  public var errors: [ValidationIssue] { issues.filter { $0.severity == .error } }
}

extension DecodingResult: Sendable where Value: Sendable {}

extension FHIRDecodable {
  /// Decodes a value from a whole token buffer (a resource, an NDJSON line, a Bundle entry's resource).
  /// - Throws: ``FHIRDecodingError`` in strict mode at the first error-level issue.
  public static func decode(from tokens: JSONTokens, options: DecodingOptions = .lenient) throws
    -> DecodingResult<Self>
  {
    try decode(from: tokens, at: 0, options: options)
  }
}

extension FHIREncodable {
  /// The value as JSON bytes, compact or pretty.
  public func jsonBytes(style: JSONWriter.Style = .compact) -> [UInt8] {
    var writer = JSONWriter(style: style)
    // A resource is rarely under a kilobyte: one allocation instead of several growths.
    writer.reserveCapacity(1024)
    encode(to: &writer)
    return writer.output
  }
}

extension FHIRDecodable {
  /// Decodes the value whose tokens start at `index` (a Bundle entry's `resource`).
  /// - Throws: ``FHIRDecodingError`` in strict mode at the first error-level issue.
  ///
  /// With ``DecodingOptions/repair``, the value is first decoded as without it: every repair
  /// stands for an issue that decoding without repairs records (a shape kept as given, a value
  /// left invalid, a required element missing), so a value that decodes so without any issue is
  /// the value the repairs would give, with nothing repaired. Only a value with issues is decoded
  /// again, with repairs. Decoding with repairs takes the repairs' own paths for every complex
  /// member, which cost `convert --to care` 2.5 % of its instructions when every resource was
  /// decoded so (docs/benchmarks/job-2026-12-01.md, "Repairs only where an issue is").
  public static func decode(from tokens: JSONTokens, at index: Int, options: DecodingOptions = .lenient) throws
    -> DecodingResult<Self>
  {
    if options.repair && options.mode == .lenient {
      var plain = options
      plain.repair = false
      var decoder = FHIRDecoder(tokens: tokens, options: plain)
      if let value = try Self(from: &decoder, at: index), decoder.issues.isEmpty {
        return DecodingResult(value: value, issues: [])
      }
    }
    return try decodeInOnePass(from: tokens, at: index, options: options)
  }

  /// ``decode(from:at:options:)`` in one pass, repairs (if asked for) applied as they are met;
  /// what it gives is what `decode` gives.
  package static func decodeInOnePass(from tokens: JSONTokens, at index: Int, options: DecodingOptions) throws
    -> DecodingResult<Self>
  {
    var decoder = FHIRDecoder(tokens: tokens, options: options)
    let value = try Self(from: &decoder, at: index)
    return DecodingResult(value: value, issues: decoder.issues, repairs: decoder.repairs)
  }
}

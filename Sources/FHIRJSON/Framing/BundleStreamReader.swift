/// Streams a FHIR Bundle entry by entry: each element of the top-level `entry` array
/// is handed out as soon as its closing brace is read, so memory is bounded by the
/// largest entry, not the Bundle.
///
/// Only a Bundle is split: an object whose `resourceType` is `"Bundle"`. When
/// `resourceType` comes before `entry` (the usual order) the entries are streamed; when
/// `entry` comes first, the Bundle is held whole (up to the tokenizer's value size
/// limit) and split into the same events once it closes. Any other value — a `List`,
/// whose `entry` array holds no resources — is handed out whole, its `entry` in place.
///
/// The rest of the Bundle (`resourceType`, `type`, `link`, … with `entry` left as an
/// empty array) is handed out when the Bundle ends. The reader checks JSON only; the
/// models check the rest. With ``JSONTokenizer/Options/allowsMultipleValues`` several
/// values may follow one another.
public final class BundleStreamReader {
  /// What the reader reports, in input order.
  public enum Event: Hashable, Sendable {
    /// One element of `entry`, with its index.
    case entry(JSONTokens, index: Int)
    /// A top-level value: a Bundle without its entries, or any other value whole.
    case bundle(JSONTokens)
  }

  private let tokenizer: JSONTokenizer
  private let arrayKey: String
  private let requirement: JSONTokenizer.StreamRequirement?

  /// The number of entries read so far.
  public private(set) var entryCount = 0

  /// Creates a reader.
  /// - Parameters:
  ///   - options: Limits; its `streamedArrayKey` and `streamedArrayRequirement` are set
  ///     from `arrayKey` and `requirement`.
  ///   - arrayKey: The top-level key whose elements are streamed.
  ///   - requirement: The member that makes an object one to split (`resourceType:
  ///     "Bundle"`); `nil` splits every top-level object that has `arrayKey`.
  ///   - source: A name for the input (a file path), put into errors.
  public init(
    options: JSONTokenizer.Options = .init(), arrayKey: String = "entry",
    requirement: JSONTokenizer.StreamRequirement? = .fhirBundle, source: String? = nil
  ) {
    var options = options
    options.streamedArrayKey = arrayKey
    options.streamedArrayRequirement = requirement
    self.arrayKey = arrayKey
    self.requirement = requirement
    tokenizer = JSONTokenizer(options: options, source: source)
  }

  /// The number of bytes read so far.
  public var bytesConsumed: Int { tokenizer.bytesConsumed }

  /// Where the bytes read so far end: the place of the next byte.
  public var endPosition: InputPosition { tokenizer.endPosition }

  /// Reads the next chunk, calling `handler` for each entry it completes.
  /// - Throws: ``JSONError`` at the first problem in the input, or what `handler` throws.
  /// Entries completed before an error in the same chunk are handed out first.
  public func feed(_ chunk: UnsafeRawBufferPointer, _ handler: (Event) throws -> Void) throws {
    do {
      try tokenizer.feed(chunk)
    } catch {
      try drain(handler)
      throw error
    }
    try drain(handler)
  }

  /// Ends the input and hands out the Bundle's other members.
  public func finish(_ handler: (Event) throws -> Void) throws {
    do {
      try tokenizer.finish()
    } catch {
      try drain(handler)
      throw error
    }
    try drain(handler)
  }

  private func drain(_ handler: (Event) throws -> Void) throws {
    while let output = tokenizer.nextOutput() {
      switch output {
      case .element(let tokens, let index):
        entryCount += 1
        try handler(.entry(tokens, index: index))
      case .value(let tokens):
        try handOut(tokens, handler)
      }
    }
  }

  /// Hands out a top-level value, splitting a Bundle whose entries were not streamed
  /// (`entry` came before `resourceType`).
  private func handOut(_ tokens: JSONTokens, _ handler: (Event) throws -> Void) throws {
    guard let requirement, tokens[0].kind == .objectStart,
      let array = Self.member(arrayKey, of: tokens), tokens[array].kind == .arrayStart,
      tokens.endIndex(ofValueAt: array) > array + 1,
      let required = Self.member(requirement.key, of: tokens), tokens[required].kind == .string,
      tokens.text(at: required, equals: requirement.value.utf8)
    else {
      return try handler(.bundle(tokens))
    }
    let end = tokens.endIndex(ofValueAt: array)
    var element = array + 1
    var index = 0
    while element < end {
      entryCount += 1
      try handler(.entry(tokens.value(at: element), index: index))
      element = tokens.endIndex(ofValueAt: element) + 1
      index += 1
    }
    try handler(.bundle(tokens.removingElements(ofArrayAt: array)))
  }

  /// The index of the value of the top-level member `key` (the last one if repeated).
  private static func member(_ key: String, of tokens: JSONTokens) -> Int? {
    let end = tokens.endIndex(ofValueAt: 0)
    var index = 1
    var found: Int?
    while index < end {
      if tokens.text(at: index, equals: key.utf8) { found = index + 1 }
      index = tokens.endIndex(ofValueAt: index + 1) + 1
    }
    return found
  }
}

@available(*, unavailable)
extension BundleStreamReader: Sendable {}

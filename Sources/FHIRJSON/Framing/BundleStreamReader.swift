/// Streams a FHIR Bundle entry by entry: each element of the top-level `entry` array
/// is handed out as soon as its closing brace is read, whatever the order of the
/// Bundle's other keys, so memory is bounded by the largest entry, not the Bundle.
///
/// The rest of the Bundle (`resourceType`, `type`, `link`, … with `entry` left as an
/// empty array) is handed out when the Bundle ends. The reader checks JSON only; the
/// models check that the object really is a Bundle. With
/// ``JSONTokenizer/Options/allowsMultipleValues`` several Bundles may follow one another.
public final class BundleStreamReader {
  /// What the reader reports, in input order.
  public enum Event: Hashable, Sendable {
    /// One element of `entry`, with its index.
    case entry(JSONTokens, index: Int)
    /// The top-level value without its entries.
    case bundle(JSONTokens)
  }

  private let tokenizer: JSONTokenizer

  /// The number of entries read so far.
  public private(set) var entryCount = 0

  /// Creates a reader.
  /// - Parameters:
  ///   - options: Limits; its `streamedArrayKey` is set to `arrayKey`.
  ///   - arrayKey: The top-level key whose elements are streamed.
  ///   - source: A name for the input (a file path), put into errors.
  public init(options: JSONTokenizer.Options = .init(), arrayKey: String = "entry", source: String? = nil) {
    var options = options
    options.streamedArrayKey = arrayKey
    tokenizer = JSONTokenizer(options: options, source: source)
  }

  /// The number of bytes read so far.
  public var bytesConsumed: Int { tokenizer.bytesConsumed }

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
        try handler(.bundle(tokens))
      }
    }
  }
}

@available(*, unavailable)
extension BundleStreamReader: Sendable {}

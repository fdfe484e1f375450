extension JSONTokens {
  /// Tokenizes one complete JSON text held in any collection of bytes: `[UInt8]`, `Data`,
  /// an `ArraySlice<UInt8>`, a `String`'s `utf8` view.
  ///
  /// ```swift
  /// let tokens = try JSONTokens(parsing: Data(contentsOf: url))
  /// let patient = try FHIRR4.Patient.decode(from: tokens).value
  /// ```
  ///
  /// Contiguous storage is read in place; other collections are copied once.
  /// - Parameters:
  ///   - bytes: The UTF-8 text.
  ///   - options: Limits; `streamedArrayKey` and `allowsMultipleValues` are ignored.
  /// - Throws: ``JSONError`` if the input is not exactly one valid JSON value (a truncated
  ///   text included).
  public init(parsing bytes: some Collection<UInt8>, options: JSONTokenizer.Options = .init()) throws {
    let parse = { (buffer: UnsafeRawBufferPointer) in try JSONTokens(parsing: buffer, options: options) }
    if let tokens = try bytes.withContiguousStorageIfAvailable({ try parse(UnsafeRawBufferPointer($0)) }) {
      self = tokens
    } else {
      self = try Array(bytes).withUnsafeBytes(parse)
    }
  }

  /// Tokenizes one complete JSON text.
  /// - Parameters:
  ///   - text: The text.
  ///   - options: Limits; `streamedArrayKey` and `allowsMultipleValues` are ignored.
  /// - Throws: ``JSONError`` if the input is not exactly one valid JSON value.
  public init(parsing text: String, options: JSONTokenizer.Options = .init()) throws {
    var text = text
    self = try text.withUTF8 { try JSONTokens(parsing: UnsafeRawBufferPointer($0), options: options) }
  }
}

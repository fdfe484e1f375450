/// A place in an input's content (after decompression): its byte offset (0-based), line and
/// column (1-based, the column in bytes), as ``JSONError`` carries them.
public struct InputPosition: Hashable, Sendable {
  /// Byte offset from the start of the content.
  public var offset: Int
  /// Line (1-based).
  public var line: Int
  /// Column in that line, in bytes (1-based).
  public var column: Int

  /// Creates a position.
  public init(offset: Int, line: Int, column: Int) {
    self.offset = offset
    self.line = line
    self.column = column
  }
}

extension JSONError {
  /// The same error, located at `position` (an error that happened outside the content, such
  /// as a read failure or a damaged gzip stream, placed where the content read so far ends).
  public func located(at position: InputPosition) -> JSONError {
    var error = self
    error.offset = position.offset
    error.line = position.line
    error.column = position.column
    return error
  }
}

/// Why CareKit JSON could not be read as care entities, with where: the NDJSON line (when read
/// from lines), the entity type and the JSON path of the offending member.
public struct CareKitFormatError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What went wrong.
  public enum Code: String, Hashable, Sendable {
    /// The text is not JSON, or a member has the wrong JSON type or is missing.
    case malformed
    /// `{"type": …}` names an entity kind our model has no counterpart for (`healthKitTask`).
    case unsupportedType
    /// An outcome value's `type` is one we cannot hold (`binary`) or unknown.
    case unsupportedValue
  }

  /// What went wrong.
  public var code: Code
  /// A description of the problem, without the values of the input.
  public var message: String
  /// The JSON path of the member (`object.schedule.elements[0].duration`), empty for the whole value.
  public var path: String
  /// The entity `type` (`task`), when known.
  public var entityType: String?
  /// The 1-based NDJSON line, when read from lines.
  public var line: Int?

  /// Creates an error.
  /// - Parameters:
  ///   - code: What went wrong.
  ///   - message: A description, without input values.
  ///   - path: The JSON path of the member.
  ///   - entityType: The entity `type`, when known.
  ///   - line: The 1-based NDJSON line, when read from lines.
  public init(_ code: Code, _ message: String, path: String = "", entityType: String? = nil, line: Int? = nil) {
    self.code = code
    self.message = message
    self.path = path
    self.entityType = entityType
    self.line = line
  }

  /// `line 3: task: object.schedule: <message>`, with the parts that are known.
  public var description: String {
    var parts: [String] = []
    if let line { parts.append("line \(line)") }
    if let entityType { parts.append(entityType) }
    if !path.isEmpty { parts.append(path) }
    parts.append(message)
    return parts.joined(separator: ": ")
  }

  /// The error a `DecodingError` stands for, with its coding path as a JSON path.
  static func from(_ error: any Error, entityType: String? = nil) -> CareKitFormatError {
    if let error = error as? CareKitFormatError { return error }
    guard let decoding = error as? DecodingError else {
      return CareKitFormatError(.malformed, "not JSON", entityType: entityType)
    }
    func path(_ keys: [any CodingKey]) -> String {
      var text = ""
      for key in keys {
        if let index = key.intValue { text += "[\(index)]" } else { text += (text.isEmpty ? "" : ".") + key.stringValue }
      }
      return text
    }
    switch decoding {
    case .keyNotFound(let key, let context):
      return CareKitFormatError(
        .malformed, "missing member \(key.stringValue)", path: path(context.codingPath), entityType: entityType)
    case .typeMismatch(_, let context), .valueNotFound(_, let context):
      return CareKitFormatError(.malformed, "wrong JSON type", path: path(context.codingPath), entityType: entityType)
    case .dataCorrupted(let context):
      if let inner = context.underlyingError as? CareKitFormatError { return inner }
      let message = context.codingPath.isEmpty ? "not JSON" : "invalid value"
      return CareKitFormatError(.malformed, message, path: path(context.codingPath), entityType: entityType)
    @unknown default:
      return CareKitFormatError(.malformed, "invalid", entityType: entityType)
    }
  }
}

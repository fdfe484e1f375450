public import FHIRJSON

/// One problem found while decoding or validating a resource: what, how bad, and
/// where (JSON path, byte offset, resource type and id). Messages never quote the
/// data's values.
public struct ValidationIssue: Hashable, Sendable, CustomStringConvertible {
  /// How bad an issue is.
  public enum Severity: String, Hashable, Sendable, Comparable {
    /// Data was lost or cannot be trusted (strict decoding throws).
    case error
    /// Data is kept but breaks a rule of the specification.
    case warning
    /// Something worth knowing, such as an element the model keeps without knowing it.
    case information

    /// Whether `lhs` is worse than `rhs`: errors sort first.
    public static func < (lhs: Severity, rhs: Severity) -> Bool {
      lhs.rank < rhs.rank
    }

    private var rank: Int {
      switch self {
      case .error: 0
      case .warning: 1
      case .information: 2
      }
    }
  }

  /// What kind of issue this is.
  public enum Code: String, Hashable, Sendable {
    /// A JSON value of the wrong type (a string where an object belongs, …).
    case wrongType
    /// An array where one value belongs, or one value where an array belongs.
    case wrongCardinality
    /// A required element is missing.
    case required
    /// Two choices of one `value[x]` element are given.
    case duplicateChoice
    /// An empty string, array or object (FHIR JSON forbids them).
    case empty
    /// A primitive whose text does not match its type (a date like `2020-13-45`).
    case invalidValue
    /// A code outside the value set its element is bound to.
    case invalidCode
    /// An element the model does not know; kept and written back.
    case unknownElement
    /// A `resourceType` the decoder did not expect.
    case unexpectedResourceType
    /// A key given more than once in one object (the last one is kept).
    case duplicateKey
  }

  /// How bad the issue is.
  public var severity: Severity
  /// What kind of issue this is.
  public var code: Code
  /// What is wrong, without the data's values.
  public var message: String
  /// Where in the resource (from the decoded value's root).
  public var path: JSONPath
  /// Byte offset in the input, when known.
  public var offset: Int?
  /// The resource the issue belongs to.
  public var resourceType: String?
  /// The `id` of the resource the issue belongs to.
  public var resourceID: String?

  /// An issue.
  /// - Parameters:
  ///   - severity: How bad it is.
  ///   - code: What kind of issue it is.
  ///   - message: What is wrong, without the data's values.
  ///   - path: Where in the resource.
  ///   - offset: Byte offset in the input, when known.
  ///   - resourceType: The type of the resource it belongs to.
  ///   - resourceID: Its `id`.
  public init(
    _ severity: Severity, _ code: Code, _ message: String, path: JSONPath, offset: Int? = nil,
    resourceType: String? = nil, resourceID: String? = nil
  ) {
    self.severity = severity
    self.code = code
    self.message = message
    self.path = path
    self.offset = offset
    self.resourceType = resourceType
    self.resourceID = resourceID
  }

  /// `severity: message at path (code) in Type/id`.
  public var description: String {
    var text = "\(severity.rawValue): \(message) at \(path) (\(code.rawValue))"
    if let resourceType { text += " in \(resourceType)" + (resourceID.map { "/\($0)" } ?? "") }
    if let offset { text += ", byte \(offset)" }
    return text
  }
}

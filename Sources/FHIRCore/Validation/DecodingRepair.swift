public import FHIRJSON

/// One change a repairing decoder made to its input's shape (``DecodingOptions/repair``):
/// what it did and where. Without `repair`, nothing is changed: what the models cannot
/// fit is kept as it came and reported as a ``ValidationIssue``. Like issues, repairs
/// never quote the data's values.
public struct DecodingRepair: Hashable, Sendable, CustomStringConvertible {
  /// What a repair did.
  public enum Action: String, Hashable, Sendable, CaseIterable {
    /// An array where one value belongs was replaced by its first element (the others
    /// are listed as ``dropped``).
    case unwrapped
    /// A single value where an array belongs was made a one-element array.
    case wrapped
    /// A value was left out: an array element beyond the first where one value belongs, an
    /// empty object, array or string, `null`, a value of the wrong JSON type or one that breaks
    /// its type's rule (a `positiveInt` of 0), a second type given
    /// for a choice element, a value the model could not read at all, an element left empty by these repairs.
    case dropped
    /// A required element the input lacks was set to the default the specification
    /// implies (DSTU2 `CarePlan.activity.detail.prohibited`: `false`).
    case defaulted
  }

  /// What the repair did.
  public var action: Action
  /// Why, without the data's values.
  public var message: String
  /// Where in the input (from the decoded value's root, with the options' path prefix).
  public var path: JSONPath
  /// Byte offset in the input, when known.
  public var offset: Int?
  /// The resource the repair belongs to.
  public var resourceType: String?
  /// The `id` of the resource the repair belongs to.
  public var resourceID: String?

  /// A repair record.
  /// - Parameters:
  ///   - action: What was done.
  ///   - message: Why, without the data's values.
  ///   - path: Where in the input.
  ///   - offset: Byte offset in the input, when known.
  ///   - resourceType: The type of the resource the repair belongs to.
  ///   - resourceID: Its `id`.
  public init(
    _ action: Action, _ message: String, path: JSONPath, offset: Int? = nil, resourceType: String? = nil,
    resourceID: String? = nil
  ) {
    self.action = action
    self.message = message
    self.path = path
    self.offset = offset
    self.resourceType = resourceType
    self.resourceID = resourceID
  }

  /// `action path: message in Type/id`.
  public var description: String {
    var text = "\(action.rawValue) \(path): \(message)"
    if let resourceType { text += " in \(resourceType)" + (resourceID.map { "/\($0)" } ?? "") }
    return text
  }
}

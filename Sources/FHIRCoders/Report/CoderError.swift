/// A resource that could not be converted at all, with where and why — never a data value.
public struct CoderError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What went wrong.
  public enum Code: String, Hashable, Sendable {
    /// A required element is missing or unusable.
    case missingElement
    /// A value is outside what the entity can hold.
    case invalidValue
    /// The resource says it was recorded by mistake (`status` `entered-in-error`): it becomes
    /// no entity (the pipeline's rule, not a coder's).
    case enteredInError
    /// The resource asks for something not to be done (R4 `doNotPerform`, DSTU2 `prohibited`): a
    /// care task would tell the patient to do it, so it becomes no entity (the pipeline's rule).
    case doNotPerform
  }

  public var code: Code
  /// The FHIR path of the element.
  public var path: String
  /// The resource type.
  public var resourceType: String
  /// The resource's `id`, if it has one.
  public var resourceID: String?
  /// A human-readable explanation (no data values).
  public var message: String

  public init(_ code: Code, path: String, resourceType: String, resourceID: String?, message: String) {
    self.code = code
    self.path = path
    self.resourceType = resourceType
    self.resourceID = resourceID
    self.message = message
  }

  public var description: String {
    "\(resourceType)\(resourceID.map { "/" + $0 } ?? ""): \(path): \(message) (\(code.rawValue))"
  }
}

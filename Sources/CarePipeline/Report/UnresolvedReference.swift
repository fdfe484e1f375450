/// A reference the pipeline needed and could not follow, located by the referring resource's
/// type and id and the reference's JSON path — never by the reference's value.
public struct UnresolvedReference: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// How the reference was written.
  public enum Form: String, Hashable, Sendable {
    /// `Type/id` or `Type/id/_history/n`.
    case relative
    /// An absolute URL.
    case absolute
    /// `urn:uuid:` or `urn:oid:`.
    case urn
    /// `#id`, into `contained`.
    case contained
    /// A logical reference: R4 `Reference.identifier` without `reference`.
    case identifier
    /// Empty, or in no form the pipeline follows.
    case other
  }

  /// Why it was not followed.
  public enum Reason: String, Hashable, Sendable {
    /// No resource in the input (or in `contained`) has that identity.
    case notFound
    /// It points at a resource of another type than the element allows.
    case unexpectedType
    /// It points at a resource that could not be converted.
    case notConverted
    /// Following it leads back to the referring resource (an `Observation.hasMember` cycle).
    case circular
    /// A logical reference whose identifier several resources of an allowed type have.
    case ambiguous
    /// An R4 `Observation.partOf` that leads to an event resource carrying out no request that
    /// became a task (or a CarePlan whose task cannot be told: none or several activities).
    case noTask
  }

  /// The referring resource's type.
  public var resourceType: String
  /// The referring resource's id, if it has one.
  public var resourceID: String?
  /// The JSON path of the reference inside the referring resource (`CarePlan.activity[0].reference`).
  public var path: String
  /// How the reference was written.
  public var form: Form
  /// Why it was not followed.
  public var reason: Reason

  public init(resourceType: String, resourceID: String?, path: String, form: Form, reason: Reason) {
    self.resourceType = resourceType
    self.resourceID = resourceID
    self.path = path
    self.form = form
    self.reason = reason
  }

  public var description: String {
    "\(resourceType)\(resourceID.map { "/" + $0 } ?? ""): \(path): \(form.rawValue) reference \(reason.rawValue)"
  }

  public static func < (a: Self, b: Self) -> Bool {
    (a.resourceType, a.resourceID ?? "", a.path, a.form.rawValue, a.reason.rawValue)
      < (b.resourceType, b.resourceID ?? "", b.path, b.form.rawValue, b.reason.rawValue)
  }
}

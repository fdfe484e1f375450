/// A FHIR resource an entity came from: enough to say where data came from and to find, on a
/// later import, the entity a changed resource replaces. Holds identifiers only, no data values.
public struct SourceReference: Hashable, Sendable, Codable, Comparable {
  /// The FHIR release a resource was read as.
  public enum Release: String, Hashable, Sendable, Codable {
    case r4 = "R4"
    case dstu2 = "DSTU2"
  }

  /// The `resourceType` (`MedicationRequest`).
  public var resourceType: String
  /// The logical `id`, if the resource had one.
  public var resourceID: String?
  /// The `fullUrl` of the Bundle entry it came in, if any.
  public var fullUrl: String?
  /// `meta.versionId`, if given.
  public var versionID: String?
  /// The release it was read as.
  public var release: Release

  /// Creates a reference.
  public init(resourceType: String, resourceID: String?, fullUrl: String?, versionID: String?, release: Release) {
    self.resourceType = resourceType
    self.resourceID = resourceID
    self.fullUrl = fullUrl
    self.versionID = versionID
    self.release = release
  }

  public static func < (a: Self, b: Self) -> Bool {
    (a.resourceType, a.resourceID ?? "", a.fullUrl ?? "", a.versionID ?? "", a.release.rawValue)
      < (b.resourceType, b.resourceID ?? "", b.fullUrl ?? "", b.versionID ?? "", b.release.rawValue)
  }
}

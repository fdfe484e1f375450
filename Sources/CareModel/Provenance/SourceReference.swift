public import Foundation

/// A FHIR resource an entity came from: enough to say where data came from and to find, on a
/// later import, the entity a changed resource replaces: its identifiers and, in ``json``, the
/// resource itself (which no message prints).
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
  /// The resource as it was read: compact JSON of its model in `release`, which holds every
  /// element of the input (key order aside, see `docs/json.md`); `nil` when the pipeline did not
  /// keep it (`Pipeline.Options.keepsSourceJSON`) or the store has none (written before
  /// `v3-provenance-source`).
  public var json: Data?

  /// Creates a reference.
  public init(
    resourceType: String, resourceID: String?, fullUrl: String?, versionID: String?, release: Release, json: Data? = nil
  ) {
    self.resourceType = resourceType
    self.resourceID = resourceID
    self.fullUrl = fullUrl
    self.versionID = versionID
    self.release = release
    self.json = json
  }

  public static func < (a: Self, b: Self) -> Bool {
    (a.resourceType, a.resourceID ?? "", a.fullUrl ?? "", a.versionID ?? "", a.release.rawValue)
      < (b.resourceType, b.resourceID ?? "", b.fullUrl ?? "", b.versionID ?? "", b.release.rawValue)
  }
}

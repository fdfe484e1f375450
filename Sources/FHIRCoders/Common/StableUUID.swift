public import CareModel
public import FHIRCore
public import Foundation

/// UUIDs for FHIR resources: the resource id itself when it is a UUID (as in Synthea and
/// `urn:uuid:` references), otherwise one derived from `Type/id`, so that a reference and the
/// resource it points at get the same UUID in one output.
public enum StableUUID {
  /// The UUID for a resource of `type` with `id`.
  public static func forResource(type: String, id: String) -> UUID {
    if let uuid = UUID(text: id) { return uuid }
    // The digest of `type + "/" + id`, without building that string.
    var hash = NameUUID()
    hash.add(type)
    hash.add(byte: UInt8(ascii: "/"))
    hash.add(id)
    return hash.uuid(version: 5)
  }

  /// The UUID a reference (`Patient/123`, `urn:uuid:…`, `http://…/Patient/123`) points at, or
  /// `nil` for a contained (`#…`) or empty reference.
  public static func forReference(_ reference: String?) -> UUID? {
    guard let reference, !reference.isEmpty, !reference.hasPrefix("#") else { return nil }
    if reference.hasPrefix("urn:uuid:") { return UUID(text: reference.dropFirst(9)) }
    let parts = reference.split(separator: "/")
    guard parts.count >= 2 else { return UUID(text: reference) ?? derived(reference) }
    if let history = parts.lastIndex(of: "_history"), history >= 2 {
      return forResource(type: String(parts[history - 2]), id: String(parts[history - 1]))
    }
    return forResource(type: String(parts[parts.count - 2]), id: String(parts[parts.count - 1]))
  }

  /// The UUID a coder gives the entity of a decoded resource, before care extensions (which
  /// win): ``forResource(type:id:)`` when the resource has an id (so that references to it
  /// resolve to it), else ``forAnonymous(type:release:versionID:content:)`` over its JSON.
  /// - Parameters:
  ///   - resource: The decoded resource; written only when it has no id.
  ///   - type: Its resource type.
  ///   - release: `"R4"` or `"DSTU2"`.
  ///   - id: Its `id`.
  ///   - versionID: Its `meta.versionId`.
  public static func forDecoded(
    _ resource: some FHIREncodable, type: String, release: String, id: String?, versionID: String?
  ) -> UUID {
    if let id { return forResource(type: type, id: id) }
    return forAnonymous(type: type, release: release, versionID: versionID, content: resource.jsonBytes())
  }

  /// The UUID of a resource without an id: derived from its type, release, `meta.versionId` and
  /// its (compact) JSON, so that different resources get different UUIDs and the same resource
  /// the same one. Its version nibble is 8 (see ``isAnonymous(_:)``).
  public static func forAnonymous(type: String, release: String, versionID: String?, content: [UInt8]) -> UUID {
    var hash = NameUUID()
    hash.add(type)
    hash.add(byte: 0)
    hash.add(release)
    hash.add(byte: 0)
    hash.add(versionID ?? "")
    hash.add(byte: 0)
    hash.add(content)
    return hash.uuid(version: 8)
  }

  /// The UUID a CarePlan activity's Task starts with: derived from the plan's id (or, for a
  /// plan without id, its uuid) and the activity's id or position; for an activity known
  /// without its plan, ``forAnonymous(type:release:versionID:content:)`` over the activity.
  public static func forActivity(
    _ activity: some FHIREncodable, release: String, planID: String?, planUUID: UUID?, activityID: String?, index: Int
  ) -> UUID {
    // The digest of `CarePlan/<plan id or urn:uuid:UUID>/activity/<activity id or index>`,
    // without building that string.
    var hash = NameUUID()
    if let planID {
      hash.add("CarePlan/")
      hash.add(planID)
    } else if let planUUID {
      hash.add("CarePlan/urn:uuid:")
      hash.add(planUUID.uuidString)
    } else {
      return forAnonymous(type: "CarePlan.activity", release: release, versionID: nil, content: activity.jsonBytes())
    }
    hash.add("/activity/")
    hash.add(activityID ?? String(index))
    return hash.uuid(version: 5)
  }

  /// Whether `uuid` was made by ``forAnonymous(type:release:versionID:content:)`` (version 8),
  /// that is, by a coder for a resource without id and without a care uuid extension.
  public static func isAnonymous(_ uuid: UUID) -> Bool {
    uuid.uuid.6 >> 4 == 8
  }

  /// A name-based UUID (FNV-1a, two seeds), version bits set to 5.
  static func derived(_ name: String) -> UUID {
    var hash = NameUUID()
    hash.add(name)
    return hash.uuid(version: 5)
  }
}

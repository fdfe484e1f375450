public import FHIRCore
public import FHIRJSON

/// R4 `Meta`: version, update time, profiles and tags of a resource.
public struct Meta: FHIRCodable {
  /// Unique id of this element, for references inside the resource (`Element.id`).
  public var id: String?
  /// Additional content defined by implementations (`extension`, 0..*).
  public var `extension`: [Extension] = []
  /// Version-specific identifier, changed by the server on each update (`Meta.versionId`).
  public var versionId: Primitive<FHIRID>?
  /// When the resource version last changed (`Meta.lastUpdated`).
  public var lastUpdated: Primitive<FHIRInstant>?
  /// Identifies where the resource comes from, as a URI (`Meta.source`).
  public var source: Primitive<FHIRURI>?
  /// Profiles this resource claims to conform to (`Meta.profile`, 0..*).
  public var profile: [Primitive<FHIRURI>] = []
  /// Security labels applied to this resource (`Meta.security`, 0..*).
  public var security: [Coding] = []
  /// Tags applied to this resource, e.g. for workflow (`Meta.tag`, 0..*).
  public var tag: [Coding] = []
  /// Members the model does not know, in document order.
  public var unknown = JSONObject()

  /// An empty `Meta`: every member absent, every list empty.
  public init() {}

  /// Decodes a `Meta` from the tokens at `index`, recording issues in `decoder`; `nil` if nothing decodes.
  public init?(from decoder: inout FHIRDecoder, at index: Int) throws {
    var decoded = Self(decodingInto: ())
    guard try decoded.decodeMembers(from: &decoder, at: index) else { return nil }
    self = consume decoded
  }

  /// An empty value for ``init(from:at:)`` to decode into.
  private init(decodingInto: Void) {}

  /// Decodes the members of the object at `index` into this value: a local of
  /// ``init(from:at:)``, which then moves into place whole instead of being copied.
  @inline(__always)
  private mutating func decodeMembers(from decoder: inout FHIRDecoder, at index: Int) throws -> Bool {
    guard var members = try decoder.members(ofObjectAt: index) else { return false }
    while let member = decoder.nextMember(&members) {
      let value = member.valueIndex
      switch decoder.key(member) {
      case "id": id = try decoder.string(member, keeping: &unknown)
      case "extension": self.extension = try decoder.array(of: Extension.self, member, keeping: &unknown)
      case "versionId": try decoder.primitive(&versionId, at: value)
      case "_versionId": try decoder.primitiveElement(&versionId, member, keeping: &unknown)
      case "lastUpdated": try decoder.primitive(&lastUpdated, at: value)
      case "_lastUpdated": try decoder.primitiveElement(&lastUpdated, member, keeping: &unknown)
      case "source": try decoder.primitive(&source, at: value)
      case "_source": try decoder.primitiveElement(&source, member, keeping: &unknown)
      case "profile": try decoder.primitives(&profile, member, keeping: &unknown)
      case "_profile": try decoder.primitiveElements(&profile, member, keeping: &unknown)
      case "security": security = try decoder.array(of: Coding.self, member, keeping: &unknown)
      case "tag": tag = try decoder.array(of: Coding.self, member, keeping: &unknown)
      default: try decoder.keepUnknown(member, in: &unknown)
      }
    }
    return true
  }

  /// Writes the `Meta` as one JSON object, members in the specification's order, unknown members last.
  public func encode(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.member("id", id)
    writer.member("extension", self.extension)
    writer.member("versionId", versionId)
    writer.member("lastUpdated", lastUpdated)
    writer.member("source", source)
    writer.member("profile", profile)
    writer.member("security", security)
    writer.member("tag", tag)
    writer.members(unknown)
    writer.endObject()
  }
}

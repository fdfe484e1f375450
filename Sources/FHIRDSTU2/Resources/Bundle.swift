public import FHIRCore
public import FHIRJSON

/// DSTU2 `Bundle`: a container for a collection of resources (a document, message,
/// transaction, search result, history or plain collection). A `Resource`, not a
/// `DomainResource`: it has no narrative, contained resources or extensions.
public struct Bundle: FHIRResource {
  /// `"Bundle"`, the `resourceType` of this resource.
  public static let resourceType = "Bundle"

  // Resource
  /// Logical id of the resource, as used in its URL (`Resource.id`).
  public var id: Primitive<FHIRID>?
  /// Metadata about the resource: version, last update, profiles, tags (`Resource.meta`).
  public var meta: Meta?
  /// Rules the content was created under, which a reader must understand (`Resource.implicitRules`).
  public var implicitRules: Primitive<FHIRURI>?
  /// Base language of the resource content, as a BCP-47 code (`Resource.language`).
  public var language: Primitive<FHIRCode>?

  // Bundle
  /// `document | message | transaction | transaction-response | batch | batch-response |
  /// history | searchset | collection` (required).
  public var type: Primitive<FHIRCode>?
  /// The number of matches of a search (not the number of entries).
  public var total: Primitive<FHIRUnsignedInt>?
  /// Links related to this Bundle, e.g. paging (`Bundle.link`, 0..*).
  public var link: [Link] = []
  /// The entries: each a resource or information about one (`Bundle.entry`, 0..*).
  public var entry: [Entry] = []
  /// Digital signature of the Bundle (`Bundle.signature`).
  public var signature: Signature?
  /// Members the model does not know, in document order.
  public var unknown = JSONObject()

  static let types: Set<String> = [
    "document", "message", "transaction", "transaction-response", "batch", "batch-response", "history",
    "searchset", "collection",
  ]

  /// A `Bundle` with the given members; the others stay absent.
  public init(type: Primitive<FHIRCode>? = nil) {
    self.type = type
  }

  /// Decodes a `Bundle` from the tokens at `index`, recording issues in `decoder`; `nil` if nothing decodes.
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
    let context = decoder.beginResource(Self.resourceType, at: index)
    defer { decoder.endResource(context) }
    guard var members = try decoder.members(ofObjectAt: index) else { return false }
    while let member = decoder.nextMember(&members) {
      let value = member.valueIndex
      switch decoder.key(member) {
      case "resourceType": try decoder.checkResourceType(Self.resourceType, at: value)
      case "id": try decoder.primitive(&id, at: value)
      case "_id": try decoder.primitiveElement(&id, member, keeping: &unknown)
      case "meta": meta = try decoder.single(Meta.self, member, keeping: &unknown)
      case "implicitRules": try decoder.primitive(&implicitRules, at: value)
      case "_implicitRules": try decoder.primitiveElement(&implicitRules, member, keeping: &unknown)
      case "language": try decoder.primitive(&language, at: value)
      case "_language": try decoder.primitiveElement(&language, member, keeping: &unknown)
      case "type": try decoder.code(&type, at: value, in: Self.types)
      case "_type": try decoder.primitiveElement(&type, member, keeping: &unknown)
      case "total": try decoder.primitive(&total, at: value)
      case "_total": try decoder.primitiveElement(&total, member, keeping: &unknown)
      case "link": link = try decoder.array(of: Link.self, member, keeping: &unknown)
      case "entry": entry = try decoder.array(of: Entry.self, member, keeping: &unknown)
      case "signature": signature = try decoder.single(Signature.self, member, keeping: &unknown)
      default: try decoder.keepUnknown(member, in: &unknown)
      }
    }
    if type == nil { try decoder.recordMissing("type", in: index) }
    return true
  }

  /// Writes the `Bundle` as one JSON object, members in the specification's order, unknown members last.
  public func encode(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.key("resourceType")
    writer.string(Self.resourceType)
    writer.member("id", id)
    writer.member("meta", meta)
    writer.member("implicitRules", implicitRules)
    writer.member("language", language)
    writer.member("type", type)
    writer.member("total", total)
    writer.member("link", link)
    writer.member("entry", entry)
    writer.member("signature", signature)
    writer.members(unknown)
    writer.endObject()
  }
}

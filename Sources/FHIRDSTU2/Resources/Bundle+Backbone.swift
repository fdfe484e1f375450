public import FHIRCore
public import FHIRJSON

extension Bundle {
  /// `Bundle.link` (and `Bundle.entry.link`): a related URL, such as the next page of a search.
  public struct Link: FHIRCodable {
    /// Unique id of this element, for references inside the resource (`Element.id`).
    public var id: String?
    /// Additional content defined by implementations (`extension`, 0..*).
    public var `extension`: [Extension] = []
    /// Extensions a reader must understand: they change the meaning of this element (`modifierExtension`, 0..*).
    public var modifierExtension: [Extension] = []
    /// `self`, `next`, `previous`, … (required).
    public var relation: Primitive<FHIRString>?
    /// Required.
    public var url: Primitive<FHIRURI>?
    /// Members the model does not know, in document order.
    public var unknown = JSONObject()

    /// A `Link` with the given members; the others stay absent.
    public init(relation: Primitive<FHIRString>? = nil, url: Primitive<FHIRURI>? = nil) {
      self.relation = relation
      self.url = url
    }

    /// Decodes a `Link` from the tokens at `index`, recording issues in `decoder`; `nil` if nothing decodes.
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
        case "modifierExtension": modifierExtension = try decoder.array(of: Extension.self, member, keeping: &unknown)
        case "relation": try decoder.primitive(&relation, at: value)
        case "_relation": try decoder.primitiveElement(&relation, member, keeping: &unknown)
        case "url": try decoder.primitive(&url, at: value)
        case "_url": try decoder.primitiveElement(&url, member, keeping: &unknown)
        default: try decoder.keepUnknown(member, in: &unknown)
        }
      }
      if relation == nil { try decoder.recordMissing("relation", in: index) }
      if url == nil { try decoder.recordMissing("url", in: index) }
      return true
    }

    /// Writes the `Link` as one JSON object, members in the specification's order, unknown members last.
    public func encode(to writer: inout JSONWriter) {
      writer.beginObject()
      writer.member("id", id)
      writer.member("extension", self.extension)
      writer.member("modifierExtension", modifierExtension)
      writer.member("relation", relation)
      writer.member("url", url)
      writer.members(unknown)
      writer.endObject()
    }
  }

  /// `Bundle.entry`: one resource in the bundle, with search, request or response details.
  public struct Entry: FHIRCodable {
    /// Unique id of this element, for references inside the resource (`Element.id`).
    public var id: String?
    /// Additional content defined by implementations (`extension`, 0..*).
    public var `extension`: [Extension] = []
    /// Extensions a reader must understand: they change the meaning of this element (`modifierExtension`, 0..*).
    public var modifierExtension: [Extension] = []
    /// Links related to this entry (`Bundle.entry.link`, 0..*).
    public var link: [Link] = []
    /// The resource's absolute URL (or `urn:uuid:…`).
    public var fullUrl: Primitive<FHIRURI>?
    /// The resource in this entry (`Bundle.entry.resource`).
    public var resource: AnyResource?
    /// Search-related information: why this entry is in the result set (`Bundle.entry.search`).
    public var search: Search?
    /// Transaction or batch detail: how to process this entry (`Bundle.entry.request`).
    public var request: Request?
    /// Results of executing this entry in a transaction or batch (`Bundle.entry.response`).
    public var response: Response?
    /// Members the model does not know, in document order.
    public var unknown = JSONObject()

    /// An `Entry` with the given members; the others stay absent.
    public init(fullUrl: Primitive<FHIRURI>? = nil, resource: AnyResource? = nil) {
      self.fullUrl = fullUrl
      self.resource = resource
    }

    /// Decodes an `Entry` from the tokens at `index`, recording issues in `decoder`; `nil` if nothing decodes.
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
        case "modifierExtension": modifierExtension = try decoder.array(of: Extension.self, member, keeping: &unknown)
        case "link": link = try decoder.array(of: Link.self, member, keeping: &unknown)
        case "fullUrl": try decoder.primitive(&fullUrl, at: value)
        case "_fullUrl": try decoder.primitiveElement(&fullUrl, member, keeping: &unknown)
        case "resource": resource = try decoder.single(AnyResource.self, member, keeping: &unknown)
        case "search": search = try decoder.single(Search.self, member, keeping: &unknown)
        case "request": request = try decoder.single(Request.self, member, keeping: &unknown)
        case "response": response = try decoder.single(Response.self, member, keeping: &unknown)
        default: try decoder.keepUnknown(member, in: &unknown)
        }
      }
      return true
    }

    /// Writes the `Entry` as one JSON object, members in the specification's order, unknown members last.
    public func encode(to writer: inout JSONWriter) {
      writer.beginObject()
      writer.member("id", id)
      writer.member("extension", self.extension)
      writer.member("modifierExtension", modifierExtension)
      writer.member("link", link)
      writer.member("fullUrl", fullUrl)
      writer.member("resource", resource)
      writer.member("search", search)
      writer.member("request", request)
      writer.member("response", response)
      writer.members(unknown)
      writer.endObject()
    }
  }
}

public import FHIRCore
public import FHIRJSON

extension Bundle.Entry {
  /// `Bundle.entry.search`: why an entry is in a search result, and its score.
  public struct Search: FHIRCodable {
    /// Unique id of this element, for references inside the resource (`Element.id`).
    public var id: String?
    /// Additional content defined by implementations (`extension`, 0..*).
    public var `extension`: [Extension] = []
    /// Extensions a reader must understand: they change the meaning of this element (`modifierExtension`, 0..*).
    public var modifierExtension: [Extension] = []
    /// `match | include | outcome`.
    public var mode: Primitive<FHIRCode>?
    /// Search ranking, between 0 and 1 (`Bundle.entry.search.score`).
    public var score: Primitive<FHIRDecimal>?
    /// Members the model does not know, in document order.
    public var unknown = JSONObject()

    static let modes: Set<String> = ["match", "include", "outcome"]

    /// A `Search` with the given members; the others stay absent.
    public init(mode: Primitive<FHIRCode>? = nil) {
      self.mode = mode
    }

    /// Decodes a `Search` from the tokens at `index`, recording issues in `decoder`; `nil` if nothing decodes.
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
        case "mode": try decoder.code(&mode, at: value, in: Self.modes)
        case "_mode": try decoder.primitiveElement(&mode, member, keeping: &unknown)
        case "score": try decoder.primitive(&score, at: value)
        case "_score": try decoder.primitiveElement(&score, member, keeping: &unknown)
        default: try decoder.keepUnknown(member, in: &unknown)
        }
      }
      return true
    }

    /// Writes the `Search` as one JSON object, members in the specification's order, unknown members last.
    public func encode(to writer: inout JSONWriter) {
      writer.beginObject()
      writer.member("id", id)
      writer.member("extension", self.extension)
      writer.member("modifierExtension", modifierExtension)
      writer.member("mode", mode)
      writer.member("score", score)
      writer.members(unknown)
      writer.endObject()
    }
  }

  /// `Bundle.entry.request`: the HTTP request of a transaction or batch entry.
  public struct Request: FHIRCodable {
    /// Unique id of this element, for references inside the resource (`Element.id`).
    public var id: String?
    /// Additional content defined by implementations (`extension`, 0..*).
    public var `extension`: [Extension] = []
    /// Extensions a reader must understand: they change the meaning of this element (`modifierExtension`, 0..*).
    public var modifierExtension: [Extension] = []
    /// `GET | POST | PUT | DELETE` (required).
    public var method: Primitive<FHIRCode>?
    /// Required.
    public var url: Primitive<FHIRURI>?
    /// For managing cache currency: read only if the ETag does not match (`Bundle.entry.request.ifNoneMatch`).
    public var ifNoneMatch: Primitive<FHIRString>?
    /// For managing cache currency: read only if modified since this time (`Bundle.entry.request.ifModifiedSince`).
    public var ifModifiedSince: Primitive<FHIRInstant>?
    /// For managing update contention: the ETag the server must match (`Bundle.entry.request.ifMatch`).
    public var ifMatch: Primitive<FHIRString>?
    /// For conditional creates: the search query that must find nothing (`Bundle.entry.request.ifNoneExist`).
    public var ifNoneExist: Primitive<FHIRString>?
    /// Members the model does not know, in document order.
    public var unknown = JSONObject()

    static let methods: Set<String> = ["GET", "POST", "PUT", "DELETE"]

    /// A `Request` with the given members; the others stay absent.
    public init(method: Primitive<FHIRCode>? = nil, url: Primitive<FHIRURI>? = nil) {
      self.method = method
      self.url = url
    }

    /// Decodes a `Request` from the tokens at `index`, recording issues in `decoder`; `nil` if nothing decodes.
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
        case "method": try decoder.code(&method, at: value, in: Self.methods)
        case "_method": try decoder.primitiveElement(&method, member, keeping: &unknown)
        case "url": try decoder.primitive(&url, at: value)
        case "_url": try decoder.primitiveElement(&url, member, keeping: &unknown)
        case "ifNoneMatch": try decoder.primitive(&ifNoneMatch, at: value)
        case "_ifNoneMatch": try decoder.primitiveElement(&ifNoneMatch, member, keeping: &unknown)
        case "ifModifiedSince": try decoder.primitive(&ifModifiedSince, at: value)
        case "_ifModifiedSince": try decoder.primitiveElement(&ifModifiedSince, member, keeping: &unknown)
        case "ifMatch": try decoder.primitive(&ifMatch, at: value)
        case "_ifMatch": try decoder.primitiveElement(&ifMatch, member, keeping: &unknown)
        case "ifNoneExist": try decoder.primitive(&ifNoneExist, at: value)
        case "_ifNoneExist": try decoder.primitiveElement(&ifNoneExist, member, keeping: &unknown)
        default: try decoder.keepUnknown(member, in: &unknown)
        }
      }
      if method == nil { try decoder.recordMissing("method", in: index) }
      if url == nil { try decoder.recordMissing("url", in: index) }
      return true
    }

    /// Writes the `Request` as one JSON object, members in the specification's order, unknown members last.
    public func encode(to writer: inout JSONWriter) {
      writer.beginObject()
      writer.member("id", id)
      writer.member("extension", self.extension)
      writer.member("modifierExtension", modifierExtension)
      writer.member("method", method)
      writer.member("url", url)
      writer.member("ifNoneMatch", ifNoneMatch)
      writer.member("ifModifiedSince", ifModifiedSince)
      writer.member("ifMatch", ifMatch)
      writer.member("ifNoneExist", ifNoneExist)
      writer.members(unknown)
      writer.endObject()
    }
  }

  /// `Bundle.entry.response`: the outcome of a transaction or batch entry.
  public struct Response: FHIRCodable {
    /// Unique id of this element, for references inside the resource (`Element.id`).
    public var id: String?
    /// Additional content defined by implementations (`extension`, 0..*).
    public var `extension`: [Extension] = []
    /// Extensions a reader must understand: they change the meaning of this element (`modifierExtension`, 0..*).
    public var modifierExtension: [Extension] = []
    /// The HTTP status code and optional text (required).
    public var status: Primitive<FHIRString>?
    /// The location header created by processing this operation (`Bundle.entry.response.location`).
    public var location: Primitive<FHIRURI>?
    /// The ETag for the resource, if the operation produced a version (`Bundle.entry.response.etag`).
    public var etag: Primitive<FHIRString>?
    /// Server's date-time modified (`Bundle.entry.response.lastModified`).
    public var lastModified: Primitive<FHIRInstant>?
    /// Members the model does not know, in document order.
    public var unknown = JSONObject()

    /// A `Response` with the given members; the others stay absent.
    public init(status: Primitive<FHIRString>? = nil) {
      self.status = status
    }

    /// Decodes a `Response` from the tokens at `index`, recording issues in `decoder`; `nil` if nothing decodes.
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
        case "status": try decoder.primitive(&status, at: value)
        case "_status": try decoder.primitiveElement(&status, member, keeping: &unknown)
        case "location": try decoder.primitive(&location, at: value)
        case "_location": try decoder.primitiveElement(&location, member, keeping: &unknown)
        case "etag": try decoder.primitive(&etag, at: value)
        case "_etag": try decoder.primitiveElement(&etag, member, keeping: &unknown)
        case "lastModified": try decoder.primitive(&lastModified, at: value)
        case "_lastModified": try decoder.primitiveElement(&lastModified, member, keeping: &unknown)
        default: try decoder.keepUnknown(member, in: &unknown)
        }
      }
      if status == nil { try decoder.recordMissing("status", in: index) }
      return true
    }

    /// Writes the `Response` as one JSON object, members in the specification's order, unknown members last.
    public func encode(to writer: inout JSONWriter) {
      writer.beginObject()
      writer.member("id", id)
      writer.member("extension", self.extension)
      writer.member("modifierExtension", modifierExtension)
      writer.member("status", status)
      writer.member("location", location)
      writer.member("etag", etag)
      writer.member("lastModified", lastModified)
      writer.members(unknown)
      writer.endObject()
    }
  }
}

public import FHIRCore
public import FHIRJSON

/// R4 `Attachment`: data inline or by URL.
public struct Attachment: FHIRCodable {
  /// Unique id of this element, for references inside the resource (`Element.id`).
  public var id: String?
  /// Additional content defined by implementations (`extension`, 0..*).
  public var `extension`: [Extension] = []
  /// MIME type of the content, with charset etc. (e.g. `application/pdf`) (`Attachment.contentType`).
  public var contentType: Primitive<FHIRCode>?
  /// Human language of the content (BCP-47) (`Attachment.language`).
  public var language: Primitive<FHIRCode>?
  /// The data inline, base64-encoded (`Attachment.data`).
  public var data: Primitive<FHIRBase64Binary>?
  /// URI where the data can be found (`Attachment.url`).
  public var url: Primitive<FHIRURI>?
  /// Number of bytes of content (before base64 encoding) (`Attachment.size`).
  public var size: Primitive<FHIRUnsignedInt>?
  /// SHA-1 hash of the data, base64-encoded (`Attachment.hash`).
  public var hash: Primitive<FHIRBase64Binary>?
  /// Label to display in place of the data (`Attachment.title`).
  public var title: Primitive<FHIRString>?
  /// Date the attachment was first created (`Attachment.creation`).
  public var creation: Primitive<FHIRDateTime>?
  /// Members the model does not know, in document order.
  public var unknown = JSONObject()

  /// An empty `Attachment`: every member absent, every list empty.
  public init() {}

  /// Decodes an `Attachment` from the tokens at `index`, recording issues in `decoder`; `nil` if nothing decodes.
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
      case "contentType": try decoder.primitive(&contentType, at: value)
      case "_contentType": try decoder.primitiveElement(&contentType, member, keeping: &unknown)
      case "language": try decoder.primitive(&language, at: value)
      case "_language": try decoder.primitiveElement(&language, member, keeping: &unknown)
      case "data": try decoder.primitive(&data, at: value)
      case "_data": try decoder.primitiveElement(&data, member, keeping: &unknown)
      case "url": try decoder.primitive(&url, at: value)
      case "_url": try decoder.primitiveElement(&url, member, keeping: &unknown)
      case "size": try decoder.primitive(&size, at: value)
      case "_size": try decoder.primitiveElement(&size, member, keeping: &unknown)
      case "hash": try decoder.primitive(&hash, at: value)
      case "_hash": try decoder.primitiveElement(&hash, member, keeping: &unknown)
      case "title": try decoder.primitive(&title, at: value)
      case "_title": try decoder.primitiveElement(&title, member, keeping: &unknown)
      case "creation": try decoder.primitive(&creation, at: value)
      case "_creation": try decoder.primitiveElement(&creation, member, keeping: &unknown)
      default: try decoder.keepUnknown(member, in: &unknown)
      }
    }
    return true
  }

  /// Writes the `Attachment` as one JSON object, members in the specification's order, unknown members last.
  public func encode(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.member("id", id)
    writer.member("extension", self.extension)
    writer.member("contentType", contentType)
    writer.member("language", language)
    writer.member("data", data)
    writer.member("url", url)
    writer.member("size", size)
    writer.member("hash", hash)
    writer.member("title", title)
    writer.member("creation", creation)
    writer.members(unknown)
    writer.endObject()
  }
}

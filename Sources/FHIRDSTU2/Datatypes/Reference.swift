public import FHIRCore
public import FHIRJSON

/// DSTU2 `Reference`: a link to another resource, by URL and/or display text
/// (DSTU2 has no `type` or `identifier` here).
public struct Reference: FHIRCodable {
  /// Unique id of this element, for references inside the resource (`Element.id`).
  public var id: String?
  /// Additional content defined by implementations (`extension`, 0..*).
  public var `extension`: [Extension] = []
  /// `Type/id`, an absolute URL, `urn:uuid:…` or `#contained-id`.
  public var reference: Primitive<FHIRString>?
  /// Text alternative for the resource (`Reference.display`).
  public var display: Primitive<FHIRString>?
  /// Members the model does not know, in document order.
  public var unknown = JSONObject()

  /// A `Reference` with the given members; the others stay absent.
  public init(reference: Primitive<FHIRString>? = nil, display: Primitive<FHIRString>? = nil) {
    self.reference = reference
    self.display = display
  }

  /// Decodes a `Reference` from the tokens at `index`, recording issues in `decoder`; `nil` if nothing decodes.
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
      case "reference": try decoder.primitive(&reference, at: value)
      case "_reference": try decoder.primitiveElement(&reference, member, keeping: &unknown)
      case "display": try decoder.primitive(&display, at: value)
      case "_display": try decoder.primitiveElement(&display, member, keeping: &unknown)
      default: try decoder.keepUnknown(member, in: &unknown)
      }
    }
    return true
  }

  /// Writes the `Reference` as one JSON object, members in the specification's order, unknown members last.
  public func encode(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.member("id", id)
    writer.member("extension", self.extension)
    writer.member("reference", reference)
    writer.member("display", display)
    writer.members(unknown)
    writer.endObject()
  }
}

public import FHIRCore
public import FHIRJSON

/// R4 `Signature`: an electronic or graphical signature, with who signed and when.
public struct Signature: FHIRCodable {
  /// Unique id of this element, for references inside the resource (`Element.id`).
  public var id: String?
  /// Additional content defined by implementations (`extension`, 0..*).
  public var `extension`: [Extension] = []
  /// Why the signature was made (at least one).
  public var type: [Coding] = []
  /// When the signature was made (required).
  public var when: Primitive<FHIRInstant>?
  /// Who signed (required).
  public var who: Reference?
  /// On whose behalf the signer signed.
  public var onBehalfOf: Reference?
  /// The media type of what was signed.
  public var targetFormat: Primitive<FHIRCode>?
  /// The media type of the signature.
  public var sigFormat: Primitive<FHIRCode>?
  /// The signature itself.
  public var data: Primitive<FHIRBase64Binary>?
  /// Members the model does not know, in document order.
  public var unknown = JSONObject()

  /// A `Signature` with the given members; the others stay absent.
  public init(type: [Coding] = [], when: Primitive<FHIRInstant>? = nil, who: Reference? = nil) {
    self.type = type
    self.when = when
    self.who = who
  }

  /// Decodes a `Signature` from the tokens at `index`, recording issues in `decoder`; `nil` if nothing decodes.
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
      case "type": type = try decoder.array(of: Coding.self, member, keeping: &unknown)
      case "when": try decoder.primitive(&when, at: value)
      case "_when": try decoder.primitiveElement(&when, member, keeping: &unknown)
      case "who": who = try decoder.single(Reference.self, member, keeping: &unknown)
      case "onBehalfOf": onBehalfOf = try decoder.single(Reference.self, member, keeping: &unknown)
      case "targetFormat": try decoder.primitive(&targetFormat, at: value)
      case "_targetFormat": try decoder.primitiveElement(&targetFormat, member, keeping: &unknown)
      case "sigFormat": try decoder.primitive(&sigFormat, at: value)
      case "_sigFormat": try decoder.primitiveElement(&sigFormat, member, keeping: &unknown)
      case "data": try decoder.primitive(&data, at: value)
      case "_data": try decoder.primitiveElement(&data, member, keeping: &unknown)
      default: try decoder.keepUnknown(member, in: &unknown)
      }
    }
    if type.isEmpty { try decoder.recordMissing("type", in: index) }
    if when == nil { try decoder.recordMissing("when", in: index) }
    if who == nil { try decoder.recordMissing("who", in: index) }
    return true
  }

  /// Writes the `Signature` as one JSON object, members in the specification's order, unknown members last.
  public func encode(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.member("id", id)
    writer.member("extension", self.extension)
    writer.member("type", type)
    writer.member("when", when)
    writer.member("who", who)
    writer.member("onBehalfOf", onBehalfOf)
    writer.member("targetFormat", targetFormat)
    writer.member("sigFormat", sigFormat)
    writer.member("data", data)
    writer.members(unknown)
    writer.endObject()
  }
}

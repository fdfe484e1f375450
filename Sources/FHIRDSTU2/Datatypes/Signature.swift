public import FHIRCore
public import FHIRJSON

/// DSTU2 `Signature`: an electronic signature, with who signed, when and why.
public struct Signature: FHIRCodable {
  /// Unique id of this element, for references inside the resource (`Element.id`).
  public var id: String?
  /// Additional content defined by implementations (`extension`, 0..*).
  public var `extension`: [Extension] = []
  /// Why the signature was made (at least one).
  public var type: [Coding] = []
  /// When it was signed (required).
  public var when: Primitive<FHIRInstant>?
  /// Who signed (required).
  public var who: Who?
  /// The technical format of the signature.
  public var contentType: Primitive<FHIRCode>?
  /// The signature itself.
  public var blob: Primitive<FHIRBase64Binary>?
  /// Members the model does not know, in document order.
  public var unknown = JSONObject()

  /// An empty `Signature`: every member absent, every list empty.
  public init() {}

  /// `Signature.who[x]`: `uri | Reference(Practitioner | RelatedPerson | Patient | Device | Organization)`.
  public enum Who: ChoiceType {
    /// `whoUri`: the `Signature.who[x]` choice as a `uri`.
    case uri(Primitive<FHIRURI>)
    /// `whoReference`: the `Signature.who[x]` choice as a `Reference`.
    case reference(Reference)

    /// The types this choice allows, by the suffix their key carries.
    public static let choices = ChoiceTable<Who>([
      ChoiceTable.primitive("Uri", Who.uri, { if case .uri(let p) = $0 { p } else { nil } }),
      ChoiceTable.complex("Reference", Who.reference),
    ])

    /// The suffix of the chosen type in the JSON key (`Quantity` in `valueQuantity`).
    public var typeSuffix: String {
      switch self {
      case .uri: "Uri"
      case .reference: "Reference"
      }
    }

    /// Writes `name` plus the chosen type's suffix (and `_name…` for a primitive with extensions).
    public func encode(name: String, to writer: inout JSONWriter) {
      switch self {
      case .uri(let p): writer.member(name + typeSuffix, p)
      case .reference(let value): writer.member(name + typeSuffix, value)
      }
    }
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
      let key = decoder.key(member)
      switch key {
      case "id": id = try decoder.string(member, keeping: &unknown)
      case "extension": self.extension = try decoder.array(of: Extension.self, member, keeping: &unknown)
      case "type": type = try decoder.array(of: Coding.self, member, keeping: &unknown)
      case "when": try decoder.primitive(&when, at: value)
      case "_when": try decoder.primitiveElement(&when, member, keeping: &unknown)
      case "contentType": try decoder.primitive(&contentType, at: value)
      case "_contentType": try decoder.primitiveElement(&contentType, member, keeping: &unknown)
      case "blob": try decoder.primitive(&blob, at: value)
      case "_blob": try decoder.primitiveElement(&blob, member, keeping: &unknown)
      default:
        if try decoder.choice(&who, name: "who", key: key, member: member, keeping: &unknown) { continue }
        try decoder.keepUnknown(member, in: &unknown)
      }
    }
    if type.isEmpty { try decoder.recordMissing("type", in: index) }
    if when == nil { try decoder.recordMissing("when", in: index) }
    if who == nil { try decoder.recordMissing("who[x]", in: index) }
    return true
  }

  /// Writes the `Signature` as one JSON object, members in the specification's order, unknown members last.
  public func encode(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.member("id", id)
    writer.member("extension", self.extension)
    writer.member("type", type)
    writer.member("when", when)
    who?.encode(name: "who", to: &writer)
    writer.member("contentType", contentType)
    writer.member("blob", blob)
    writer.members(unknown)
    writer.endObject()
  }
}

public import FHIRCore
public import FHIRJSON

/// R4 `CodeableConcept`: codings and/or text for one concept.
public struct CodeableConcept: FHIRCodable {
  /// Unique id of this element, for references inside the resource (`Element.id`).
  public var id: String?
  /// Additional content defined by implementations (`extension`, 0..*).
  public var `extension`: [Extension] = []
  /// Codes from terminology systems that mean the same concept (`CodeableConcept.coding`, 0..*).
  public var coding: [Coding] = []
  /// Plain text meaning of the concept, as entered or chosen by the user (`CodeableConcept.text`).
  public var text: Primitive<FHIRString>?
  /// Members the model does not know, in document order.
  public var unknown = JSONObject()

  /// A `CodeableConcept` with the given members; the others stay absent.
  public init(coding: [Coding] = [], text: Primitive<FHIRString>? = nil) {
    self.coding = coding
    self.text = text
  }

  /// Decodes a `CodeableConcept` from the tokens at `index`, recording issues in `decoder`; `nil` if nothing decodes.
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
      case "coding": coding = try decoder.array(of: Coding.self, member, keeping: &unknown)
      case "text": try decoder.primitive(&text, at: value)
      case "_text": try decoder.primitiveElement(&text, member, keeping: &unknown)
      default: try decoder.keepUnknown(member, in: &unknown)
      }
    }
    return true
  }

  /// Writes the `CodeableConcept` as one JSON object, members in the specification's order, unknown members last.
  public func encode(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.member("id", id)
    writer.member("extension", self.extension)
    writer.member("coding", coding)
    writer.member("text", text)
    writer.members(unknown)
    writer.endObject()
  }
}

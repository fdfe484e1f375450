public import FHIRCore
public import FHIRJSON

/// DSTU2 `CodeableConcept`: codings and/or text for one concept.
public struct CodeableConcept: FHIRCodable {
  public var id: String?
  public var `extension`: [Extension] = []
  public var coding: [Coding] = []
  public var text: Primitive<FHIRString>?
  /// Members the model does not know, in document order.
  public var unknown = JSONObject()

  public init(coding: [Coding] = [], text: Primitive<FHIRString>? = nil) {
    self.coding = coding
    self.text = text
  }

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

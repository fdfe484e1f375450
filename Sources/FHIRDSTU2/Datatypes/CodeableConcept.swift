public import FHIRCore
public import FHIRJSON

/// DSTU2 `CodeableConcept`: codings and/or text for one concept.
public struct CodeableConcept: FHIRCodable {
  public var id: String?
  public var `extension`: [Extension] = []
  public var coding: [Coding] = []
  public var text: Primitive<FHIRString>?
  /// Members the model does not know, in document order.
  public var unknown: JSONObject = [:]

  public init(coding: [Coding] = [], text: Primitive<FHIRString>? = nil) {
    self.coding = coding
    self.text = text
  }

  public init?(from decoder: inout FHIRDecoder, at index: Int) throws {
    guard var members = try decoder.members(ofObjectAt: index) else { return nil }
    while let member = decoder.nextMember(&members) {
      let value = member.valueIndex
      switch decoder.key(member) {
      case "id": id = try decoder.string(at: value)
      case "extension": self.extension = try decoder.array(of: Extension.self, at: value)
      case "coding": coding = try decoder.array(of: Coding.self, at: value)
      case "text": try decoder.primitive(&text, at: value)
      case "_text": try decoder.primitiveElement(&text, at: value)
      default: try decoder.keepUnknown(member, in: &unknown)
      }
    }
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

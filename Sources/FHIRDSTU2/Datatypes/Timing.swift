public import FHIRCore
public import FHIRJSON

/// DSTU2 `Timing`: when an event happens — given times, a repeating pattern and/or a code.
public struct Timing: FHIRCodable {
  public var id: String?
  public var `extension`: [Extension] = []
  /// When the event occurs.
  public var event: [Primitive<FHIRDateTime>] = []
  /// How the event repeats.
  public var `repeat`: Repeat?
  /// `QD | BID | TID | …` (preferred binding, not checked).
  public var code: CodeableConcept?
  /// Members the model does not know, in document order.
  public var unknown: JSONObject = [:]

  public init() {}

  public init?(from decoder: inout FHIRDecoder, at index: Int) throws {
    guard var members = try decoder.members(ofObjectAt: index) else { return nil }
    while let member = decoder.nextMember(&members) {
      let value = member.valueIndex
      switch decoder.key(member) {
      case "id": id = try decoder.string(at: value)
      case "extension": self.extension = try decoder.array(of: Extension.self, at: value)
      case "event": try decoder.primitives(&event, at: value)
      case "_event": try decoder.primitiveElements(&event, at: value)
      case "repeat": self.repeat = try decoder.single(Repeat.self, at: value)
      case "code": code = try decoder.single(CodeableConcept.self, at: value)
      default: try decoder.keepUnknown(member, in: &unknown)
      }
    }
  }

  public func encode(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.member("id", id)
    writer.member("extension", self.extension)
    writer.member("event", event)
    writer.member("repeat", self.repeat)
    writer.member("code", code)
    writer.members(unknown)
    writer.endObject()
  }
}

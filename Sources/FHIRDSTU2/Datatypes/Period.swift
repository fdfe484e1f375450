public import FHIRCore
public import FHIRJSON

/// DSTU2 `Period`: a time range, either end open.
public struct Period: FHIRCodable {
  public var id: String?
  public var `extension`: [Extension] = []
  public var start: Primitive<FHIRDateTime>?
  public var end: Primitive<FHIRDateTime>?
  /// Members the model does not know, in document order.
  public var unknown: JSONObject = [:]

  public init(start: Primitive<FHIRDateTime>? = nil, end: Primitive<FHIRDateTime>? = nil) {
    self.start = start
    self.end = end
  }

  public init?(from decoder: inout FHIRDecoder, at index: Int) throws {
    guard var members = try decoder.members(ofObjectAt: index) else { return nil }
    while let member = decoder.nextMember(&members) {
      let value = member.valueIndex
      switch decoder.key(member) {
      case "id": id = try decoder.string(at: value)
      case "extension": self.extension = try decoder.array(of: Extension.self, at: value)
      case "start": try decoder.primitive(&start, at: value)
      case "_start": try decoder.primitiveElement(&start, at: value)
      case "end": try decoder.primitive(&end, at: value)
      case "_end": try decoder.primitiveElement(&end, at: value)
      default: try decoder.keepUnknown(member, in: &unknown)
      }
    }
  }

  public func encode(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.member("id", id)
    writer.member("extension", self.extension)
    writer.member("start", start)
    writer.member("end", end)
    writer.members(unknown)
    writer.endObject()
  }
}

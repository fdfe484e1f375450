public import FHIRCore
public import FHIRJSON

/// R4 `Period`: a time range, either end open.
public struct Period: FHIRCodable {
  /// Unique id of this element, for references inside the resource (`Element.id`).
  public var id: String?
  /// Additional content defined by implementations (`extension`, 0..*).
  public var `extension`: [Extension] = []
  /// Starting time, with inclusive boundary (`Period.start`).
  public var start: Primitive<FHIRDateTime>?
  /// End time, with inclusive boundary, if not ongoing (`Period.end`).
  public var end: Primitive<FHIRDateTime>?
  /// Members the model does not know, in document order.
  public var unknown = JSONObject()

  /// A `Period` with the given members; the others stay absent.
  public init(start: Primitive<FHIRDateTime>? = nil, end: Primitive<FHIRDateTime>? = nil) {
    self.start = start
    self.end = end
  }

  /// Decodes a `Period` from the tokens at `index`, recording issues in `decoder`; `nil` if nothing decodes.
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
      case "start": try decoder.primitive(&start, at: value)
      case "_start": try decoder.primitiveElement(&start, member, keeping: &unknown)
      case "end": try decoder.primitive(&end, at: value)
      case "_end": try decoder.primitiveElement(&end, member, keeping: &unknown)
      default: try decoder.keepUnknown(member, in: &unknown)
      }
    }
    return true
  }

  /// Writes the `Period` as one JSON object, members in the specification's order, unknown members last.
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

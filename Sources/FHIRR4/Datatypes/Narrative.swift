public import FHIRCore
public import FHIRJSON

/// R4 `Narrative`: the human-readable XHTML summary of a resource.
public struct Narrative: FHIRCodable {
  /// Unique id of this element, for references inside the resource (`Element.id`).
  public var id: String?
  /// Additional content defined by implementations (`extension`, 0..*).
  public var `extension`: [Extension] = []
  /// `generated | extensions | additional | empty` (required).
  public var status: Primitive<FHIRCode>?
  /// The XHTML `div` (required), kept as text.
  public var div: Primitive<FHIRString>?
  /// Members the model does not know, in document order.
  public var unknown = JSONObject()

  static let statuses: Set<String> = ["generated", "extensions", "additional", "empty"]

  /// A `Narrative` with the given members; the others stay absent.
  public init(status: Primitive<FHIRCode>? = nil, div: Primitive<FHIRString>? = nil) {
    self.status = status
    self.div = div
  }

  /// Decodes a `Narrative` from the tokens at `index`, recording issues in `decoder`; `nil` if nothing decodes.
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
      case "status": try decoder.code(&status, at: value, in: Self.statuses)
      case "_status": try decoder.primitiveElement(&status, member, keeping: &unknown)
      case "div": try decoder.primitive(&div, at: value)
      default: try decoder.keepUnknown(member, in: &unknown)
      }
    }
    if status == nil { try decoder.recordMissing("status", in: index) }
    if div == nil { try decoder.recordMissing("div", in: index) }
    return true
  }

  /// Writes the `Narrative` as one JSON object, members in the specification's order, unknown members last.
  public func encode(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.member("id", id)
    writer.member("extension", self.extension)
    writer.member("status", status)
    writer.member("div", div)
    writer.members(unknown)
    writer.endObject()
  }
}

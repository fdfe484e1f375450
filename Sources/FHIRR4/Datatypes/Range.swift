public import FHIRCore
public import FHIRJSON

/// R4 `Range`: a set of values between a low and a high bound, either of which may be open.
public struct Range: FHIRCodable {
  /// Unique id of this element, for references inside the resource (`Element.id`).
  public var id: String?
  /// Additional content defined by implementations (`extension`, 0..*).
  public var `extension`: [Extension] = []
  /// Low limit, inclusive (`Range.low`).
  public var low: SimpleQuantity?
  /// High limit, inclusive (`Range.high`).
  public var high: SimpleQuantity?
  /// Members the model does not know, in document order.
  public var unknown = JSONObject()

  /// A `Range` with the given members; the others stay absent.
  public init(low: SimpleQuantity? = nil, high: SimpleQuantity? = nil) {
    self.low = low
    self.high = high
  }

  /// Decodes a `Range` from the tokens at `index`, recording issues in `decoder`; `nil` if nothing decodes.
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
      switch decoder.key(member) {
      case "id": id = try decoder.string(member, keeping: &unknown)
      case "extension": self.extension = try decoder.array(of: Extension.self, member, keeping: &unknown)
      case "low": low = try decoder.single(Quantity.self, member, keeping: &unknown)
      case "high": high = try decoder.single(Quantity.self, member, keeping: &unknown)
      default: try decoder.keepUnknown(member, in: &unknown)
      }
    }
    return true
  }

  /// Writes the `Range` as one JSON object, members in the specification's order, unknown members last.
  public func encode(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.member("id", id)
    writer.member("extension", self.extension)
    writer.member("low", low)
    writer.member("high", high)
    writer.members(unknown)
    writer.endObject()
  }
}

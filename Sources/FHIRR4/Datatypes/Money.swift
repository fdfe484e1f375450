public import FHIRCore
public import FHIRJSON

/// R4 `Money`: an amount of a currency.
public struct Money: FHIRCodable {
  /// Unique id of this element, for references inside the resource (`Element.id`).
  public var id: String?
  /// Additional content defined by implementations (`extension`, 0..*).
  public var `extension`: [Extension] = []
  /// The amount, with its exact text.
  public var value: Primitive<FHIRDecimal>?
  /// The ISO 4217 currency code.
  public var currency: Primitive<FHIRCode>?
  /// Members the model does not know, in document order.
  public var unknown = JSONObject()

  /// A `Money` with the given members; the others stay absent.
  public init(value: Primitive<FHIRDecimal>? = nil, currency: Primitive<FHIRCode>? = nil) {
    self.value = value
    self.currency = currency
  }

  /// Decodes a `Money` from the tokens at `index`, recording issues in `decoder`; `nil` if nothing decodes.
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
      case "value": try decoder.primitive(&self.value, at: value)
      case "_value": try decoder.primitiveElement(&self.value, member, keeping: &unknown)
      case "currency": try decoder.primitive(&currency, at: value)
      case "_currency": try decoder.primitiveElement(&currency, member, keeping: &unknown)
      default: try decoder.keepUnknown(member, in: &unknown)
      }
    }
    return true
  }

  /// Writes the `Money` as one JSON object, members in the specification's order, unknown members last.
  public func encode(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.member("id", id)
    writer.member("extension", self.extension)
    writer.member("value", value)
    writer.member("currency", currency)
    writer.members(unknown)
    writer.endObject()
  }
}

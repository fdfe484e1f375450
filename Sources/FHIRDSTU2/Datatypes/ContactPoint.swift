public import FHIRCore
public import FHIRJSON

/// DSTU2 `ContactPoint`: a phone number, email address, … .
public struct ContactPoint: FHIRCodable {
  /// Unique id of this element, for references inside the resource (`Element.id`).
  public var id: String?
  /// Additional content defined by implementations (`extension`, 0..*).
  public var `extension`: [Extension] = []
  /// `phone | fax | email | pager | other`.
  public var system: Primitive<FHIRCode>?
  /// The actual contact point details: number, address, URL (`ContactPoint.value`).
  public var value: Primitive<FHIRString>?
  /// `home | work | temp | old | mobile`.
  public var use: Primitive<FHIRCode>?
  /// Preferred order of use, 1 being the highest (`ContactPoint.rank`).
  public var rank: Primitive<FHIRPositiveInt>?
  /// Time period when the contact point was or is in use (`ContactPoint.period`).
  public var period: Period?
  /// Members the model does not know, in document order.
  public var unknown = JSONObject()

  static let systems: Set<String> = ["phone", "fax", "email", "pager", "other"]
  static let uses: Set<String> = ["home", "work", "temp", "old", "mobile"]

  /// A `ContactPoint` with the given members; the others stay absent.
  public init(system: Primitive<FHIRCode>? = nil, value: Primitive<FHIRString>? = nil) {
    self.system = system
    self.value = value
  }

  /// Decodes a `ContactPoint` from the tokens at `index`, recording issues in `decoder`; `nil` if nothing decodes.
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
      case "system": try decoder.code(&system, at: value, in: Self.systems)
      case "_system": try decoder.primitiveElement(&system, member, keeping: &unknown)
      case "value": try decoder.primitive(&self.value, at: value)
      case "_value": try decoder.primitiveElement(&self.value, member, keeping: &unknown)
      case "use": try decoder.code(&use, at: value, in: Self.uses)
      case "_use": try decoder.primitiveElement(&use, member, keeping: &unknown)
      case "rank": try decoder.primitive(&rank, at: value)
      case "_rank": try decoder.primitiveElement(&rank, member, keeping: &unknown)
      case "period": period = try decoder.single(Period.self, member, keeping: &unknown)
      default: try decoder.keepUnknown(member, in: &unknown)
      }
    }
    return true
  }

  /// Writes the `ContactPoint` as one JSON object, members in the specification's order, unknown members last.
  public func encode(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.member("id", id)
    writer.member("extension", self.extension)
    writer.member("system", system)
    writer.member("value", value)
    writer.member("use", use)
    writer.member("rank", rank)
    writer.member("period", period)
    writer.members(unknown)
    writer.endObject()
  }
}
